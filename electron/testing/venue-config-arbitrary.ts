/**
 * fast-check arbitraries for the venue config (tests only): any config the schema accepts, its leaves,
 * and a value of the wrong kind for a leaf.
 */
import fc from 'fast-check';
import { LANGUAGES, SQUEEZE_TIME_LIMIT_S, type VenueConfig } from '../core/config/venue-config.ts';

const minorArb = (max = 1_000_000) => fc.integer({ min: 1, max });
const path = fc.option(fc.stringMatching(/^\/dev\/[a-zA-Z0-9]{1,12}$/), { nil: null });

/** Any config the schema accepts, built so every relation holds. */
export const venueConfigArb: fc.Arbitrary<VenueConfig> = fc
  .record({
    decks: fc.integer({ min: 1, max: 8 }),
    tiePays: fc.constantFrom(8 as const, 9 as const),
    tableMax: minorArb(),
    maxFractions: fc.tuple(
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
    ),
    minFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    chips: fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
    creditLimit: minorArb(),
    maxWin: minorArb(),
    bills: fc.uniqueArray(
      fc.record({ channel: fc.integer({ min: 1, max: 16 }), valueMinor: minorArb(), enabled: fc.boolean() }),
      { maxLength: 16, selector: (b) => b.channel },
    ),
    demoMode: fc.boolean(),
    demoCredits: minorArb(),
    currency: fc.constantFrom('EUR', 'SEK', 'CZK', 'JPY', 'KWD', 'GBP'),
    minorDigits: fc.integer({ min: 0, max: 3 }),
    attract: fc.integer({ min: 10, max: 3600 }),
    inactivity: fc.integer({ min: 30, max: 3600 }),
    language: fc.constantFrom(...LANGUAGES),
    sound: fc.record({
      soundOn: fc.boolean(),
      effectsOn: fc.boolean(),
      musicOn: fc.boolean(),
      volumePercent: fc.integer({ min: 0, max: 100 }),
    }),
    rngPort: path,
    rngProtocol: fc.constantFrom('truerng' as const, 'onerng' as const),
    rngSource: fc.constantFrom('hardware' as const, 'os' as const),
    // Whole numbers only: corrupt() turns a fraction into 1.5, which is a valid H.
    minEntropy: fc.integer({ min: 1, max: 8 }),
    billProtocol: fc.constantFrom('essp' as const, 'id003' as const),
    billPort: path,
    key: fc.option(fc.stringMatching(/^[0-9a-f]{16}$/), { nil: null }),
    keyFile: path,
    doorFile: path,
    idle: fc.integer({ min: 30, max: 3600 }),
    copyPath: fc.option(fc.stringMatching(/^\/[a-z0-9/._-]{1,40}$/), { nil: null }),
    roadWindow: fc.integer({ min: 6, max: 500 }),
    roadsShown: fc.boolean(),
    squeezeOffered: fc.boolean(),
    squeezeLimit: fc.integer({ min: SQUEEZE_TIME_LIMIT_S.min, max: SQUEEZE_TIME_LIMIT_S.max }),
    retainRounds: fc.integer({ min: 10_000, max: 10_000_000 }),
    // A number, never null: the corruption property needs a leaf whose wrong kind is refused.
    minimumRtpPercent: fc.integer({ min: 0, max: 80 }),
    responsibleGaming: fc.record({
      realityCheckMinutes: fc.constantFrom(null, 15 as const, 30 as const, 60 as const),
      sessionLossLimitMinor: fc.option(fc.integer({ min: 1, max: 10_000_000 }), { nil: null }),
      sessionTimeLimitMinutes: fc.option(fc.integer({ min: 15, max: 1_440 }), { nil: null }),
    }),
    stadium: fc.option(
      fc.record({
        url: fc.constantFrom('nats://127.0.0.1:4222', 'nats://a:4222,nats://b:4222,tls://c.venue:4222'),
        table: fc.stringMatching(/^[A-Za-z0-9_-]{1,32}$/),
        tablePublicKey: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('base64')),
        resultTimeoutMs: fc.integer({ min: 1_000, max: 120_000 }),
        closeMarginMs: fc.integer({ min: 0, max: 10_000 }),
      }),
      { nil: null },
    ),
  })
  .map((r): VenueConfig => {
    const spot = (f: number) => {
      const maxMinor = Math.max(1, Math.floor(r.tableMax * f));
      return { minMinor: Math.max(1, Math.floor(maxMinor * r.minFraction)), maxMinor };
    };
    const spots = { player: spot(r.maxFractions[0]), banker: spot(r.maxFractions[1]), tie: spot(r.maxFractions[2]) };
    const smallestMax = Math.min(spots.player.maxMinor, spots.banker.maxMinor, spots.tie.maxMinor);
    const chips = [...new Set([Math.min(r.chips[0]!, smallestMax), ...r.chips.slice(1)])].sort((a, b) => a - b);
    return {
      profile: {
        id: `p-${r.decks}-${r.tiePays}`,
        decks: r.decks,
        tiePays: r.tiePays,
        bankerCommissionPercent: 5,
        variant: 'commission',
        lucky6ThreeCardPays: 20,
      },
      limits: {
        spots,
        sideBets: {},
        tableMaxMinor: r.tableMax,
        chipDenominationsMinor: chips.slice(0, 12),
        creditLimitMinor: r.creditLimit,
        maxWinPerRoundMinor: r.maxWin,
      },
      billChannels: r.bills,
      demoMode: r.demoMode,
      demoCreditsMinor: r.demoCredits,
      currency: { code: r.currency, minorDigits: r.minorDigits },
      attractIdleS: r.attract,
      playerInactivityS: r.inactivity,
      defaultLanguage: r.language,
      sound: r.sound,
      devices: {
        rng: {
          // OS entropy as the approved source names no hardware port (venue-config.ts).
          port: r.rngSource === 'os' ? null : r.rngPort,
          protocol: r.rngProtocol,
          source: r.rngSource,
          minEntropyBitsPerByte: r.minEntropy,
        },
        billAcceptor: { port: r.billPort, protocol: r.billProtocol, fixedKeyHex: r.key },
      },
      inputs: { operatorKeyFile: r.keyFile, doorFile: r.doorFile },
      roads: { windowRounds: r.roadWindow, shownByDefault: r.roadsShown },
      squeeze: { offered: r.squeezeOffered, timeLimitS: r.squeezeLimit },
      staff: { idleSignOutS: r.idle },
      journal: { criticalCopyPath: r.copyPath, retainRounds: r.retainRounds },
      responsibleGaming: r.responsibleGaming,
      stadium: r.stadium,
      minimumRtpPercent: r.minimumRtpPercent,
    };
  });

/** Every leaf of a config, as [path segments, value]. */
export function leaves(value: unknown, at: string[] = []): Array<[string[], unknown]> {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...at, k]));
  }
  return [[at, value]];
}

/** A value of the wrong kind for a leaf. */
export function corrupt(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? 'x' : 1.5;
  if (typeof value === 'boolean') return 'yes';
  // A nullable number (a session limit) takes 42 as a fine value; no field is a boolean where null is allowed.
  if (value === null) return true;
  return 42;
}

export function setAt(value: unknown, at: string[], next: unknown): unknown {
  if (at.length === 0) return next;
  const [head, ...rest] = at as [string, ...string[]];
  if (Array.isArray(value)) return value.map((v, i) => (String(i) === head ? setAt(v, rest, next) : v));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: setAt(record[head], rest, next) };
}
