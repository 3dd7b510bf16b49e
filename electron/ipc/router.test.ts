import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHANNELS, RequestSchemas, TECHNICIAN_CHANNELS, type Channel, type Paytable } from './contract.ts';
import { createIpcRouter, type RouterServices } from './router.ts';
import { createFakeCabinet, FakeCabinetError } from '../testing/fake-cabinet.ts';

const PAYTABLE: Paytable = {
  profileId: 'eight-deck-tie-8-to-1',
  decks: 8,
  spots: {
    player: { probability: 0.4462, rtp: 0.9876, pays: '1:1' },
    banker: { probability: 0.4586, rtp: 0.9894, pays: '0.95:1' },
    tie: { probability: 0.0952, rtp: 0.8564, pays: '8:1' },
  },
  limits: createFakeCabinet().snapshot().limits,
};

function setup(overrides: Partial<RouterServices> = {}) {
  const cabinet = createFakeCabinet();
  let keyOn = true;
  const refused: string[] = [];
  const router = createIpcRouter(cabinet, {
    operatorKeyOn: () => keyOn,
    paytable: () => PAYTABLE,
    insertNote: async (channel) => ({ accepted: true, detail: `note on channel ${channel}` }),
    onRefused: (entry) => refused.push(`${entry.channel}:${entry.code}`),
    ...overrides,
  });
  return { cabinet, router, refused, setKey: (on: boolean) => (keyOn = on) };
}

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
  'cashout:collect': [{ amountMinor: 100 }],
  'paytable:get': [{ profile: 'x' }],
  'history:list': [{}, { limit: 0 }, { limit: 101 }, { limit: 2.5 }],
  'tech:meters': [{ reset: true }],
  'tech:recall': [{}, { limit: 501 }, { limit: 10, fromRoundId: -1 }],
  'tech:events': [{ limit: 0 }, { limit: 10, toId: 'last' }],
  'tech:clear-handpay': [{ handpayId: 1 }],
  'tech:ram-clear': [{ confirm: true }],
  'tech:door': [{}, { open: 'yes' }, { open: 1 }],
  'service:insert-note': [{}, { channel: 0 }, { channel: 17 }, { channel: 1.5 }],
};

describe('IPC router: every payload is validated before the cabinet is called (brief: renderer is untrusted)', () => {
  for (const channel of CHANNELS) {
    it(`${channel}: a bad payload gets invalid-request naming the field, and changes nothing`, async () => {
      const { cabinet, router } = setup();
      await router.handle('bets:place', { spot: 'player', chipMinor: 500 });
      const before = JSON.stringify(cabinet.snapshot());
      const callsBefore = cabinet.calls.length;
      for (const payload of [...GENERIC_BAD, ...CHANNEL_BAD[channel]]) {
        const result = await router.handle(channel, payload);
        expect(result.ok, `${channel} accepted ${JSON.stringify(payload)}`).toBe(false);
        if (result.ok) continue;
        expect(result.error.code).toBe('invalid-request');
        expect(result.error.message).toContain(channel);
        expect(result.error.message).not.toMatch(/\n\s+at /); // no stack trace
      }
      expect(cabinet.calls.length).toBe(callsBefore);
      expect(JSON.stringify(cabinet.snapshot())).toBe(before);
    });
  }

  it('names the offending field and what is allowed', async () => {
    const { router } = setup();
    const spot = await router.handle('bets:place', { spot: 'side', chipMinor: 100 });
    expect(spot.ok).toBe(false);
    if (!spot.ok) {
      expect(spot.error.message).toContain('"spot"');
      expect(spot.error.message).toMatch(/player.*banker.*tie/);
    }
    const chip = await router.handle('bets:place', { spot: 'player', chipMinor: 1.5 });
    if (!chip.ok) expect(chip.error.message).toMatch(/"chipMinor".*int/i);
    const extra = await router.handle('round:deal', { fast: true });
    if (!extra.ok) expect(extra.error.message).toContain('"fast"');
  });

  it('property: any payload the schema refuses leaves the cabinet untouched', async () => {
    const { cabinet, router } = setup();
    const before = JSON.stringify(cabinet.snapshot());
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CHANNELS), fc.anything(), async (channel, payload) => {
        if (RequestSchemas[channel].safeParse(payload === undefined ? {} : payload).success) return;
        const calls = cabinet.calls.length;
        const result = await router.handle(channel, payload);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.code).toBe('invalid-request');
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
      const result = await router.handle(channel, {});
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('unknown-channel');
    }
    expect(cabinet.calls).toEqual([]);
  });

  it('a valid request reaches the cabinet and returns its answer', async () => {
    const { router } = setup();
    const placed = await router.handle('bets:place', { spot: 'banker', chipMinor: 1000 });
    expect(placed).toMatchObject({ ok: true, value: { tableTotalMinor: 1000 } });
    const dealt = await router.handle('round:deal', {});
    expect(dealt).toMatchObject({ ok: true, value: { status: 'settled', returns: { banker: 1950 } } });
    const history = await router.handle('history:list', { limit: 5 });
    expect(history).toMatchObject({ ok: true, value: [{ roundId: 1 }] });
    expect(await router.handle('paytable:get', {})).toEqual({ ok: true, value: PAYTABLE });
  });

  it('technician channels are refused while the operator key switch is off (domain-notes §3)', async () => {
    const { cabinet, router, setKey } = setup();
    setKey(false);
    for (const channel of TECHNICIAN_CHANNELS) {
      const payload =
        channel === 'tech:door'
          ? { open: true }
          : channel.startsWith('tech:re') || channel === 'tech:events'
            ? { limit: 5 }
            : {};
      const result = await router.handle(channel, payload);
      expect(result.ok, channel).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('forbidden');
    }
    expect(cabinet.calls).toEqual([]);
    setKey(true);
    expect((await router.handle('tech:meters', {})).ok).toBe(true);
    expect((await router.handle('tech:door', { open: true })).ok).toBe(true);
  });

  it('service:insert-note is not permitted where no emulator is wired (a real cabinet)', async () => {
    const { router } = setup({ insertNote: undefined });
    const result = await router.handle('service:insert-note', { channel: 1 });
    expect(result).toMatchObject({ ok: false, error: { code: 'not-permitted' } });
    const withEmulator = setup();
    expect(await withEmulator.router.handle('service:insert-note', { channel: 2 })).toEqual({
      ok: true,
      value: { accepted: true, detail: 'note on channel 2' },
    });
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
    const { router, cabinet, refused } = setup();
    cabinet.failNext('deal', new Error('SQLITE_IOERR at /var/lib/secret/journal.sqlite'));
    await router.handle('bets:place', { spot: 'player', chipMinor: 100 });
    const result = await router.handle('round:deal', {});
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('internal');
      expect(result.error.message).not.toContain('SQLITE');
      expect(result.error.message).not.toContain('/var/lib');
      expect(result.error).not.toHaveProperty('stack');
    }
    expect(refused).toContain('round:deal:internal');
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
