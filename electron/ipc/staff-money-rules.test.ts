/**
 * No staff action or setting may change, strand or forget what a player is owed
 * (docs/cabinet-rules.md#staff-actions-with-money-on-the-cabinet): every row of the two tables there, run
 * through the real router over a real cabinet on a real journal, with money on the cabinet and without.
 */
import { TEST_STADIUM } from '../testing/stadium-fixtures.ts';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { paytableFor } from '../app/paytable.ts';
import type { CabinetCore } from '../core/cabinet/cabinet.ts';
import { SETTING_RULES } from '../core/config/setting-rules.ts';
import { DEFAULT_VENUE_CONFIG, type VenueConfig } from '../core/config/venue-config.ts';
import { STAFF_CHANNEL_ROLES } from './channel-spec.ts';
import { closeCabinets, fund, setupCabinet } from '../testing/cabinet-harness.ts';
import { testConfig } from '../testing/fixtures.ts';
import { testStaff } from '../testing/memory-staff.ts';
import { venueConfigArb } from '../testing/venue-config-arbitrary.ts';
import { CHANNEL_TABLE, CHANNELS, type Channel, type IpcResult, type RequestOf } from './contract.ts';
import { createIpcRouter } from './router.ts';

afterEach(closeCabinets);

const RULES_DOC = new URL('../../docs/cabinet-rules.md', import.meta.url);

/** The channels behind the key switch: sign-in and sign-out, and the attendant's and technician's menus. */
const STAFF_CHANNELS = CHANNELS.filter((c) => {
  const { role } = CHANNEL_TABLE[c];
  return role === 'staff-access' || STAFF_CHANNEL_ROLES.has(role);
});
type StaffChannel = (typeof STAFF_CHANNELS)[number];

/** A valid request for each staff channel (a missing channel is a compile error). */
const REQUESTS: { [C in Channel]?: RequestOf<C> } = {
  'staff:sign-in': { role: 'technician', pin: '2468' },
  'staff:sign-out': {},
  'tech:meters': {},
  'tech:meters:export': { format: 'csv' },
  'tech:recall': { limit: 10 },
  'tech:recall:replay': { roundId: 1 },
  'tech:recall:export': {},
  'tech:events': { limit: 10 },
  'tech:events:export': { format: 'json' },
  'tech:archive:export': { part: 'rounds' },
  'tech:diagnostics': {},
  'tech:bill-test-mode': { on: false },
  'tech:clear-handpay': {},
  'tech:clear-tilt': { kind: 'door-open', source: 'door' },
  'tech:ram-clear': { confirm: 'RAM CLEAR' },
  'tech:roads:reset': {},
  'tech:config:get': {},
  'tech:config:validate': { config: DEFAULT_VENUE_CONFIG as never },
  'tech:config:apply': { config: DEFAULT_VENUE_CONFIG as never },
  'tech:config:audit': { limit: 10 },
  'tech:config:export': {},
  'tech:config:import': { json: JSON.stringify(DEFAULT_VENUE_CONFIG) },
  'tech:journal-damage': {},
  'tech:journal-damage:export': {},
};

type Money = 'none' | 'credits' | 'unpaid handpay';

/** A technician signed in on a router over a real cabinet holding `money`, one round played. */
async function cabinetWith(money: Money, config: VenueConfig = testConfig()) {
  const h = setupCabinet(config);
  fund(h.cabinet);
  h.cabinet.placeChip('banker', 100);
  h.cabinet.deal();
  if (money === 'none' || money === 'unpaid handpay') h.cabinet.cashOut();
  if (money === 'none') h.cabinet.clearHandpay('attendant');
  const { staff } = testStaff({ keyOn: true });
  await staff.setPin('technician', '2468');
  await staff.signIn('technician', '2468');
  const router = createIpcRouter(h.cabinet, { staff, paytable: paytableFor });
  return { h, router };
}

/** Everything a refused action must leave as it was. */
function state(cabinet: CabinetCore): string {
  const { devices: _devices, ...shown } = cabinet.snapshot();
  void _devices;
  return JSON.stringify([shown, cabinet.meters(), cabinet.venueConfig(), cabinet.moneyOnCabinet()]);
}

