/** One row of the venue-config audit trail: one changed leaf field (docs/venue-config.md#audit-trail). */
export interface ConfigAuditEntry {
  readonly id: number;
  readonly at: string;
  /** Who changed it: the staff role of the open session, or "venue-file" for a file given at start-up. */
  readonly role: string;
  /** Dotted path, e.g. "limits.spots.tie.maxMinor". */
  readonly field: string;
  /** Canonical JSON of the value ("absent" for a field that did not exist); secrets show only "set"/"not set". */
  readonly oldValue: string;
  readonly newValue: string;
}

export type NewConfigAuditEntry = Omit<ConfigAuditEntry, 'id'> & { readonly configSha256: string };
