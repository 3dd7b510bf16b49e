/**
 * Main-side staff sessions (docs/cabinet-rules.md#operator-menu-and-key-switch). Pure: the
 * clock, the timer, the PIN hasher and the storage are injected. The session belongs to the
 * cabinet process; the renderer holds no secret that unlocks anything.
 *
 * - The operator key switch and the door switch are inputs set by main (setKey, setDoor).
 * - Sign-in needs the key on and a PIN that came from a trusted path: provisioned into the
 *   journal at the cabinet (electron/cli/provision.ts) or a hash in the venue's installation
 *   file (`installedPins`). A role without one answers `no-pin`; no sign-in ever sets a PIN.
 *   The role's record is read again from the journal at each sign-in, so a PIN provisioned
 *   while the cabinet runs counts at once.
 * - Five wrong PINs lock the role for 15 minutes (lockout.ts). The count is held here as well
 *   as in the journal, so the lockout holds while the journal refuses writes.
 * - A session lives in this process's memory. It ends on sign-out, when the key turns off and
 *   after `idleSignOutMs` without a staff request (touch() resets the idle timer), whether or
 *   not the journal takes the event: an event it refuses is held in order and written at the
 *   next staff write or retry (`retryMs`). No timer callback throws.
 * - Every key turn, sign-in, sign-out, failure, lockout and PIN set goes to the event log
 *   with the role, never the PIN.
 */
