import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import {
  answers,
  CHANNEL_TABLE,
  CHANNELS,
  TECHNICIAN_CHANNELS,
  type Channel,
  type ChannelTable,
  type IpcError,
  type IpcErrorCode,
  type IpcResult,
  type Paytable,
} from './contract.ts';
import {
  channelGroup,
  createIpcRouter,
  refusal,
  type ChannelGroup,
  type RouterServices,
  type RouterStaff,
} from './router.ts';
import type { ChannelSpec } from './channel-spec.ts';
import type { StaffRole, StaffStatus } from '../core/staff/staff-status.ts';
import { createFakeCabinet, FakeCabinetError } from '../testing/fake-cabinet.ts';
import { MAX_IPC_REQUEST_BYTES } from './payload-size.ts';
import { testStaff } from '../testing/memory-staff.ts';

const PAYTABLE: Paytable = {
  profileId: 'eight-deck-tie-8-to-1',
  decks: 8,
  variant: 'commission',
  sideBets: {},
  spots: {
    player: { probability: 0.4462, rtp: 0.9876, pays: '1:1' },
    banker: { probability: 0.4586, rtp: 0.9894, pays: '0.95:1' },
    tie: { probability: 0.0952, rtp: 0.8564, pays: '8:1' },
  },
  limits: createFakeCabinet().snapshot().limits,
};

/** Staff access reduced to what the role check reads: the key and the open session, set by the test. */
function stubStaff(state: { keyOn: boolean; session: StaffRole | null }): RouterStaff {
  const status = (): StaffStatus => ({
    keyOn: state.keyOn,
    doorOpen: false,
    session: state.session ? { role: state.session, since: 't', signOutAt: 't' } : null,
    roles: {
      attendant: { pinSet: true, lockedUntil: null, failures: 0 },
      technician: { pinSet: true, lockedUntil: null, failures: 0 },
    },
  });
  return {
    keyOn: () => state.keyOn,
    doorOpen: () => false,
    session: () => state.session,
    touch: () => undefined,
    status,
    signIn: () => Promise.resolve(status()),
    signOut: () => status(),
    subscribe: () => () => undefined,
  };
}

function setup(overrides: Partial<RouterServices> = {}, devGroups: readonly ChannelGroup[] = []) {
  const cabinet = createFakeCabinet();
  // By default the key is on and nobody is signed in; permitFor() lets a channel reach its schema.
  const state: { keyOn: boolean; session: StaffRole | null } = { keyOn: true, session: null };
  const refused: string[] = [];
  const router = createIpcRouter(
    cabinet,
    {
      staff: stubStaff(state),
      paytable: () => PAYTABLE,
      onRefused: (entry) => refused.push(`${entry.channel}:${entry.code}`),
      ...overrides,
    },
    devGroups,
  );
  return {
    cabinet,
    router,
    refused,
    state,
    setKey: (on: boolean) => (state.keyOn = on),
    /** Key on, and a technician signed in exactly when the channel is a staff one. */
    permitFor: (channel: Channel) => {
      state.keyOn = true;
      state.session = CHANNEL_TABLE[channel].role === 'player' ? null : 'technician';
    },
  };
}

/** Asserts a refusal with `code` (fails the test on an acceptance) and returns the error. */
function refused(result: IpcResult<unknown>, code: IpcErrorCode): IpcError {
  expect(result).toMatchObject({ ok: false, error: { code } });
  if (result.ok) throw new Error(`expected a refusal with ${code}, got an answer`);
  return result.error;
}

