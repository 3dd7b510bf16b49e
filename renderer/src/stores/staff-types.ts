/**
 * The operator side's shapes as the staff menu reads them: staff status and sessions, structured
 * config-field problems, the venue config as main shows it and the audit trail. Where electron/ipc/contract.ts declares a shape, it is re-exported from there; the
 * rest are declared here once, so the wiring to main is this file and useStaffStore.ts only.
 */
import type { IpcError } from '../../../electron/ipc/contract.ts';

export {
  STAFF_ROLES,
  type StaffRole,
  type StaffRoleStatus,
  type StaffStatus,
} from '../../../electron/core/staff/staff-status.ts';

export const FIELD_RULES = [
  'required',
  'type',
  'integer',
  'min',
  'max',
  'enum',
  'pattern',
  'increasing',
  'unique',
  'relation',
  'unknown-field',
] as const;
export type FieldRule = (typeof FIELD_RULES)[number];

export interface FieldIssue {
  readonly path: string;
  readonly rule: FieldRule;
  readonly limit?: number;
  readonly allowed?: readonly string[];
  readonly other?: string;
}

/** A refusal as the staff screens read it: the contract's IpcError, with the config's field problems. */
export type StaffError = IpcError & { readonly fields?: readonly FieldIssue[] };

/** The venue config as main shows it (secrets as `{ set }`): walked generically by the editor. */
export type ConfigView = { readonly [key: string]: unknown };

export interface ConfigAuditEntry {
  readonly id: number;
  readonly at: string;
  readonly role: string;
  readonly field: string;
  readonly oldValue: unknown;
  readonly newValue: unknown;
}
