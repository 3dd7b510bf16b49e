/**
 * What a technician's config change did to the running devices (docs/venue-config.md#device-settings),
 * carried beside the snapshot in the answer of `tech:config:apply` and `tech:config:import` as
 * `configApplied`, so the staff menu can say what is live, what waits for a restart and what an
 * installation setting overrides. Codes and field paths only: the screen writes the sentences.
 */

/** A device the change restarted with its new settings; its status follows on the device events. */
export type RestartedDevice = 'rng' | 'bill-acceptor' | 'key-switch' | 'door-switch';

export interface ConfigApplyOutcome {
  readonly restarted: readonly RestartedDevice[];
  /** Changed fields (dotted paths) that take effect only when the cabinet next starts. */
  readonly atNextStart: readonly string[];
  /** Changed fields that do not take effect while a command-line flag or the environment sets them. */
  readonly overridden: readonly { readonly field: string; readonly by: 'flag' | 'env' }[];
}

/** Fields read once at start-up (the staff session timer is fixed when staff access is created). */
export const FIELDS_APPLIED_AT_START: readonly string[] = ['staff.idleSignOutS', 'journal.criticalCopyPath'];
