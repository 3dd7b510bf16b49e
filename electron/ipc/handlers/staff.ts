/**
 * The staff menu's session and its actions at the table, main side: status, sign-in and sign-out, the meters,
 * paying a handpay, clearing a tilt, the RAM clear and the roads reset. The router has checked the role, the
 * money rule and the payload; the cabinet records who did what (docs/cabinet-rules.md#operator-menu-and-key-switch).
 */
import type { Cabinet } from '../../core/cabinet/cabinet-api.ts';
import type { StaffRole } from '../../core/staff/staff-status.ts';
import type { ChannelHandlers } from '../channel-group.ts';
import type { ProductionTable } from '../contract.ts';
import type { RouterServices } from '../router-services.ts';

type StaffChannels = Pick<
  ChannelHandlers<ProductionTable>,
  | 'staff:status'
  | 'staff:sign-in'
  | 'staff:sign-out'
  | 'tech:meters'
  | 'tech:clear-handpay'
  | 'tech:clear-tilt'
  | 'tech:ram-clear'
  | 'tech:roads:reset'
>;

export function staffHandlers(cabinet: Cabinet, services: RouterServices): StaffChannels {
  const { staff } = services;
  /** The open session's role; the role check already ran, so a session is open. */
  const signedIn = (): StaffRole => {
    const role = staff.session();
    if (role === null) throw new Error('a staff handler ran without a session');
    return role;
  };
  return {
    'staff:status': () => staff.status(),
    'staff:sign-in': (r) => staff.signIn(r.role, r.pin),
    'staff:sign-out': () => staff.signOut(),
    'tech:meters': () => cabinet.meters(),
    'tech:clear-handpay': () => {
      cabinet.clearHandpay(signedIn());
      return cabinet.snapshot();
    },
    'tech:clear-tilt': (r) => {
      cabinet.clearTilt(r.kind, r.source, { by: signedIn(), doorOpen: staff.doorOpen() });
      return cabinet.snapshot();
    },
    'tech:ram-clear': () => {
      cabinet.ramClear();
      return cabinet.snapshot();
    },
    'tech:roads:reset': () => {
      cabinet.resetRoads();
      return cabinet.snapshot();
    },
  };
}
