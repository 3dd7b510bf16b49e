import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configRefusal as refusal } from '../../testing/config-refusal.ts';
import { tableDisplay } from '../cabinet/snapshot.ts';
import { TEST_STADIUM } from '../../testing/stadium-fixtures.ts';
import { settingRule } from './setting-rules.ts';
import { DEFAULT_VENUE_CONFIG, parseVenueConfig, SQUEEZE_TIME_LIMIT_S } from './venue-config.ts';

/** The venue's squeeze setting (docs/squeeze.md#venue-settings). */
const base = DEFAULT_VENUE_CONFIG;

describe('the squeeze, a venue setting', () => {
  it('is off with a 20 second limit in a file that does not name it, so older venue files play as before', () => {
    const { squeeze: _squeeze, ...old } = base;
    void _squeeze;
    expect(parseVenueConfig(old).squeeze).toEqual({ offered: false, timeLimitS: 20 });
  });

  it('takes any whole number of seconds from 3 to 60 as its limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: SQUEEZE_TIME_LIMIT_S.min, max: SQUEEZE_TIME_LIMIT_S.max }), (s) => {
        expect(parseVenueConfig({ ...base, squeeze: { offered: true, timeLimitS: s } }).squeeze.timeLimitS).toBe(s);
      }),
    );
  });

  it.each([
    [{ timeLimitS: 2 }, 'squeeze.timeLimitS: timeLimitS must be at least 3 seconds', 'min'],
    [{ timeLimitS: 61 }, 'squeeze.timeLimitS: timeLimitS must be at most 60 seconds', 'max'],
    [{ timeLimitS: 7.5 }, 'squeeze.timeLimitS: timeLimitS must be a whole number of seconds from 3 to 60', 'integer'],
    [{ offered: 'yes' }, 'squeeze.offered: offered must be true or false', 'type'],
  ])('a bad value is refused, naming the field and what is allowed: %j', (squeeze, message, rule) => {
    const error = refusal({ ...base, squeeze });
    expect(error.problems).toEqual([message]);
    expect(error.fields[0]).toMatchObject({ path: Object.keys(squeeze).map((k) => `squeeze.${k}`)[0], rule });
  });

  it('refuses a field it does not know rather than ignore a typing mistake', () => {
    expect(refusal({ ...base, squeeze: { offerd: true } }).problems[0]).toMatch(/^squeeze/);
  });

  it('changes from the technician screen at any time between rounds: it moves no money', () => {
    expect(settingRule('squeeze.offered')).toMatchObject({ whileMoney: 'any-time', change: 'live' });
    expect(settingRule('squeeze.timeLimitS')).toMatchObject({ whileMoney: 'any-time', change: 'live' });
  });
});

describe('the squeeze as the table hears of it', () => {
  it('carries the venue setting to the player’s table', () => {
    expect(tableDisplay({ ...base, squeeze: { offered: true, timeLimitS: 9 } }).squeeze).toEqual({
      offered: true,
      timeLimitS: 9,
    });
  });
  it('is never offered at a terminal of a shared table: the table reveals at its own pace', () => {
    const terminal = { ...base, squeeze: { offered: true, timeLimitS: 9 }, stadium: TEST_STADIUM };
    expect(tableDisplay(terminal).squeeze.offered).toBe(false);
  });
});
