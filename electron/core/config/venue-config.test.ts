import fc from 'fast-check';
import { corrupt, leaves, setAt, venueConfigArb } from '../../testing/venue-config-arbitrary.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configChanges } from './config-diff.ts';
import { configHash } from './config-hash.ts';
import { exportVenueFile, parseVenueFileText, SECRET_NOTE } from './config-file.ts';
import { configView, keepSecrets } from './config-secrets.ts';
import { describeFieldIssue, type FieldIssue } from './field-issue.ts';
import { ConfigError, DEFAULT_VENUE_CONFIG, LANGUAGES, parseVenueConfig, type VenueConfig } from './venue-config.ts';

function problemsOf(input: unknown): string {
  try {
    parseVenueConfig(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the config to be refused');
}

function issuesOf(input: unknown): FieldIssue[] {
  try {
    parseVenueConfig(input);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.fields];
    throw error;
  }
  throw new Error('expected the config to be refused');
}

const base = DEFAULT_VENUE_CONFIG;
const KEY = 'a1b2c3d4e5f60718';

describe('venue config validation: errors name the field and what is allowed', () => {
  it('accepts the default venue', () => {
    expect(parseVenueConfig(DEFAULT_VENUE_CONFIG)).toEqual(DEFAULT_VENUE_CONFIG);
  });

  it('refuses fractional money, a min above the max, unsorted chips and unknown fields', () => {
    expect(problemsOf({ ...base, limits: { ...base.limits, creditLimitMinor: 12.5 } })).toMatch(
      /limits\.creditLimitMinor: creditLimitMinor must be a whole number of minor units/,
    );
    expect(
      problemsOf({
        ...base,
        limits: { ...base.limits, spots: { ...base.limits.spots, tie: { minMinor: 500, maxMinor: 100 } } },
      }),
    ).toMatch(/limits\.spots\.tie\.minMinor: minMinor must not be above maxMinor/);
    expect(problemsOf({ ...base, limits: { ...base.limits, chipDenominationsMinor: [100, 50] } })).toMatch(
      /chipDenominationsMinor must be strictly increasing/,
    );
    expect(problemsOf({ ...base, jackpot: true })).toMatch(/jackpot/);
    expect(problemsOf({ ...base, profile: { ...base.profile, tiePays: 7 } })).toMatch(
      /profile\.tiePays: tiePays must be 8 or 9/,
    );
    expect(
      problemsOf({ ...base, billChannels: [...base.billChannels, { channel: 1, valueMinor: 100, enabled: true }] }),
    ).toMatch(/billChannels must not repeat a channel/);
  });

  it('hashes equal configs equally and lists a change by field', () => {
    const copy = JSON.parse(JSON.stringify(DEFAULT_VENUE_CONFIG));
    expect(configHash(copy)).toBe(configHash(DEFAULT_VENUE_CONFIG));
    const changed = { ...DEFAULT_VENUE_CONFIG, demoMode: true };
    expect(configChanges(DEFAULT_VENUE_CONFIG, changed)).toEqual([
      { field: 'demoMode', oldValue: 'false', newValue: 'true' },
    ]);
  });
});

describe('defaults: stored configs and old files still load', () => {
  it('a config body from before the newer fields parses and gets every default', () => {
    const { currency, attractIdleS, playerInactivityS, defaultLanguage, devices, inputs, staff, ...old } = base;
    void [currency, attractIdleS, playerInactivityS, defaultLanguage, devices, inputs, staff];
    expect(parseVenueConfig(JSON.parse(JSON.stringify(old)))).toEqual(base);
  });

  it('partly given sections get the rest of their defaults', () => {
    const c = parseVenueConfig({ ...base, devices: { rng: { port: '/dev/ttyACM0' } }, staff: {} });
    expect(c.devices).toEqual({
      rng: { port: '/dev/ttyACM0', protocol: 'truerng', source: 'hardware', minEntropyBitsPerByte: 4 },
      billAcceptor: { port: null, protocol: 'essp', fixedKeyHex: null },
    });
    expect(c.staff.idleSignOutS).toBe(300);
  });

  it('an ID-003 acceptor needs no fixed key; OS entropy is approved only by name, with no RNG port', () => {
    const c = parseVenueConfig({
      ...base,
      devices: {
        rng: { source: 'os', minEntropyBitsPerByte: 6.5 },
        billAcceptor: { port: '/dev/ttyUSB0', protocol: 'id003' },
      },
    });
    expect(c.devices.billAcceptor).toEqual({ port: '/dev/ttyUSB0', protocol: 'id003', fixedKeyHex: null });
    expect(c.devices.rng).toEqual({ port: null, protocol: 'truerng', source: 'os', minEntropyBitsPerByte: 6.5 });
    expect(() => parseVenueConfig({ ...base, devices: { rng: { source: 'os', port: '/dev/ttyACM0' } } })).toThrow(
      /devices\.rng\.port: port must be null when source is os/,
    );
  });

  it('a currency without minor digits gets its own (Intl): EUR 2, JPY 0, KWD 3', () => {
    for (const [code, digits] of [
      ['EUR', 2],
      ['JPY', 0],
      ['KWD', 3],
    ] as const) {
      expect(parseVenueConfig({ ...base, currency: { code } }).currency).toEqual({ code, minorDigits: digits });
    }
    expect(parseVenueConfig({ ...base, currency: { code: 'CZK', minorDigits: 0 } }).currency.minorDigits).toBe(0);
  });

  it('the example venue file in docs/ is valid', () => {
    const text = readFileSync(new URL('../../../docs/venue-config.example.json', import.meta.url), 'utf8');
    expect(parseVenueConfig(parseVenueFileText(text))).toEqual(base);
  });
});

describe('FieldIssue: every rule kind, structured for a translated screen', () => {
  const at = (issues: FieldIssue[], path: string) => issues.find((i) => i.path === path);
  const { tableMaxMinor: _drop, ...limitsWithoutTableMax } = base.limits;
  void _drop;
  const cases: Array<[string, unknown, FieldIssue]> = [
    ['required', { ...base, limits: limitsWithoutTableMax }, { path: 'limits.tableMaxMinor', rule: 'required' }],
    ['type', { ...base, demoMode: 'yes' }, { path: 'demoMode', rule: 'type' }],
    ['type (null where an object belongs)', { ...base, staff: null }, { path: 'staff', rule: 'type' }],
    ['integer', { ...base, attractIdleS: 60.5 }, { path: 'attractIdleS', rule: 'integer' }],
    ['min', { ...base, playerInactivityS: 5 }, { path: 'playerInactivityS', rule: 'min', limit: 30 }],
    ['min (money)', { ...base, demoCreditsMinor: 0 }, { path: 'demoCreditsMinor', rule: 'min', limit: 1 }],
    ['max', { ...base, staff: { idleSignOutS: 4000 } }, { path: 'staff.idleSignOutS', rule: 'max', limit: 3600 }],
    [
      'pattern (a relative copy path)',
      { ...base, journal: { criticalCopyPath: 'copy.critical' } },
      { path: 'journal.criticalCopyPath', rule: 'pattern' },
    ],
    [
      'max (list)',
      { ...base, limits: { ...base.limits, chipDenominationsMinor: Array.from({ length: 13 }, (_, i) => i + 1) } },
      { path: 'limits.chipDenominationsMinor', rule: 'max', limit: 12 },
    ],
    ['enum', { ...base, defaultLanguage: 'fr' }, { path: 'defaultLanguage', rule: 'enum', allowed: [...LANGUAGES] }],
    [
      'enum (union of literals)',
      { ...base, profile: { ...base.profile, tiePays: 7 } },
      { path: 'profile.tiePays', rule: 'enum', allowed: ['8', '9'] },
    ],
    [
      'enum (not a real currency)',
      { ...base, currency: { code: 'XYZ' } },
      { path: 'currency.code', rule: 'enum', other: 'ISO 4217' },
    ],
    ['pattern', { ...base, currency: { code: 'eur' } }, { path: 'currency.code', rule: 'pattern' }],
    [
      'pattern (key)',
      { ...base, devices: { billAcceptor: { fixedKeyHex: 'not-a-key' } } },
      { path: 'devices.billAcceptor.fixedKeyHex', rule: 'pattern' },
    ],
    [
      'pattern (port)',
      { ...base, devices: { rng: { port: 'ttyACM0' } } },
      { path: 'devices.rng.port', rule: 'pattern' },
    ],
    [
      'min (entropy per byte)',
      { ...base, devices: { rng: { minEntropyBitsPerByte: 0.25 } } },
      { path: 'devices.rng.minEntropyBitsPerByte', rule: 'min', limit: 0.5 },
    ],
    [
      'max (entropy per byte)',
      { ...base, devices: { rng: { minEntropyBitsPerByte: 9 } } },
      { path: 'devices.rng.minEntropyBitsPerByte', rule: 'max', limit: 8 },
    ],
    [
      'enum (entropy source)',
      { ...base, devices: { rng: { source: 'rdrand' } } },
      { path: 'devices.rng.source', rule: 'enum', allowed: ['hardware', 'os'] },
    ],
    [
      'enum (bill protocol)',
      { ...base, devices: { billAcceptor: { protocol: 'mdb' } } },
      { path: 'devices.billAcceptor.protocol', rule: 'enum', allowed: ['essp', 'id003'] },
    ],
    [
      'relation (OS entropy and a hardware port)',
      { ...base, devices: { rng: { source: 'os', port: '/dev/ttyACM0' } } },
      { path: 'devices.rng.port', rule: 'relation', other: 'devices.rng.source' },
    ],
    [
      'increasing',
      { ...base, limits: { ...base.limits, chipDenominationsMinor: [100, 100] } },
      { path: 'limits.chipDenominationsMinor', rule: 'increasing' },
    ],
    [
      'unique',
      { ...base, billChannels: [...base.billChannels, { channel: 2, valueMinor: 100, enabled: true }] },
      { path: 'billChannels', rule: 'unique' },
    ],
    [
      'relation (min above max)',
      { ...base, limits: { ...base.limits, spots: { ...base.limits.spots, tie: { minMinor: 500, maxMinor: 100 } } } },
      { path: 'limits.spots.tie.minMinor', rule: 'relation', other: 'limits.spots.tie.maxMinor' },
    ],
    [
      'relation (spot max above table max)',
      { ...base, limits: { ...base.limits, tableMaxMinor: 20_000 } },
      { path: 'limits.spots.player.maxMinor', rule: 'relation', other: 'limits.tableMaxMinor', limit: 20_000 },
    ],
    [
      'relation (smallest chip)',
      { ...base, limits: { ...base.limits, chipDenominationsMinor: [20_000] } },
      { path: 'limits.chipDenominationsMinor', rule: 'relation', other: 'limits.spots.maxMinor', limit: 10_000 },
    ],
    [
      'unknown-field',
      { ...base, inputs: { ...base.inputs, lampFile: '/x' } },
      { path: 'inputs.lampFile', rule: 'unknown-field' },
    ],
  ];
  for (const [name, input, expected] of cases) {
    it(`${name}: ${expected.path}`, () => {
      const issues = issuesOf(input);
      expect(at(issues, expected.path)).toEqual(expected);
      // The English line for the command line names the field too.
      expect(describeFieldIssue(expected)).toContain(expected.path);
    });
  }

  it('a malformed file is a structured issue too, never a crash', () => {
    for (const text of ['{', '[1,2]', '"text"', 'null', '']) {
      let caught: unknown;
      try {
        parseVenueFileText(text);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ConfigError);
      expect((caught as ConfigError).fields).toEqual([{ path: '', rule: 'type', other: 'json' }]);
    }
  });
});

describe('secrets: the eSSP key is write-only', () => {
  const withKey: VenueConfig = {
    ...base,
    devices: { ...base.devices, billAcceptor: { ...base.devices.billAcceptor, fixedKeyHex: KEY } },
  };

  it('the view shows only whether it is set; sending the view back keeps it', () => {
    const view = configView(withKey);
    expect(view.devices.billAcceptor.fixedKeyHex).toEqual({ set: true });
    expect(JSON.stringify(view)).not.toContain(KEY);
    expect(parseVenueConfig(keepSecrets(view, withKey))).toEqual(withKey);
    const cleared = {
      ...view,
      devices: { ...view.devices, billAcceptor: { ...view.devices.billAcceptor, fixedKeyHex: { set: false } } },
    };
    expect(parseVenueConfig(keepSecrets(cleared, withKey)).devices.billAcceptor.fixedKeyHex).toBeNull();
  });

  it('the export leaves it out with a note, and the change rows mask it', () => {
    const file = exportVenueFile(withKey);
    expect(file.json).not.toContain(KEY);
    expect(JSON.parse(file.json).$comment).toBe(SECRET_NOTE);
    expect(configChanges(base, withKey)).toEqual([
      { field: 'devices.billAcceptor.fixedKeyHex', oldValue: 'not set', newValue: 'set' },
    ]);
  });
});

// ------------------------------------------------------------------ properties

describe('properties', () => {
  it('any config the schema accepts round-trips through export and import unchanged (the key kept at the cabinet)', () => {
    fc.assert(
      fc.property(venueConfigArb, (config) => {
        expect(parseVenueConfig(config)).toEqual(config);
        const file = exportVenueFile(config);
        const imported = parseVenueConfig(keepSecrets(parseVenueFileText(file.json), config));
        expect(imported).toEqual(config);
        expect(configHash(imported)).toBe(configHash(config));
      }),
      { numRuns: 200 },
    );
  });

  it('any single-field corruption is refused naming that field', () => {
    fc.assert(
      fc.property(venueConfigArb, fc.nat(), (config, pick) => {
        const all = leaves(config);
        const [at, value] = all[pick % all.length]!;
        const issues = issuesOf(setAt(config, at, corrupt(value)));
        expect(issues.map((i) => i.path)).toContain(at.join('.'));
      }),
      { numRuns: 300 },
    );
  });
});