function moneyReason(result: IpcResult<unknown>): unknown {
  return result.ok ? null : (result.error.reason ?? null);
}

/** The rows of the staff-action table in docs/cabinet-rules.md#staff-actions-with-money-on-the-cabinet. */
function documentedActions(): Array<{ channel: string; role: string; whileMoney: string }> {
  const text = readFileSync(RULES_DOC, 'utf8');
  const start = text.indexOf('| channel | action | role | with money on the cabinet | records |');
  expect(start).toBeGreaterThan(0);
  const out = [];
  for (const row of text.slice(start).split('\n').slice(2)) {
    if (!row.startsWith('|')) break;
    const [channel, , role, whileMoney] = row
      .split('|')
      .slice(1, 5)
      .map((c) => c.trim().replaceAll('`', ''));
    out.push({ channel: channel!, role: role!.split(' ')[0]!, whileMoney: whileMoney! });
  }
  return out;
}

describe('the staff-action table: written down once, enforced at one guard', () => {
  it('docs/cabinet-rules.md lists every staff channel with the role and money rule of the channel table', () => {
    const roleWord = (role: string) => (role === 'staff-access' ? 'anyone' : role);
    expect(documentedActions()).toEqual(
      STAFF_CHANNELS.map((c) => ({
        channel: c,
        role: roleWord(CHANNEL_TABLE[c].role),
        whileMoney: (CHANNEL_TABLE[c] as { whileMoney?: string }).whileMoney,
      })),
    );
  });

  it('every staff channel declares what it may do with money on the cabinet; no player channel does', () => {
    for (const c of CHANNELS) {
      const declared = (CHANNEL_TABLE[c] as { whileMoney?: string }).whileMoney;
      if ((STAFF_CHANNELS as readonly string[]).includes(c)) expect(declared, c).toBeDefined();
      else expect(declared, c).toBeUndefined();
    }
    expect(Object.keys(REQUESTS).sort()).toEqual([...STAFF_CHANNELS].sort());
  });
});

describe.each<Money>(['credits', 'unpaid handpay'])(
  'with %s on the cabinet, each staff action does what its row says',
  (money) => {
    it.each(STAFF_CHANNELS.map((c) => [c] as [StaffChannel]))('%s', async (channel) => {
      const { h, router } = await cabinetWith(money);
      const before = state(h.cabinet);
      const result = await router.handle(channel, REQUESTS[channel]);
      const rule = (CHANNEL_TABLE[channel] as { whileMoney?: string }).whileMoney;
      if (rule === 'refused' || rule === 'refused-unless-memory-error') {
        expect(result).toMatchObject({ ok: false, error: { code: 'not-permitted' } });
        expect(moneyReason(result)).toMatchObject({ code: 'money-on-cabinet', settings: [] });
        expect(state(h.cabinet)).toBe(before);
      } else {
        expect(moneyReason(result)).toBeNull();
      }
    });
  },
);

describe('with no money on the cabinet, no staff action is refused for money', () => {
  it.each(STAFF_CHANNELS.map((c) => [c] as [StaffChannel]))('%s', async (channel) => {
    const { router } = await cabinetWith('none');
    const result = await router.handle(channel, REQUESTS[channel]);
    expect((moneyReason(result) as { code?: string } | null)?.code).not.toBe('money-on-cabinet');
  });
});

describe('the RAM clear', () => {
  it('on a healthy cabinet with credits: refused naming what is owed, and the credits stay', async () => {
    const { h, router } = await cabinetWith('credits');
    const owed = h.cabinet.moneyOnCabinet();
    const result = await router.handle('tech:ram-clear', { confirm: 'RAM CLEAR' });
    expect(moneyReason(result)).toEqual({ code: 'money-on-cabinet', ...owed, settings: [] });
    expect(h.cabinet.moneyOnCabinet()).toEqual(owed);
  });

  it('under a memory-error tilt it is the way on, and the guard lets it run', async () => {
    const { h, router } = await cabinetWith('credits');
    h.cabinet.raiseFault('memory-error', 'ecc', { code: 'memory-no-good-copy' });
    const result = await router.handle('tech:ram-clear', { confirm: 'RAM CLEAR' });
    expect(result.ok).toBe(true);
  });
});

