import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { leaves, venueConfigArb } from '../../testing/venue-config-arbitrary.ts';
import { configChanges } from './config-diff.ts';
import { judgeSettings, SETTING_RULES, settingRule } from './setting-rules.ts';
import { DEFAULT_VENUE_CONFIG, type VenueConfig } from './venue-config.ts';

const RULES_DOC = new URL('../../../docs/cabinet-rules.md', import.meta.url);

/** The rows of the settings table in docs/cabinet-rules.md#staff-actions-with-money-on-the-cabinet. */
function documentedSettingRules(): Array<{ path: string; whileMoney: string; change: string }> {
  const text = readFileSync(RULES_DOC, 'utf8');
  const start = text.indexOf('| setting | with money on the cabinet | changes |');
  expect(start).toBeGreaterThan(0);
  const rows = text.slice(start).split('\n').slice(2);
  const out = [];
  for (const row of rows) {
    if (!row.startsWith('|')) break;
    const [path, whileMoney, change] = row
      .split('|')
      .slice(1, 4)
      .map((c) => c.trim().replaceAll('`', ''));
    out.push({ path: path!, whileMoney: whileMoney!, change: change! });
  }
  return out;
}

/** A config where every optional value is set, so its leaves include the ones null hides. */
const EVERY_FIELD_SET: VenueConfig = {
  ...DEFAULT_VENUE_CONFIG,
  devices: {
    rng: { ...DEFAULT_VENUE_CONFIG.devices.rng, port: '/dev/ttyACM0' },
    billAcceptor: { port: '/dev/ttyUSB0', protocol: 'essp', fixedKeyHex: '0123456789abcdef' },
  },
  inputs: { operatorKeyFile: '/run/key', doorFile: '/run/door' },
  journal: { ...DEFAULT_VENUE_CONFIG.journal, criticalCopyPath: '/mnt/b/journal.critical' },
};

describe('each venue setting says when it may change', () => {
  it('the table in docs/cabinet-rules.md is the table in the code, row for row', () => {
    expect(documentedSettingRules()).toEqual(SETTING_RULES.map((r) => ({ ...r })));
  });

  it('every field of the venue config is named by a rule (none falls to the unnamed safe side)', () => {
    for (const [at] of leaves(EVERY_FIELD_SET)) expect(settingRule(at.join('.')).path, at.join('.')).not.toBe('');
  });

  it('the longest matching path wins: a channel turned on or off is not a change of its note value', () => {
    expect(settingRule('billChannels.3.enabled').whileMoney).toBe('any-time');
    expect(settingRule('billChannels.3.valueMinor').whileMoney).toBe('empty-cabinet-if-accepted');
    expect(settingRule('devices.rng.port').change).toBe('restart');
    expect(settingRule('devices.rng.protocol').change).toBe('live');
    expect(settingRule('somethingNew')).toMatchObject({ whileMoney: 'empty-cabinet', change: 'restart' });
  });

  it('currency, decimal places and demo mode need an empty cabinet; limits and sound do not', () => {
    const next: VenueConfig = {
      ...DEFAULT_VENUE_CONFIG,
      currency: { code: 'EUR', minorDigits: 0 },
      demoMode: true,
      limits: { ...DEFAULT_VENUE_CONFIG.limits, creditLimitMinor: 300_000 },
      sound: { ...DEFAULT_VENUE_CONFIG.sound, volumePercent: 20 },
    };
    expect(judgeSettings(DEFAULT_VENUE_CONFIG, next)).toEqual({
      needEmptyCabinet: ['currency.minorDigits', 'demoMode'],
      needRestart: [],
    });
  });

  it('a note value needs an empty cabinet only when its channel accepts notes before or after', () => {
    const channels = DEFAULT_VENUE_CONFIG.billChannels;
    const revalue = (i: number, enabled?: boolean): VenueConfig => ({
      ...DEFAULT_VENUE_CONFIG,
      billChannels: channels.map((c, j) =>
        j === i ? { ...c, valueMinor: c.valueMinor + 100, enabled: enabled ?? c.enabled } : c,
      ),
    });
    expect(judgeSettings(DEFAULT_VENUE_CONFIG, revalue(0)).needEmptyCabinet).toEqual(['billChannels.0.valueMinor']);
    // Channel 6 is off in the default and stays off: its value is in no one's hands.
    expect(judgeSettings(DEFAULT_VENUE_CONFIG, revalue(5)).needEmptyCabinet).toEqual([]);
    // Turned on with a new value in the same change: the new value meets the money on the meter.
    expect(judgeSettings(DEFAULT_VENUE_CONFIG, revalue(5, true)).needEmptyCabinet).toEqual([
      'billChannels.5.valueMinor',
    ]);
  });

  it('inputs, ports and the copy file change only by restart', () => {
    expect(judgeSettings(DEFAULT_VENUE_CONFIG, EVERY_FIELD_SET).needRestart).toEqual([
      'devices.billAcceptor.port',
      'devices.rng.port',
      'inputs.doorFile',
      'inputs.operatorKeyFile',
      'journal.criticalCopyPath',
    ]);
  });

  it('for any two configs: no change is judged for equal ones, and every currency or demo change needs an empty cabinet', () => {
    fc.assert(
      fc.property(venueConfigArb, venueConfigArb, (a, b) => {
        expect(judgeSettings(a, a)).toEqual({ needEmptyCabinet: [], needRestart: [] });
        const { needEmptyCabinet, needRestart } = judgeSettings(a, b);
        const changed = configChanges(a, b).map((c) => c.field);
        for (const field of changed) {
          if (/^(currency|demoMode)\b/.test(field)) expect(needEmptyCabinet).toContain(field);
          if (/^(inputs|devices\.\w+\.port)\b/.test(field)) expect(needRestart).toContain(field);
        }
        for (const field of [...needEmptyCabinet, ...needRestart]) expect(changed).toContain(field);
      }),
      { numRuns: 200 },
    );
  });
});
