/**
 * Main-side staff sessions (docs/cabinet-rules.md#operator-menu-and-key-switch). Pure: the
 * clock, the timer, the PIN hasher and the storage are injected. The session belongs to the
 * cabinet process; the renderer holds no secret that unlocks anything.
 *
 * - The operator key switch and the door switch are inputs set by main (setKey, setDoor).
 * - Sign-in needs the key on; the first sign-in of a role with no PIN yet sets its PIN.
 * - Five wrong PINs lock the role for 15 minutes (lockout.ts), durably.
 * - A session ends on sign-out, when the key turns off, and after `idleSignOutMs` without a
 *   staff request (touch() resets the idle timer).
 * - Every key turn, sign-in, sign-out, failure, lockout and PIN set goes to the event log
 *   with the role, never the PIN.
 */
import { afterFailure, afterSuccess, current, lockedUntil, NO_RECORD, type StaffRoleRecord } from './lockout.ts';
import type { PinHasher } from './pin-hash.ts';
import { StaffError } from './staff-error.ts';
import {
  keySwitchTurned,
  pinSetAtFirstSignIn,
  pinSetByTestControls,
  signedIn,
  signedOut,
  signInRefused,
  wrongPin,
  type SessionEnd,
  type StaffEvent,
} from './staff-event.ts';
import { PIN_PATTERN, STAFF_ROLES, type StaffRole, type StaffStatus } from './staff-status.ts';

/** Where staff records live (electron/storage/staff-store.ts): each write is one transaction with its event. */
export interface StaffStorePort {
  load(): Readonly<Record<StaffRole, StaffRoleRecord>>;
  /** Writes one role's record and its event-log line (words and code) together. */
  save(role: StaffRole, record: StaffRoleRecord, event: StaffEvent, at: string): void;
  /** Writes an event-log line (kind 'staff'), its words and its code. */
  log(event: StaffEvent, at: string): void;
}

/** Calls `fn` after `delayMs`; returns a cancel function. */
export type Schedule = (delayMs: number, fn: () => void) => () => void;

export interface StaffAccessOptions {
  readonly store: StaffStorePort;
  readonly hasher: PinHasher;
  readonly clock: () => Date;
  readonly schedule: Schedule;
  readonly idleSignOutMs: number;
  readonly keyOn?: boolean;
  readonly doorOpen?: boolean;
}

export interface StaffAccess {
  status(): StaffStatus;
  keyOn(): boolean;
  doorOpen(): boolean;
  /** The open session's role (after ending an idle one), or null. */
  session(): StaffRole | null;
  /** A staff request passed the role check: the idle timer starts again. */
  touch(): void;
  setKey(on: boolean): void;
  setDoor(open: boolean): void;
  signIn(role: StaffRole, pin: string): Promise<StaffStatus>;
  /** Ends the open session from the staff menu. */
  signOut(): StaffStatus;
  /** Sets a role's PIN without a sign-in (the browser host's test control; journaled). */
  setPin(role: StaffRole, pin: string): Promise<void>;
  subscribe(listener: (status: StaffStatus) => void): () => void;
  /** Stops the idle timer. */
  close(): void;
}

interface OpenSession {
  readonly role: StaffRole;
  readonly since: string;
  lastActivityMs: number;
}