/** A valid payload for each channel, for the role checks. */
const VALID: Record<Channel, unknown> = {
  'cabinet:snapshot': {},
  'bets:place': { spot: 'player', chipMinor: 100 },
  'bets:remove': { spot: 'player', chipMinor: 100 },
  'bets:undo': {},
  'bets:clear': {},
  'round:deal': {},
  'round:rebet': { multiplier: 1 },
  'round:skip': { skip: true },
  'cashout:collect': {},
  'session:reality-check': { answer: 'continue' },
  'paytable:get': {},
  'history:list': { offset: 0, limit: 5 },
  'staff:status': {},
  'staff:sign-in': { role: 'technician', pin: '1234' },
  'staff:sign-out': {},
  'tech:meters': {},
  'tech:meters:export': { format: 'csv' },
  'tech:recall': { limit: 5 },
  'tech:recall:replay': { roundId: 1 },
  'tech:recall:export': {},
  'tech:events': { limit: 5 },
  'tech:events:export': { format: 'json' },
  'tech:archive:export': { part: 'rounds' },
  'tech:diagnostics': {},
  'tech:bill-test-mode': { on: false },
  'tech:clear-handpay': {},
  'tech:clear-tilt': { kind: 'device-fault', source: 'bill-acceptor' },
  'tech:ram-clear': { confirm: 'RAM CLEAR' },
  'tech:roads:reset': {},
  'tech:config:get': {},
  'tech:config:validate': { config: {} },
  'tech:config:apply': { config: {} },
  'tech:config:audit': { limit: 5 },
  'tech:config:export': {},
  'tech:config:import': { json: '{}' },
  'tech:journal-damage': {},
  'tech:journal-damage:export': {},
};

/** Payloads that each channel's schema must refuse. Every channel has at least the generic ones. */
const GENERIC_BAD: unknown[] = [null, 42, 'text', [], true, { unexpected: 1 }];
const CHANNEL_BAD: Record<Channel, unknown[]> = {
  'cabinet:snapshot': [],
  'bets:place': [
    {},
    { spot: 'side', chipMinor: 100 },
    { spot: 'player', chipMinor: 1.5 },
    { spot: 'player', chipMinor: -100 },
    { spot: 'player', chipMinor: 0 },
    { spot: 'player', chipMinor: '100' },
    { spot: 'player', chipMinor: 1e12 },
    { spot: 'player', chipMinor: Number.NaN },
    { spot: 'player', chipMinor: 100, extra: true },
  ],
  'bets:remove': [{ spot: 'PLAYER', chipMinor: 100 }, { spot: 'banker' }, { spot: 'tie', chipMinor: 0.01 }],
  'bets:undo': [{ all: true }],
  'bets:clear': [{ spot: 'player' }],
  'round:deal': [{ fast: true }],
  'round:rebet': [{}, { multiplier: 3 }, { multiplier: 0 }, { multiplier: '2' }, { multiplier: 1.5 }],
  'round:skip': [{}, { skip: 'yes' }, { skip: 1 }, { skip: true, extra: 1 }],
  'session:reality-check': [
    {},
    { answer: 'stop' },
    { answer: 'CONTINUE' },
    { answer: 1 },
    { answer: null },
    { answer: 'continue', extra: true },
  ],
  'cashout:collect': [{ amountMinor: 100 }],
  'paytable:get': [{ profile: 'x' }],
  'history:list': [
    {},
    { limit: 5 },
    { offset: 0 },
    { offset: 0, limit: 0 },
    { offset: 0, limit: 101 },
    { offset: 0, limit: 2.5 },
    { offset: -1, limit: 5 },
    { offset: 100, limit: 5 },
    { offset: '0', limit: 5 },
    { offset: 0, limit: 5, demo: true },
  ],
  'staff:status': [{ role: 'technician' }],
  'staff:sign-in': [
    {},
    { role: 'technician' },
    { role: 'manager', pin: '1234' },
    { role: 'technician', pin: '123' },
    { role: 'technician', pin: '123456789' },
    { role: 'technician', pin: '12a4' },
    { role: 'technician', pin: 1234 },
    { role: 'technician', pin: '1234', token: 'x' },
  ],
  'staff:sign-out': [{ role: 'technician' }],
  'tech:meters': [{ reset: true }],
  'tech:meters:export': [{}, { format: 'xlsx' }, { format: 'csv', path: '/tmp/x' }, { format: 'HTML' }],
  'tech:recall:export': [{ limit: 10 }, { format: 'csv' }],
  'tech:events:export': [{}, { format: 'html' }, { format: 'JSON' }, { format: 'csv', kind: 'door' }],
  'tech:archive:export': [{}, { part: 'ledger' }, { part: 'rounds', afterId: 5 }, { part: 1 }],
  'tech:recall': [
    {},
    { limit: 501 },
    { limit: 10, fromRoundId: -1 },
    { limit: 10, fromTime: 'yesterday' },
    { limit: 10, toTime: '2026-12-01 03:00' },
    { limit: 10, fromTime: 1_764_558_000_000 },
  ],
  'tech:recall:replay': [{}, { roundId: 0 }, { roundId: 1.5 }, { roundId: '7' }],
  'tech:events': [
    { limit: 0 },
    { limit: 10, toId: 'last' },
    { limit: 10, kind: 'DOOR' },
    { limit: 10, kind: "door' OR 1=1" },
    { limit: 10, fromTime: '2026-13-01T00:00:00Z' },
  ],
  'tech:diagnostics': [{ device: 'rng' }],
  'tech:bill-test-mode': [{}, { on: 'yes' }, { on: 1 }],
  'tech:clear-handpay': [{ handpayId: 1 }],
  'tech:clear-tilt': [
    {},
    { kind: 'door-open' },
    { kind: 'lid-open', source: 'door' },
    { kind: 'door-open', source: '' },
  ],
  'tech:ram-clear': [{}, { confirm: true }, { confirm: 'ram clear' }, { confirm: 'RAM CLEAR', now: true }],
  'tech:roads:reset': [{ afterRoundId: 3 }, { confirm: true }],
  'tech:config:get': [{ reveal: true }],
  'tech:config:validate': [{}, { config: 'x' }, { config: [] }, { config: null }],
  'tech:config:apply': [{}, { config: 42 }, { config: {}, role: 'technician' }],
  'tech:config:audit': [{}, { limit: 0 }, { limit: 501 }, { limit: 5, beforeId: -1 }],
  'tech:config:export': [{ withKey: true }],
  'tech:config:import': [{}, { json: 42 }, { json: 'x'.repeat(300_000) }],
  'tech:journal-damage': [{ all: true }],
  'tech:journal-damage:export': [{ format: 'csv' }],
};

