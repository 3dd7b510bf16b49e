/**
 * Staff access over an in-memory store, for router, host and renderer tests: the same
 * core (electron/core/staff/staff-access.ts) as main, with cheap scrypt parameters, a
 * settable clock and a timer that runs when the test advances the clock. `pins` stands for
 * PINs provisioned before the test (no sign-in sets one); `refuseWrites` makes the store
 * throw as a journal refusing writes does.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import type { EventMessage } from '../core/model/journal-message.ts';
import type { StaffRoleRecord } from '../core/staff/lockout.ts';
import { createPinHasher } from '../core/staff/pin-hash.ts';
import { createStaffAccess, type StaffAccess, type StaffStorePort } from '../core/staff/staff-access.ts';
import type { StaffRole } from '../core/staff/staff-status.ts';

/** Low-cost scrypt parameters: tests only, never a stored production PIN. */
export const TEST_SCRYPT = { N: 16, r: 1, p: 1 } as const;

export interface MemoryStaffStore extends StaffStorePort {
  readonly records: Map<StaffRole, StaffRoleRecord>;
  /** Each event-log row's code and parameters, in order. */
  readonly messages: EventMessage[];
  /** While true every write throws, as a journal on a full or read-only disk does. */
  refuseWrites: boolean;
}

/** A PIN hash in pin-hash.ts's stored form with the test parameters, made synchronously. */
export function testPinHash(pin: string): string {
  const { N, r, p } = TEST_SCRYPT;
  const salt = randomBytes(16);
  const key = scryptSync(pin, salt, 32, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

function refused(): Error {
  return Object.assign(new Error('disk I/O error'), { code: 'ERR_SQLITE_ERROR', errcode: 10 });
}

export function memoryStaffStore(pins: Partial<Record<StaffRole, string>> = {}): MemoryStaffStore {
  const records = new Map<StaffRole, StaffRoleRecord>();
  for (const [role, pin] of Object.entries(pins) as Array<[StaffRole, string]>) {
    records.set(role, { pinHash: testPinHash(pin), failures: 0, lockedUntil: null });
  }
  const messages: EventMessage[] = [];
  const empty: StaffRoleRecord = { pinHash: null, failures: 0, lockedUntil: null };
  const store: MemoryStaffStore = {
    records,
    messages,
    refuseWrites: false,
    load: () => ({ attendant: records.get('attendant') ?? empty, technician: records.get('technician') ?? empty }),
    save(role, record, event) {
      if (store.refuseWrites) throw refused();
      records.set(role, record);
      messages.push(event);
    },
    log(event) {
      if (store.refuseWrites) throw refused();
      messages.push(event);
    },
  };
  return store;
}

export interface TestStaff {
  readonly staff: StaffAccess;
  readonly store: MemoryStaffStore;
  /** Moves the clock on and runs the timers that are due. */
  advance(ms: number): void;
  now(): Date;
}

export function testStaff(
  options: {
    store?: MemoryStaffStore;
    /** PINs provisioned before the test starts. */
    pins?: Partial<Record<StaffRole, string>>;
    idleSignOutMs?: number;
    keyOn?: boolean;
    start?: Date;
  } = {},
): TestStaff {
  const store = options.store ?? memoryStaffStore(options.pins);
  let nowMs = (options.start ?? new Date('2026-01-01T00:00:00Z')).getTime();
  const timers = new Set<{ at: number; fn: () => void }>();
  const staff = createStaffAccess({
    store,
    hasher: createPinHasher(TEST_SCRYPT),
    clock: () => new Date(nowMs),
    schedule: (delayMs, fn) => {
      const timer = { at: nowMs + delayMs, fn };
      timers.add(timer);
      return () => void timers.delete(timer);
    },
    idleSignOutMs: options.idleSignOutMs ?? 300_000,
    keyOn: options.keyOn ?? false,
  });
  return {
    staff,
    store,
    now: () => new Date(nowMs),
    advance(ms) {
      nowMs += ms;
      for (const timer of [...timers].sort((a, b) => a.at - b.at)) {
        if (timer.at <= nowMs && timers.delete(timer)) timer.fn();
      }
    },
  };
}
