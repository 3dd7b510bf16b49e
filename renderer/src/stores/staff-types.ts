/**
 * The operator side's shapes as the staff menu reads them, re-exported from where main declares
 * them (electron/ipc/contract.ts, electron/core/staff/staff-status.ts), plus the editor's own view
 * of a venue config.
 */
import type { IpcError } from '../../../electron/ipc/contract.ts';

export {
  STAFF_ROLES,
  type StaffRole,
  type StaffRoleStatus,
  type StaffStatus,
} from '../../../electron/core/staff/staff-status.ts';

export type { ConfigAuditEntry, FieldIssue } from '../../../electron/ipc/contract.ts';

/** Every rule a FieldIssue can name: the config's own list. */
export { FIELD_RULES } from '../../../electron/core/config/field-issue.ts';

/** A refusal as the staff screens read it: the contract's IpcError (with `until` and `fields`). */
export type StaffError = IpcError;

/** The venue config as main shows it (secrets as `{ set }`): walked generically by the editor. */
export type ConfigView = { readonly [key: string]: unknown };
