/**
 * What the IPC router (router.ts) needs from main besides the cabinet: staff access, the paytable, the
 * damaged journal and a log of refusals. A file of its own, so the handler groups the router composes
 * name it without importing the router back.
 */
import type { StaffAccess } from '../core/staff/staff-access.ts';
import type { CabinetSnapshot } from '../core/cabinet/cabinet-api.ts';
import type { IpcError, Paytable } from './contract.ts';
import type { JournalDamageService } from './journal-damage-view.ts';
import type { TechnicianViewServices } from './handlers/technician-views.ts';

/** What the router needs of main's staff access (electron/core/staff/staff-access.ts). */
export type RouterStaff = Pick<
  StaffAccess,
  'keyOn' | 'doorOpen' | 'session' | 'touch' | 'status' | 'signIn' | 'signOut' | 'subscribe'
>;

export interface RouterServices extends TechnicianViewServices {
  /** The damaged journal kept aside at start-up (app/journal-damage-service.ts); none: nothing is damaged. */
  readonly journalDamage?: JournalDamageService;
  /** Main's staff access: the key switch, the door switch and the open session, if any. */
  readonly staff: RouterStaff;
  /** The exact paytable for the running profile and limits (the cabinet's counts it on a worker). */
  readonly paytable: (snapshot: CabinetSnapshot) => Paytable | Promise<Paytable>;
  /** Called for every refused or failed request (for the event log / diagnostics). */
  readonly onRefused?: (entry: { channel: string; code: IpcError['code']; message: string; cause?: unknown }) => void;
}