/** A change of one setting under each rule path, from the default config. */
const SETTING_SAMPLES: Readonly<Record<string, (c: VenueConfig) => VenueConfig>> = {
  profile: (c) => ({ ...c, profile: { ...c.profile, tiePays: 9 } }),
  limits: (c) => ({ ...c, limits: { ...c.limits, creditLimitMinor: 300_000 } }),
  'billChannels.#': (c) => ({
    ...c,
    billChannels: c.billChannels.map((b, i) => (i === 0 ? { ...b, valueMinor: 700 } : b)),
  }),
  'billChannels.#.enabled': (c) => ({
    ...c,
    billChannels: c.billChannels.map((b, i) => (i === 5 ? { ...b, enabled: true } : b)),
  }),
  demoMode: (c) => ({ ...c, demoMode: true }),
  demoCreditsMinor: (c) => ({ ...c, demoCreditsMinor: 50_000 }),
  currency: (c) => ({ ...c, currency: { code: 'EUR', minorDigits: 0 } }),
  attractIdleS: (c) => ({ ...c, attractIdleS: 90 }),
  playerInactivityS: (c) => ({ ...c, playerInactivityS: 200 }),
  defaultLanguage: (c) => ({ ...c, defaultLanguage: 'sv' }),
  sound: (c) => ({ ...c, sound: { ...c.sound, volumePercent: 20 } }),
  'devices.rng': (c) => ({ ...c, devices: { ...c.devices, rng: { ...c.devices.rng, minEntropyBitsPerByte: 5 } } }),
  'devices.rng.port': (c) => ({ ...c, devices: { ...c.devices, rng: { ...c.devices.rng, port: '/dev/ttyACM9' } } }),
  'devices.billAcceptor': (c) => ({
    ...c,
    devices: { ...c.devices, billAcceptor: { ...c.devices.billAcceptor, protocol: 'id003' } },
  }),
  'devices.billAcceptor.port': (c) => ({
    ...c,
    devices: { ...c.devices, billAcceptor: { port: '/dev/ttyUSB9', protocol: 'id003', fixedKeyHex: null } },
  }),
  inputs: (c) => ({ ...c, inputs: { ...c.inputs, operatorKeyFile: '/run/baccarat/key' } }),
  roads: (c) => ({ ...c, roads: { ...c.roads, windowRounds: 80 } }),
  squeeze: (c) => ({ ...c, squeeze: { offered: true, timeLimitS: 12 } }),
  staff: (c) => ({ ...c, staff: { idleSignOutS: 120 } }),
  'journal.criticalCopyPath': (c) => ({ ...c, journal: { ...c.journal, criticalCopyPath: '/mnt/b/journal.critical' } }),
  'journal.retainRounds': (c) => ({ ...c, journal: { ...c.journal, retainRounds: 30_000 } }),
  stadium: (c) => ({ ...c, stadium: TEST_STADIUM }),
  minimumRtpPercent: (c) => ({ ...c, minimumRtpPercent: 80 }),
  responsibleGaming: (c) => ({ ...c, responsibleGaming: { ...c.responsibleGaming, sessionLossLimitMinor: 20_000 } }),
};

describe('each setting changes only as its row says', () => {
  it('every row of the settings table has a sample change', () => {
    expect(Object.keys(SETTING_SAMPLES).sort()).toEqual(SETTING_RULES.map((r) => r.path).sort());
  });

  describe.each<Money>(['none', 'credits', 'unpaid handpay'])('with %s on the cabinet', (money) => {
    it.each(SETTING_RULES.map((r) => [r.path, r] as const))('%s', async (_path, rule) => {
      const { h, router } = await cabinetWith(money);
      const before = state(h.cabinet);
      const next = SETTING_SAMPLES[rule.path]!(DEFAULT_VENUE_CONFIG);
      const result = await router.handle('tech:config:apply', { config: next });
      const needsEmpty = rule.whileMoney !== 'any-time' && money !== 'none';
      if (rule.change === 'restart') {
        expect(moneyReason(result)).toMatchObject({ code: 'restart-only' });
      } else if (needsEmpty) {
        expect(moneyReason(result)).toMatchObject({ code: 'money-on-cabinet' });
      } else {
        expect(result).toMatchObject({ ok: true });
        return;
      }
      expect(result).toMatchObject({ ok: false, error: { code: 'not-permitted' } });
      expect(state(h.cabinet)).toBe(before);
    });
  });
});