describe('IPC router: every payload is validated before the cabinet is called (the renderer is untrusted)', () => {
  for (const channel of CHANNELS) {
    it(`${channel}: a bad payload gets invalid-request naming the field, and changes nothing`, async () => {
      const { cabinet, router, permitFor } = setup();
      await router.handle('bets:place', { spot: 'player', chipMinor: 500 });
      permitFor(channel);
      const before = JSON.stringify(cabinet.snapshot());
      const callsBefore = cabinet.calls.length;
      for (const payload of [...GENERIC_BAD, ...CHANNEL_BAD[channel]]) {
        const result = await router.handle(channel, payload);
        expect(result.ok, `${channel} accepted ${JSON.stringify(payload)}`).toBe(false);
        const error = refused(result, 'invalid-request');
        expect(error.message).toContain(channel);
        expect(error.message).not.toMatch(/\n\s+at /); // no stack trace
      }
      expect(cabinet.calls.length).toBe(callsBefore);
      expect(JSON.stringify(cabinet.snapshot())).toBe(before);
    });
  }

  it('names the offending field and what is allowed', async () => {
    const { router } = setup();
    const spot = refused(await router.handle('bets:place', { spot: 'side', chipMinor: 100 }), 'invalid-request');
    expect(spot.message).toContain('"spot"');
    expect(spot.message).toMatch(/player.*banker.*tie/);
    const chip = refused(await router.handle('bets:place', { spot: 'player', chipMinor: 1.5 }), 'invalid-request');
    expect(chip.message).toMatch(/"chipMinor".*int/i);
    const extra = refused(await router.handle('round:deal', { fast: true }), 'invalid-request');
    expect(extra.message).toContain('"fast"');
  });

  it('property: any payload the schema refuses leaves the cabinet untouched', async () => {
    const { cabinet, router, permitFor } = setup();
    const before = JSON.stringify(cabinet.snapshot());
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CHANNELS), fc.anything(), async (channel, payload) => {
        fc.pre(!CHANNEL_TABLE[channel].request.safeParse(payload === undefined ? {} : payload).success);
        permitFor(channel);
        const calls = cabinet.calls.length;
        refused(await router.handle(channel, payload), 'invalid-request');
        expect(cabinet.calls.length).toBe(calls);
      }),
      { numRuns: 400 },
    );
    expect(JSON.stringify(cabinet.snapshot())).toBe(before);
  });

  it('an omitted payload on a channel without fields is treated as {}', async () => {
    const { router } = setup();
    const result = await router.handle('cabinet:snapshot', undefined);
    expect(result.ok).toBe(true);
  });
});

