/**
 * The PIN lockout, as pure functions over one role's record
 * (docs/cabinet-rules.md#operator-menu-and-key-switch): five wrong PINs in a row lock the
 * role for 15 minutes; while locked no PIN is even checked; when the lockout ends the count
 * starts again from zero. A good PIN resets the count. The count is kept in memory as well as in the
 * journal, so a journal that refuses writes cannot lift it: the two are merged, the larger count and the
 * later lockout win (`merged`).
 */

export const MAX_FAILURES = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

/** One role's durable access record (electron/storage/staff-store.ts). */
export interface StaffRoleRecord {
  /** scrypt hash (pin-hash.ts), or null while the role has no provisioned PIN. */
  readonly pinHash: string | null;
  readonly failures: number;
  readonly lockedUntil: string | null;
}

export const NO_RECORD: StaffRoleRecord = { pinHash: null, failures: 0, lockedUntil: null };

/** The lockout end when `record` is locked at `now`, else null. */
export function lockedUntil(record: StaffRoleRecord, now: Date): string | null {
  if (record.lockedUntil === null) return null;
  return Date.parse(record.lockedUntil) > now.getTime() ? record.lockedUntil : null;
}

/** The record as it stands at `now`: an ended lockout is forgotten, with its count. */
export function current(record: StaffRoleRecord, now: Date): StaffRoleRecord {
  if (record.lockedUntil !== null && lockedUntil(record, now) === null) {
    return { pinHash: record.pinHash, failures: 0, lockedUntil: null };
  }
  return record;
}

/** After a wrong PIN at `now`: one more failure, and the lockout at the fifth. */
export function afterFailure(record: StaffRoleRecord, now: Date): StaffRoleRecord {
  const base = current(record, now);
  const failures = base.failures + 1;
  const locked = failures >= MAX_FAILURES ? new Date(now.getTime() + LOCKOUT_MS).toISOString() : null;
  return { pinHash: base.pinHash, failures, lockedUntil: locked };
}

/** After a good PIN: the count starts again. */
export function afterSuccess(record: StaffRoleRecord, pinHash: string): StaffRoleRecord {
  return { pinHash, failures: 0, lockedUntil: null };
}

/** The later of two ISO times, either of which may be null. */
function later(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}

/**
 * The count held in memory merged with the one read back from the journal at `now`: the journal's PIN
 * hash (provisioning writes there while the cabinet runs), the larger failure count and the later
 * lockout, so a wrong PIN the journal could not record still counts.
 */
export function merged(memory: StaffRoleRecord, stored: StaffRoleRecord, now: Date): StaffRoleRecord {
  const m = current(memory, now);
  const s = current(stored, now);
  return {
    pinHash: s.pinHash,
    failures: Math.max(m.failures, s.failures),
    lockedUntil: later(m.lockedUntil, s.lockedUntil),
  };
}
