/**
 * The event-log rows of staff access (docs/cabinet-rules.md#operator-menu-and-key-switch), each a code with
 * its parameters: the staff menu words it in the technician's language, the exports in English. A row names
 * the role, never the PIN.
 */
import type { EventMessage } from '../model/journal-message.ts';
import type { StaffRole } from './staff-status.ts';

/** One staff event-log row. */
export type StaffEvent = Extract<
  EventMessage,
  {
    code:
      | 'staff-pin-provisioned'
      | 'staff-pin-set-by-test'
      | 'staff-signed-in'
      | 'staff-signed-out'
      | 'staff-sign-in-refused'
      | 'staff-wrong-pin'
      | 'staff-locked-out'
      | 'key-switch';
  }
>;

/** What ended a staff session. */
export type SessionEnd =
  | { readonly why: 'menu' }
  | { readonly why: 'idle'; readonly idleS: number }
  | { readonly why: 'key-off' }
  | { readonly why: 'other-sign-in'; readonly by: StaffRole };

/** A PIN provisioned at the cabinet with the key on (electron/cli/provision.ts). */
export function pinProvisioned(role: StaffRole): StaffEvent {
  return { code: 'staff-pin-provisioned', role };
}

/** Only the browser test host's controls set a PIN without a sign-in. */
export function pinSetByTestControls(role: StaffRole): StaffEvent {
  return { code: 'staff-pin-set-by-test', role };
}

export function signedIn(role: StaffRole): StaffEvent {
  return { code: 'staff-signed-in', role };
}

export function signedOut(role: StaffRole, end: SessionEnd): StaffEvent {
  return {
    code: 'staff-signed-out',
    role,
    why: end.why,
    idleS: end.why === 'idle' ? end.idleS : null,
    by: end.why === 'other-sign-in' ? end.by : null,
  };
}

export function signInRefused(role: StaffRole, until: string): StaffEvent {
  return { code: 'staff-sign-in-refused', role, until };
}

/** A wrong PIN; `lockedUntil` when it was the failure that locked the role. */
export function wrongPin(role: StaffRole, failures: number, lockedUntil: string | null): StaffEvent {
  return lockedUntil
    ? { code: 'staff-locked-out', role, failures, until: lockedUntil }
    : { code: 'staff-wrong-pin', role, failures };
}

export function keySwitchTurned(on: boolean): StaffEvent {
  return { code: 'key-switch', on };
}