describe('IPC router: channels', () => {
  it('rejects unknown channels without calling the cabinet', async () => {
    const { cabinet, router } = setup();
    for (const channel of ['bets:steal', 'constructor', '__proto__', 'toString', '', 7, null, undefined, { c: 1 }]) {
      refused(await router.handle(channel, {}), 'unknown-channel');
    }
    expect(cabinet.calls).toEqual([]);
  });

  it('a valid request reaches the cabinet and returns its answer', async () => {
    const { router } = setup();
    const placed = await router.handle('bets:place', { spot: 'banker', chipMinor: 1000 });
    expect(placed).toMatchObject({ ok: true, value: { tableTotalMinor: 1000 } });
    const dealt = await router.handle('round:deal', {});
    expect(dealt).toMatchObject({ ok: true, value: { status: 'settled', returns: { banker: 1950 } } });
    const history = await router.handle('history:list', { offset: 0, limit: 5 });
    expect(history).toMatchObject({
      ok: true,
      value: { hidden: null, total: 1, entries: [{ kind: 'played', round: { roundId: 1 } }] },
    });
    expect(await router.handle('paytable:get', {})).toEqual({ ok: true, value: PAYTABLE });
  });
});

type Session = StaffRole | null;
const ROLE_CODES: ReadonlySet<string> = new Set(['key-off', 'signed-out', 'wrong-role', 'menu-open', 'forbidden']);

/** What the rules say a channel of this role gets (docs/cabinet-rules.md#operator-menu-and-key-switch). */
function expectedRefusal(channel: Channel, keyOn: boolean, session: Session): IpcErrorCode | null {
  const spec: ChannelSpec = CHANNEL_TABLE[channel];
  switch (spec.role) {
    case 'player':
      return session !== null && !spec.readOnly ? 'menu-open' : null;
    case 'staff-access':
      return keyOn ? null : 'key-off';
    case 'attendant':
      if (!keyOn) return 'key-off';
      return session === null ? 'signed-out' : null;
    case 'technician':
      if (!keyOn) return 'key-off';
      if (session === null) return 'signed-out';
      return session === 'technician' ? null : 'wrong-role';
    default:
      throw new Error(`${channel}: a production channel with role ${spec.role}`);
  }
}