describe('what the money on the meter means never changes under it', () => {
  it('a 5.00 EUR note stays 5.00 EUR: no change to no decimal places while it is on the meter', async () => {
    const h = setupCabinet(testConfig());
    h.cabinet.creditBill({ valueMinor: 500, channel: 1, eventKey: 'five-euro' });
    const { staff } = testStaff({ keyOn: true });
    await staff.setPin('technician', '2468');
    await staff.signIn('technician', '2468');
    const router = createIpcRouter(h.cabinet, { staff, paytable: paytableFor });
    const result = await router.handle('tech:config:apply', {
      config: { ...DEFAULT_VENUE_CONFIG, currency: { code: 'EUR', minorDigits: 0 } },
    });
    expect(moneyReason(result)).toMatchObject({
      code: 'money-on-cabinet',
      creditsMinor: 500,
      settings: ['currency.minorDigits'],
    });
    expect(h.cabinet.snapshot().display.currency).toEqual({ code: 'EUR', minorDigits: 2 });
    // Cashed out and paid: the cabinet is empty, and the venue may change its currency.
    h.cabinet.cashOut();
    expect((await router.handle('tech:config:apply', { config: DEFAULT_VENUE_CONFIG })).ok).toBe(true);
    h.cabinet.clearHandpay('attendant');
    const later = await router.handle('tech:config:apply', {
      config: { ...DEFAULT_VENUE_CONFIG, currency: { code: 'EUR', minorDigits: 0 } },
    });
    expect(later.ok).toBe(true);
  });

  it('demo mode is not switched on over real credits, which would strand them', async () => {
    const { h, router } = await cabinetWith('credits');
    const credits = h.cabinet.snapshot().creditsMinor;
    const result = await router.handle('tech:config:apply', { config: { ...DEFAULT_VENUE_CONFIG, demoMode: true } });
    expect(moneyReason(result)).toMatchObject({ code: 'money-on-cabinet', settings: ['demoMode'] });
    expect(h.cabinet.snapshot()).toMatchObject({ demo: false, creditsMinor: credits });
  });

  it('for any config a technician submits with money on the cabinet: currency, demo mode and accepted note values stay', async () => {
    const { h, router } = await cabinetWith('credits');
    const meaning = (c: VenueConfig) =>
      JSON.stringify([c.currency, c.demoMode, c.billChannels.filter((b) => b.enabled)]);
    const before = meaning(h.cabinet.venueConfig());
    await fc.assert(
      fc.asyncProperty(venueConfigArb, async (submitted) => {
        // Inputs and ports as in force, so the money rule, not the restart rule, decides.
        const config = { ...submitted, devices: DEFAULT_VENUE_CONFIG.devices, inputs: DEFAULT_VENUE_CONFIG.inputs };
        await router.handle('tech:config:apply', { config: { ...config, journal: DEFAULT_VENUE_CONFIG.journal } });
        expect(meaning(h.cabinet.venueConfig())).toBe(before);
      }),
      { numRuns: 40 },
    );
  });

  it('the venue file at start-up keeps the stored currency while the journal holds money, and says so', () => {
    const h = setupCabinet(testConfig());
    fund(h.cabinet);
    const restarted = h.restart({
      ...DEFAULT_VENUE_CONFIG,
      currency: { code: 'SEK', minorDigits: 2 },
      attractIdleS: 90,
    });
    expect(restarted.venueConfig().currency).toEqual({ code: 'EUR', minorDigits: 2 });
    expect(restarted.venueConfig().attractIdleS).toBe(90);
    const kept = restarted.events({ limit: 20 }).find((e) => e.message?.code === 'config-kept-at-start');
    expect(kept?.message).toEqual({ code: 'config-kept-at-start', fields: ['currency.code'] });
    // Once the cabinet is empty, the file's currency applies at the next start.
    restarted.cashOut();
    restarted.clearHandpay('attendant');
    expect(
      h.restart({ ...DEFAULT_VENUE_CONFIG, currency: { code: 'SEK', minorDigits: 2 } }).venueConfig().currency,
    ).toEqual({
      code: 'SEK',
      minorDigits: 2,
    });
  });
});