import {
  afterFailure,
  afterSuccess,
  current,
  lockedUntil,
  merged,
  NO_RECORD,
  type StaffRoleRecord,
} from './lockout.ts';
import type { PinHasher } from './pin-hash.ts';
import { StaffError } from './staff-error.ts';
import {
  keySwitchTurned,
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

/** How long a staff event the journal refused waits before it is tried again (as the storage-fault retry). */
export const HELD_EVENT_RETRY_MS = 2_000;

export interface StaffAccessOptions {
  readonly store: StaffStorePort;
  readonly hasher: PinHasher;
  readonly clock: () => Date;
  readonly schedule: Schedule;
  readonly idleSignOutMs: number;
  readonly keyOn?: boolean;
  readonly doorOpen?: boolean;
  /** PIN hashes from the venue's installation file, for a role whose journal record holds none. */
  readonly installedPins?: Readonly<Partial<Record<StaffRole, string>>>;
  readonly retryMs?: number;
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
  /** Staff events the journal refused and that wait to be written, oldest first. */
  heldEvents(): readonly StaffEvent[];
  subscribe(listener: (status: StaffStatus) => void): () => void;
  /** Stops the idle timer and the retry, after one last try at writing the held events. */
  close(): void;
}

interface OpenSession {
  readonly role: StaffRole;
  readonly since: string;
  lastActivityMs: number;
}

/** A staff write the journal refused: written, in order, when it takes writes again. */
type HeldWrite =
  | { readonly role: StaffRole; readonly record: StaffRoleRecord; readonly event: StaffEvent; readonly at: string }
  | { readonly role: null; readonly event: StaffEvent; readonly at: string };

export function createStaffAccess(options: StaffAccessOptions): StaffAccess {
  const { store, hasher, clock, schedule, idleSignOutMs } = options;
  const installed = options.installedPins ?? {};
  const retryMs = options.retryMs ?? HELD_EVENT_RETRY_MS;
  const records = new Map<StaffRole, StaffRoleRecord>();
  const withInstalled = (role: StaffRole, r: StaffRoleRecord): StaffRoleRecord =>
    r.pinHash === null && installed[role] !== undefined ? { ...r, pinHash: installed[role] } : r;
  const loaded = store.load();
  for (const role of STAFF_ROLES) records.set(role, withInstalled(role, loaded[role] ?? NO_RECORD));
  let keyOn = options.keyOn ?? false;
  let doorOpen = options.doorOpen ?? false;
  let session: OpenSession | null = null;
  let cancelTimer: () => void = () => undefined;
  let cancelRetry: (() => void) | null = null;
  let closed = false;
  const held: HeldWrite[] = [];
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

  /** A timer's callback: nothing it meets may escape into the event loop and end the process. */
  function guarded(fn: () => void): () => void {
    return () => {
      try {
        fn();
      } catch {
        // Every journal write below is held on failure; this is the last guard for anything else.
      }
    };
  }

  function writeNow(w: HeldWrite): void {
    if (w.role === null) store.log(w.event, w.at);
    else store.save(w.role, w.record, w.event, w.at);
  }

  /** Writes the held events, oldest first; the journal's error when one is still refused, else null. */
  function flush(): unknown {
    while (held.length > 0) {
      try {
        writeNow(held[0]!);
      } catch (error) {
        armRetry();
        return error ?? new Error('the journal refused a staff event');
      }
      held.shift();
    }
    cancelRetry?.();
    cancelRetry = null;
    return null;
  }

  function armRetry(): void {
    if (cancelRetry || closed) return;
    cancelRetry = schedule(
      retryMs,
      guarded(() => {
        cancelRetry = null;
        flush();
      }),
    );
  }

  /** A write that must not wait for the journal (a sign-out, a key turn, a failure): held when refused. */
  function writeOrHold(w: HeldWrite): void {
    if (flush() !== null) {
      held.push(w);
      return;
    }
    try {
      writeNow(w);
    } catch {
      held.push(w);
      armRetry();
    }
  }

  /** A write that must be durable before anyone is told (a sign-in, a PIN set): throws when refused. */
  function writeDurably(w: HeldWrite): void {
    const refused = flush();
    if (refused !== null) throw refused;
    writeNow(w);
  }

  function arm(): void {
    cancelTimer();
    cancelTimer = () => undefined;
    if (!session) return;
    const delay = Math.max(0, session.lastActivityMs + idleSignOutMs - clock().getTime());
    cancelTimer = schedule(
      delay,
      guarded(() => {
        if (expireIdle()) notify();
        else arm();
      }),
    );
  }

  /** Ends an idle session; true when it did. */
  function expireIdle(): boolean {
    if (!session || clock().getTime() < session.lastActivityMs + idleSignOutMs) return false;
    end({ why: 'idle', idleS: Math.round(idleSignOutMs / 1000) });
    return true;
  }

  /** Ends the session in memory first; its event follows, held if the journal refuses it. */
  function end(ending: SessionEnd): void {
    if (!session) return;
    const { role } = session;
    session = null;
    cancelTimer();
    cancelTimer = () => undefined;
    writeOrHold({ role: null, event: signedOut(role, ending), at: at() });
  }

  /** The role's record as the journal has it now, merged with the count held here. */
  function reload(role: StaffRole): StaffRoleRecord {
    let stored: StaffRoleRecord;
    try {
      stored = store.load()[role] ?? NO_RECORD;
    } catch {
      return record(role); // the journal cannot be read: what this process knows still holds
    }
    const next = withInstalled(role, merged(record(role), stored, clock()));
    records.set(role, next);
    return next;
  }

  function requireKey(): void {
    if (!keyOn) throw new StaffError('key-off', 'staff sign-in needs the operator key switch turned on');
  }

  async function attempt(role: StaffRole, pin: string): Promise<StaffStatus> {
    requireKey();
    if (!PIN_PATTERN.test(pin)) throw new StaffError('wrong-pin', 'a PIN is 4 to 8 digits');
    const before = current(reload(role), clock());
    if (before.pinHash === null) {
      throw new StaffError(
        'no-pin',
        `${role} has no PIN: provision one at the cabinet with the key on (npm run provision -- --role ${role})`,
      );
    }
    const locked = lockedUntil(before, clock());
    if (locked !== null) {
      writeOrHold({ role: null, event: signInRefused(role, locked), at: at() });
      throw new StaffError('locked-out', `${role} sign-in is locked until ${locked} after 5 wrong PINs`, locked);
    }
    const good = await hasher.verify(pin, before.pinHash);
    requireKey(); // the key may have turned off while the PIN was checked
    if (!good) {
      // Counted in memory first, so a journal that refuses the write cannot lift the lockout.
      const failed = afterFailure(record(role), clock());
      records.set(role, failed);
      const until = failed.lockedUntil;
      writeOrHold({ role, record: failed, event: wrongPin(role, failed.failures, until), at: at() });
      notify();
      if (until) throw new StaffError('locked-out', `wrong PIN: ${role} sign-in is locked until ${until}`, until);
      throw new StaffError('wrong-pin', `wrong PIN for ${role}`);
    }
    const next = afterSuccess(before, before.pinHash);
    if (session) end({ why: 'other-sign-in', by: role });
    try {
      writeDurably({ role, record: next, event: signedIn(role), at: at() });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new StaffError(
        'not-recorded',
        `the journal refused to record the ${role} sign-in (${why}); it does not count`,
      );
    }
    records.set(role, next);
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
      writeOrHold({ role: null, event: keySwitchTurned(on), at: at() });
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
      const next = afterSuccess(record(role), hash);
      writeDurably({ role, record: next, event: pinSetByTestControls(role), at: at() });
      records.set(role, next);
      notify();
    },
    heldEvents: () => held.map((w) => w.event),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close() {
      closed = true;
      cancelTimer();
      cancelTimer = () => undefined;
      cancelRetry?.();
      cancelRetry = null;
      flush();
      listeners.clear();
    },
  };
}