describe('IPC router: roles and sessions, for every channel of the table and every key/session combination', () => {
  const combos: Array<[boolean, Session]> = [
    [false, null],
    [false, 'attendant'],
    [false, 'technician'],
    [true, null],
    [true, 'attendant'],
    [true, 'technician'],
  ];
  for (const [keyOn, session] of combos) {
    it(`key ${keyOn ? 'on' : 'off'}, ${session ?? 'nobody'} signed in`, async () => {
      for (const channel of CHANNELS) {
        const { cabinet, router, state } = setup();
        state.keyOn = keyOn;
        state.session = session;
        const result = await router.handle(channel, VALID[channel]);
        const expected = expectedRefusal(channel, keyOn, session);
        if (expected === null) {
          expect(result.ok || !ROLE_CODES.has(result.error.code), `${channel}: ${JSON.stringify(result)}`).toBe(true);
        } else {
          expect(result, channel).toMatchObject({ ok: false, error: { code: expected } });
          expect(cabinet.calls, `${channel} reached the cabinet`).toEqual([]);
        }
      }
    });
  }

  it('every staff-only channel and every player channel that changes something is covered by a rule', () => {
    expect([...TECHNICIAN_CHANNELS]).toEqual(CHANNELS.filter((c) => CHANNEL_TABLE[c].role === 'technician'));
    expect(TECHNICIAN_CHANNELS.has('tech:ram-clear')).toBe(true);
    for (const channel of ['tech:meters', 'tech:clear-handpay', 'tech:clear-tilt']) {
      expect(CHANNEL_TABLE[channel as Channel].role, channel).toBe('attendant');
    }
    expect(CHANNELS).not.toContain('tech:door'); // the door is a hardware input
    const reads = CHANNELS.filter((c) => (CHANNEL_TABLE[c] as ChannelSpec).readOnly);
    expect(reads.sort()).toEqual(['cabinet:snapshot', 'history:list', 'paytable:get', 'staff:status']);
  });

  it('a refused request is refused before its payload is read and changes nothing', async () => {
    const { cabinet, router, setKey } = setup();
    setKey(false);
    refused(await router.handle('tech:ram-clear', { confirm: 'not the words' }), 'key-off');
    expect(cabinet.calls).toEqual([]);
  });
});

describe('IPC router: the payload size limit', () => {
  it('a request over the limit answers payload-too-large on every channel, before the role check, and changes nothing', async () => {
    const { cabinet, router, refused: log, permitFor } = setup();
    const huge = { spot: 'player', chipMinor: 500, padding: 'x'.repeat(MAX_IPC_REQUEST_BYTES) };
    for (const channel of CHANNELS) {
      permitFor(channel);
      const error = refused(await router.handle(channel, huge), 'payload-too-large');
      expect(error.message).toContain(String(MAX_IPC_REQUEST_BYTES));
    }
    expect(cabinet.calls).toEqual([]);
    expect(log.every((line) => line.endsWith(':payload-too-large'))).toBe(true);
  });

  it('a request just within the limit still reaches its schema', async () => {
    const { router, permitFor } = setup();
    permitFor('bets:place');
    const near = { spot: 'player', chipMinor: 500, padding: 'x'.repeat(MAX_IPC_REQUEST_BYTES - 200) };
    refused(await router.handle('bets:place', near), 'invalid-request');
  });
});

