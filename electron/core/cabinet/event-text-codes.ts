/**
 * The coded form of an event-log line handed to the journal as words only (`appendEvent(kind, detail, at)`
 * without a message): power-up and shutdown, critical memory, bills, handpays, config changes and staff
 * access write their lines that way. The journal stores the code found here beside the words, so every
 * row written carries a code (docs/cabinet-rules.md#operator-menu-and-key-switch). Each pattern is the
 * exact shape its writer produces (a test writes each through the real cabinet and staff access); an
 * unknown line gets `event-as-written`, whose screen shows the original words marked as such.
 * Writers that know their event pass the message themselves and never come here.
 */
import type { StaffRole } from '../staff/staff-status.ts';
import type { EventMessage, SignOutWhy } from '../model/journal-message.ts';

const ROLE = '(attendant|technician)';

/** "12.50" → 1250 with the currency's two minor digits as formatMinor writes them; null if not an amount. */
function minorOf(text: string): number | null {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!m) return null;
  const value = Number(m[2]) * 100 + Number(m[3]);
  return m[1] ? -value : value;
}

function signOutWhy(reason: string): { why: SignOutWhy; idleS: number | null } {
  const idle = /^no staff request for (\d+) s$/.exec(reason);
  if (idle) return { why: 'idle', idleS: Number(idle[1]) };
  if (reason === 'operator key switch turned off') return { why: 'key-off', idleS: null };
  if (reason === 'signed out at the menu') return { why: 'menu', idleS: null };
  if (new RegExp(`^${ROLE} signed in$`).test(reason)) return { why: 'other-sign-in', idleS: null };
  return { why: 'as-written', idleS: null };
}

function staffMessage(detail: string): EventMessage {
  let m = new RegExp(`^${ROLE} PIN set at first sign-in; \\1 signed in$`).exec(detail);
  if (m) return { code: 'staff-pin-set', role: m[1] as StaffRole };
  m = new RegExp(`^${ROLE} PIN set by the test controls$`).exec(detail);
  if (m) return { code: 'staff-pin-set-by-test', role: m[1] as StaffRole };
  m = new RegExp(`^${ROLE} signed in$`).exec(detail);
  if (m) return { code: 'staff-signed-in', role: m[1] as StaffRole };
  m = new RegExp(`^${ROLE} signed out: (.*)$`).exec(detail);
  if (m) return { code: 'staff-signed-out', role: m[1] as StaffRole, ...signOutWhy(m[2]!) };
  m = new RegExp(`^${ROLE} sign-in refused: locked out until (\\S+)$`).exec(detail);
  if (m) return { code: 'staff-sign-in-refused', role: m[1] as StaffRole, until: m[2]! };
  m = new RegExp(`^${ROLE} sign-in failed: wrong PIN \\((\\d+) in a row\\)(?:; \\1 locked out until (\\S+))?$`).exec(
    detail,
  );
  if (m) {
    const role = m[1] as StaffRole;
    const failures = Number(m[2]);
    return m[3]
      ? { code: 'staff-locked-out', role, failures, until: m[3] }
      : { code: 'staff-wrong-pin', role, failures };
  }
  m = /^operator key switch turned (on|off)$/.exec(detail);
  if (m) return { code: 'key-switch', on: m[1] === 'on' };
  return { code: 'event-as-written' };
}

export function messageOfEventText(kind: string, detail: string): EventMessage {
  let m: RegExpExecArray | null;
  switch (kind) {
    case 'power-up':
      m = /^power-up #(\d+) \(journal schema v(\d+)\)$/.exec(detail);
      if (m) return { code: 'power-up', count: Number(m[1]), schema: Number(m[2]) };
      if (detail === 'power-up (meters unavailable: memory error)') return { code: 'power-up-memory-error' };
      break;
    case 'shutdown':
      if (detail === 'orderly shutdown') return { code: 'shutdown' };
      break;
    case 'memory':
      if (detail === 'critical memory initialised (new journal)') return { code: 'memory-initialised' };
      m = /^critical memory copy ([ab]) rebuilt from copy ([ab]) \(/.exec(detail);
      if (m) return { code: 'memory-copy-rebuilt', copy: m[1] as 'a' | 'b', from: m[2] as 'a' | 'b' };
      break;
    case 'handpay': {
      m = /^handpay #(\d+) of (\S+) created; cabinet locked$/.exec(detail);
      const amountMinor = m ? minorOf(m[2]!) : null;
      if (m && amountMinor !== null) return { code: 'handpay-created', handpayId: Number(m[1]), amountMinor };
      break;
    }
    case 'bill': {
      m = /^note (\S+) \(.*\) credited: /.exec(detail);
      const valueMinor = m ? minorOf(m[1]!) : null;
      if (valueMinor !== null) return { code: 'bill-credited-anomaly', valueMinor };
      break;
    }
    case 'config':
      m = /\(sha256 ([0-9a-f]{16})…\)$/.exec(detail);
      if (m) return { code: 'config-changed', hash: m[1]! };
      break;
    case 'staff':
      return staffMessage(detail);
  }
  return { code: 'event-as-written' };
}
