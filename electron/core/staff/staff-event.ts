/**
 * The event-log lines of staff access (docs/cabinet-rules.md#operator-menu-and-key-switch), each built
 * as its code and its words together so the two always say the same thing: the staff menu words the
 * code in the technician's language, the words stay in the journal as the row's original text. A line
 * names the role, never the PIN.
 */
import type { EventMessage } from '../model/journal-message.ts';
import type { StaffRole } from './staff-status.ts';

/** One staff event-log line: its original words and its coded form. */
export interface StaffEvent {
  readonly detail: string;
  readonly message: EventMessage;
}

/** What ended a staff session. */
export type SessionEnd =
  | { readonly why: 'menu' }
  | { readonly why: 'idle'; readonly idleS: number }
  | { readonly why: 'key-off' }
  | { readonly why: 'other-sign-in'; readonly by: StaffRole };

function endWords(end: SessionEnd): string {
  switch (end.why) {
    case 'menu':
      return 'signed out at the menu';
    case 'idle':
      return `no staff request for ${end.idleS} s`;
    case 'key-off':
      return 'operator key switch turned off';
    case 'other-sign-in':
      return `${end.by} signed in`;
  }
}

/** A PIN provisioned at the cabinet with the key on (electron/cli/provision.ts). */
export function pinProvisioned(role: StaffRole): StaffEvent {
  return {
    detail: `${role} PIN provisioned at the cabinet with the operator key on`,
    message: { code: 'staff-pin-provisioned', role },
  };
}

/** Only the browser test host's controls set a PIN without a sign-in. */
export function pinSetByTestControls(role: StaffRole): StaffEvent {
  return { detail: `${role} PIN set by the test controls`, message: { code: 'staff-pin-set-by-test', role } };
}

export function signedIn(role: StaffRole): StaffEvent {
  return { detail: `${role} signed in`, message: { code: 'staff-signed-in', role } };
}

export function signedOut(role: StaffRole, end: SessionEnd): StaffEvent {
  return {
    detail: `${role} signed out: ${endWords(end)}`,
    message: { code: 'staff-signed-out', role, why: end.why, idleS: end.why === 'idle' ? end.idleS : null },
  };
}

export function signInRefused(role: StaffRole, until: string): StaffEvent {
  return {
    detail: `${role} sign-in refused: locked out until ${until}`,
    message: { code: 'staff-sign-in-refused', role, until },
  };
}

/** A wrong PIN; `lockedUntil` when it was the failure that locked the role. */
export function wrongPin(role: StaffRole, failures: number, lockedUntil: string | null): StaffEvent {
  const failed = `${role} sign-in failed: wrong PIN (${failures} in a row)`;
  return lockedUntil
    ? {
        detail: `${failed}; ${role} locked out until ${lockedUntil}`,
        message: { code: 'staff-locked-out', role, failures, until: lockedUntil },
      }
    : { detail: failed, message: { code: 'staff-wrong-pin', role, failures } };
}

export function keySwitchTurned(on: boolean): StaffEvent {
  return { detail: `operator key switch turned ${on ? 'on' : 'off'}`, message: { code: 'key-switch', on } };
}