export function createStaffAccess(options: StaffAccessOptions): StaffAccess {
  const { store, hasher, clock, schedule, idleSignOutMs } = options;
  const records = new Map<StaffRole, StaffRoleRecord>();
  const loaded = store.load();
  for (const role of STAFF_ROLES) records.set(role, loaded[role] ?? NO_RECORD);
  let keyOn = options.keyOn ?? false;
  let doorOpen = options.doorOpen ?? false;
  let session: OpenSession | null = null;
  let cancelTimer: () => void = () => undefined;
  const listeners = new Set<(status: StaffStatus) => void>();
  // Sign-ins run one at a time, so a burst of attempts can never get past the fifth failure.
  let queue: Promise<unknown> = Promise.resolve();

  const at = (): string => clock().toISOString();
  const record = (role: StaffRole): StaffRoleRecord => records.get(role) ?? NO_RECORD;

  function status(): StaffStatus {
    const now = clock();
    const roles = {} as Record<StaffRole, StaffStatus['roles'][StaffRole]>;
    for (const role of STAFF_ROLES) {
      const r = current(record(role), now);
      roles[role] = { pinSet: r.pinHash !== null, lockedUntil: lockedUntil(r, now), failures: r.failures };
    }
    return {
      keyOn,
      doorOpen,
      session: session
        ? {
            role: session.role,
            since: session.since,
            signOutAt: new Date(session.lastActivityMs + idleSignOutMs).toISOString(),
          }
        : null,
      roles,
    };
  }

  function notify(): void {
    const snapshot = status();
    for (const listener of [...listeners]) {
      try {
        listener(snapshot);
      } catch {
        // a listener's bug must not stop staff access
      }
    }
  }

  function arm(): void {
    cancelTimer();
    cancelTimer = () => undefined;
    if (!session) return;
    const delay = Math.max(0, session.lastActivityMs + idleSignOutMs - clock().getTime());
    cancelTimer = schedule(delay, () => {
      if (expireIdle()) notify();
      else arm();
    });
  }

  /** Ends an idle session; true when it did. */
  function expireIdle(): boolean {
    if (!session || clock().getTime() < session.lastActivityMs + idleSignOutMs) return false;
    end({ why: 'idle', idleS: Math.round(idleSignOutMs / 1000) });
    return true;
  }

  function end(ending: SessionEnd): void {
    if (!session) return;
    const { role } = session;
    session = null;
    cancelTimer();
    cancelTimer = () => undefined;
    store.log(signedOut(role, ending), at());
  }

  function save(role: StaffRole, next: StaffRoleRecord, event: StaffEvent): void {
    store.save(role, next, event, at());
    records.set(role, next);
  }

  function requireKey(): void {
    if (!keyOn) throw new StaffError('key-off', 'staff sign-in needs the operator key switch turned on');
  }

  async function attempt(role: StaffRole, pin: string): Promise<StaffStatus> {
    requireKey();
    if (!PIN_PATTERN.test(pin)) throw new StaffError('wrong-pin', 'a PIN is 4 to 8 digits');
    const before = current(record(role), clock());
    const locked = lockedUntil(before, clock());
    if (locked !== null) {
      store.log(signInRefused(role, locked), at());
      throw new StaffError('locked-out', `${role} sign-in is locked until ${locked} after 5 wrong PINs`, locked);
    }
    let event: StaffEvent;
    let next: StaffRoleRecord;
    if (before.pinHash === null) {
      next = afterSuccess(before, await hasher.hash(pin));
      event = pinSetAtFirstSignIn(role);
    } else {
      const good = await hasher.verify(pin, before.pinHash);
      requireKey(); // the key may have turned off while the PIN was checked
      if (!good) {
        const failed = afterFailure(before, clock());
        const until = failed.lockedUntil;
        save(role, failed, wrongPin(role, failed.failures, until));
        notify();
        if (until) throw new StaffError('locked-out', `wrong PIN: ${role} sign-in is locked until ${until}`, until);
        throw new StaffError('wrong-pin', `wrong PIN for ${role}`);
      }
      next = afterSuccess(before, before.pinHash);
      event = signedIn(role);
    }
    requireKey();
    if (session) end({ why: 'other-sign-in', by: role });
    save(role, next, event);
    session = { role, since: at(), lastActivityMs: clock().getTime() };
    arm();
    notify();
    return status();
  }

  return {
    status,
    keyOn: () => keyOn,
    doorOpen: () => doorOpen,
    session() {
      if (expireIdle()) notify();
      return session?.role ?? null;
    },
    touch() {
      if (!session || expireIdle()) return;
      session.lastActivityMs = clock().getTime();
      arm();
      notify();
    },
    setKey(on) {
      if (on === keyOn) return;
      keyOn = on;
      store.log(keySwitchTurned(on), at());
      if (!on) end({ why: 'key-off' });
      notify();
    },
    setDoor(open) {
      if (open === doorOpen) return;
      doorOpen = open;
      notify();
    },
    signIn(role, pin) {
      const run = queue.then(() => attempt(role, pin));
      queue = run.catch(() => undefined);
      return run;
    },
    signOut() {
      if (session) {
        end({ why: 'menu' });
        notify();
      }
      return status();
    },
    async setPin(role, pin) {
      const hash = await hasher.hash(pin);
      save(role, afterSuccess(record(role), hash), pinSetByTestControls(role));
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close() {
      cancelTimer();
      cancelTimer = () => undefined;
      listeners.clear();
    },
  };
}