describe('IPC router: while a staff session is open (real staff access)', () => {
  it('every player channel that changes something answers menu-open; reads still answer', async () => {
    const cabinet = createFakeCabinet();
    const { staff } = testStaff({ keyOn: true, pins: { attendant: '4321' } });
    const router = createIpcRouter(cabinet, { staff, paytable: () => PAYTABLE });
    await staff.signIn('attendant', '4321');
    for (const channel of CHANNELS.filter((c) => CHANNEL_TABLE[c].role === 'player')) {
      const calls = cabinet.calls.length;
      const result = await router.handle(channel, VALID[channel]);
      if ((CHANNEL_TABLE[channel] as ChannelSpec).readOnly) {
        expect(result.ok, channel).toBe(true);
      } else {
        expect(result, channel).toMatchObject({ ok: false, error: { code: 'menu-open' } });
        expect(cabinet.calls.length, channel).toBe(calls);
      }
    }
    staff.signOut();
    expect((await router.handle('bets:place', { spot: 'player', chipMinor: 100 })).ok).toBe(true);
  });

  it('sign-in answers no-pin, wrong-pin and locked-out (with until) as typed errors, and staff changes are pushed', async () => {
    const cabinet = createFakeCabinet();
    const { staff } = testStaff({ keyOn: true, pins: { technician: '9999' } });
    const router = createIpcRouter(cabinet, { staff, paytable: () => PAYTABLE });
    const pushed: string[] = [];
    router.subscribe((event) => {
      if (event.type === 'staff') pushed.push(event.status.session?.role ?? 'none');
    });
    refused(await router.handle('staff:sign-in', { role: 'attendant', pin: '9999' }), 'no-pin');
    expect(await router.handle('staff:sign-in', { role: 'technician', pin: '9999' })).toMatchObject({ ok: true });
    await router.handle('staff:sign-out', {});
    for (let i = 1; i <= 4; i++) {
      refused(await router.handle('staff:sign-in', { role: 'technician', pin: '1111' }), 'wrong-pin');
    }
    const locked = refused(await router.handle('staff:sign-in', { role: 'technician', pin: '1111' }), 'locked-out');
    expect(locked.until).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    refused(await router.handle('staff:sign-in', { role: 'technician', pin: '9999' }), 'locked-out');
    expect(pushed).toContain('technician');
    expect(pushed.at(-1)).toBe('none');
  });
});

const DEV_TABLE = {
  'dev:echo': {
    role: 'service',
    availability: 'dev',
    request: z.object({ text: z.string().max(10) }).strict(),
    response: answers<{ echoed: string }>(),
  },
  'dev:refuse': { role: 'test', availability: 'dev', request: z.object({}).strict(), response: answers<never>() },
} as const satisfies ChannelTable<'dev'>;

function devGroup(): ChannelGroup {
  return channelGroup(DEV_TABLE, {
    'dev:echo': (r) => ({ echoed: r.text }),
    'dev:refuse': () => {
      throw refusal('not-permitted', 'no emulator here');
    },
  });
}

describe('IPC router: dev-only channel groups', () => {
  it('answer only where a dev shell merged them in', async () => {
    const production = setup();
    expect(production.router.channels).toEqual(CHANNELS);
    refused(await production.router.handle('dev:echo', { text: 'hi' }), 'unknown-channel');

    const dev = setup({}, [devGroup()]);
    expect(dev.router.channels).toEqual([...CHANNELS, 'dev:echo', 'dev:refuse']);
    expect(await dev.router.handle('dev:echo', { text: 'hi' })).toEqual({ ok: true, value: { echoed: 'hi' } });
  });

  it('are validated and refused in the same typed errors as production channels', async () => {
    const { router, refused: log } = setup({}, [devGroup()]);
    const error = refused(await router.handle('dev:echo', { text: 'far too long a text' }), 'invalid-request');
    expect(error.message).toMatch(/dev:echo.*"text"/);
    refused(await router.handle('dev:echo', { text: 'hi', extra: 1 }), 'invalid-request');
    expect(await router.handle('dev:refuse', {})).toEqual({
      ok: false,
      error: { code: 'not-permitted', message: 'no emulator here' },
    });
    expect(log).toEqual(['dev:echo:invalid-request', 'dev:echo:invalid-request', 'dev:refuse:not-permitted']);
  });

  it('may not redeclare a channel or smuggle in a production one', () => {
    const twice = channelGroup({ 'bets:place': CHANNEL_TABLE['bets:place'] } as ChannelTable, {
      'bets:place': () => undefined,
    });
    expect(() => setup({}, [twice])).toThrow(/bets:place is declared twice/);
    const production = channelGroup(
      { 'extra:channel': { ...DEV_TABLE['dev:echo'], availability: 'production' } } as ChannelTable,
      { 'extra:channel': () => undefined },
    );
    expect(() => setup({}, [production])).toThrow(
      /extra:channel is merged in as a dev group but is declared production/,
    );
    expect(() => setup({}, [devGroup(), devGroup()])).toThrow(/dev:echo is declared twice/);
  });
});

describe('IPC router: errors', () => {
  it('maps a CabinetError to an IpcError with its code and the limit that was hit', async () => {
    const { router, cabinet } = setup();
    cabinet.failNext(
      'placeChip',
      new FakeCabinetError('above-table-max', 'the table limit is 1000.00', { name: 'table-max', valueMinor: 100_000 }),
    );
    const result = await router.handle('bets:place', { spot: 'player', chipMinor: 100 });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'above-table-max',
        message: 'the table limit is 1000.00',
        limit: { name: 'table-max', valueMinor: 100_000 },
      },
    });
    const real = await router.handle('bets:place', { spot: 'tie', chipMinor: 10_000 });
    expect(real).toMatchObject({
      ok: false,
      error: { code: 'above-spot-max', limit: { name: 'tie-max', valueMinor: 5_000 } },
    });
  });

  it('maps an unexpected exception to internal without leaking its message or stack', async () => {
    const { router, cabinet, refused: log } = setup();
    cabinet.failNext('deal', new Error('SQLITE_IOERR at /var/lib/secret/journal.sqlite'));
    await router.handle('bets:place', { spot: 'player', chipMinor: 100 });
    const error = refused(await router.handle('round:deal', {}), 'internal');
    expect(error.message).not.toContain('SQLITE');
    expect(error.message).not.toContain('/var/lib');
    expect(error).not.toHaveProperty('stack');
    expect(log).toContain('round:deal:internal');
  });

  it('a thrown non-Error value is internal too', async () => {
    const { router, cabinet } = setup();
    cabinet.failNext('clearBets', 'boom');
    expect(await router.handle('bets:clear', {})).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('pushes cabinet events to subscribers', () => {
    const { router, cabinet } = setup();
    const seen: string[] = [];
    const off = router.subscribe((event) => seen.push(event.type));
    cabinet.emit({ type: 'tilt', tilts: [] });
    off();
    cabinet.emit({ type: 'tilt', tilts: [] });
    expect(seen).toEqual(['tilt']);
  });
});

describe('IPC router: the venue config channels (technician)', () => {
  const KEY = '89abcdef01234567';
  const config = () => createFakeCabinet().venueConfig();
  /** Key on and a technician signed in. */
  const technician = () => {
    const t = setup();
    t.state.session = 'technician';
    return t;
  };

  it('answer only to a technician session with the key on', async () => {
    const { router, state } = setup();
    refused(await router.handle('tech:config:get', {}), 'signed-out');
    state.session = 'attendant';
    refused(await router.handle('tech:config:apply', { config: config() }), 'wrong-role');
    state.keyOn = false;
    refused(await router.handle('tech:config:apply', { config: config() }), 'key-off');
  });

  it('validate answers ok or invalid-config with each field structured', async () => {
    const { router } = technician();
    expect(await router.handle('tech:config:validate', { config: config() })).toMatchObject({
      ok: true,
      value: { ok: true, returns: [{ bet: 'player' }, { bet: 'banker' }, { bet: 'tie' }] },
    });
    const bad = { ...config(), attractIdleS: 1, defaultLanguage: 'fr' };
    const error = refused(await router.handle('tech:config:validate', { config: bad }), 'invalid-config');
    expect(error.fields).toEqual([
      { path: 'attractIdleS', rule: 'min', limit: 10 },
      { path: 'defaultLanguage', rule: 'enum', allowed: ['en', 'sv', 'de', 'fi', 'nl', 'cs'] },
    ]);
  });

  it('apply records the session role; get shows the key only as set; export leaves it out', async () => {
    const { router } = technician();
    const base = config();
    const next = {
      ...base,
      devices: { ...base.devices, billAcceptor: { ...base.devices.billAcceptor, fixedKeyHex: KEY } },
    };
    expect((await router.handle('tech:config:apply', { config: next })).ok).toBe(true);
    const got = await router.handle('tech:config:get', {});
    expect(got).toMatchObject({
      ok: true,
      value: { config: { devices: { billAcceptor: { fixedKeyHex: { set: true } } } } },
    });
    expect(JSON.stringify(got)).not.toContain(KEY);
    const audit = await router.handle('tech:config:audit', { limit: 10 });
    expect(audit).toEqual({
      ok: true,
      value: [
        {
          id: 1,
          at: new Date(0).toISOString(),
          role: 'technician',
          field: 'devices.billAcceptor.fixedKeyHex',
          oldValue: 'not set',
          newValue: 'set',
        },
      ],
    });
    const exported = await router.handle('tech:config:export', {});
    if (!exported.ok) throw new Error('export refused');
    const value = exported.value as { fileName: string; json: string; audit: { fileName: string; csv: string } };
    expect(value.fileName).toMatch(/^venue-config-[0-9a-f]{12}\.json$/);
    expect(value.json).not.toContain(KEY);
    expect(value.audit.csv.split('\n')[0]).toBe(
      'id,at,role,field,old_value,new_value,old_stored_minor_units,new_stored_minor_units',
    );
    expect(value.audit.csv).toContain('devices.billAcceptor.fixedKeyHex,not set,set');
    // Importing the export changes nothing and keeps the key.
    expect((await router.handle('tech:config:import', { json: value.json })).ok).toBe(true);
    expect(JSON.stringify(await router.handle('tech:config:get', {}))).toBe(JSON.stringify(got));
  });

  it('import: a malformed file is invalid-config with a structured issue, never a crash', async () => {
    const { router, cabinet } = technician();
    const before = cabinet.calls.filter((c) => c === 'applyConfig').length;
    for (const json of ['{"profile":', 'not json', '[]']) {
      const error = refused(await router.handle('tech:config:import', { json }), 'invalid-config');
      expect(error.fields).toEqual([{ path: '', rule: 'type', other: 'json' }]);
    }
    expect(cabinet.calls.filter((c) => c === 'applyConfig').length).toBe(before);
    const error = refused(await router.handle('tech:config:import', { json: '{"demoMode": true}' }), 'invalid-config');
    expect(error.fields?.map((f) => `${f.path}:${f.rule}`)).toContain('profile:required');
  });

  it('apply with chips on the table is bets-on-table', async () => {
    const { router, state } = setup();
    await router.handle('bets:place', { spot: 'player', chipMinor: 100 });
    state.session = 'technician';
    refused(await router.handle('tech:config:apply', { config: config() }), 'bets-on-table');
  });
});

describe('IPC router: the roads reset (docs/roads.md#implementation-status)', () => {
  it('is a technician channel: an attendant or a player is refused before the cabinet hears of it', async () => {
    const { cabinet, router, state } = setup();
    state.session = 'attendant';
    refused(await router.handle('tech:roads:reset', {}), 'wrong-role');
    state.session = null;
    refused(await router.handle('tech:roads:reset', {}), 'signed-out');
    expect(cabinet.calls).toEqual([]);
    state.session = 'technician';
    expect(await router.handle('tech:roads:reset', {})).toMatchObject({ ok: true, value: { roads: [] } });
    expect(cabinet.calls).toEqual(['resetRoads']);
  });

  it('a payload with fields is a bad request naming the field', async () => {
    const { cabinet, router, state } = setup();
    state.session = 'technician';
    const error = refused(await router.handle('tech:roads:reset', { afterRoundId: 3 }), 'invalid-request');
    expect(error.message).toContain('"afterRoundId"');
    expect(cabinet.calls).toEqual([]);
  });
});
