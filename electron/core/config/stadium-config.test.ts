import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { configRefusal as refusal } from '../../testing/config-refusal.ts';
import { CLOSE_MARGIN_MS, RESULT_TIMEOUT_MS, stadiumFieldRule, withStadiumOverride } from './stadium-config.ts';
import { DEFAULT_VENUE_CONFIG, parseVenueConfig } from './venue-config.ts';

const KEY = randomBytes(32).toString('base64');
const STADIUM = { url: 'nats://10.0.0.5:4222', table: 'T1', tablePublicKey: KEY };
const withStadium = (stadium: unknown) => ({ ...DEFAULT_VENUE_CONFIG, stadium });

describe('the venue config’s stadium section: the table a cabinet is a terminal of', () => {
  it('is null when the venue file leaves it out: the cabinet plays alone', () => {
    const { stadium: _left, ...file } = DEFAULT_VENUE_CONFIG;
    expect(parseVenueConfig(file).stadium).toBeNull();
  });

  it('takes a broker URL list, a table id and the table’s key, with 15 s and 1 s as the timing defaults', () => {
    const parsed = parseVenueConfig(withStadium({ ...STADIUM, url: 'nats://a:4222, nats://b:4222,tls://c.venue' }));
    expect(parsed.stadium).toEqual({
      ...STADIUM,
      url: 'nats://a:4222, nats://b:4222,tls://c.venue',
      resultTimeoutMs: RESULT_TIMEOUT_MS.default,
      closeMarginMs: CLOSE_MARGIN_MS.default,
    });
    expect([RESULT_TIMEOUT_MS.default, CLOSE_MARGIN_MS.default]).toEqual([15_000, 1_000]);
  });

  it.each([
    ['url', 'http://broker:4222', 'pattern'],
    ['url', 'nats://a:4222,', 'pattern'],
    ['table', 'T.1', 'pattern'],
    ['table', 'x'.repeat(33), 'pattern'],
    ['tablePublicKey', randomBytes(31).toString('base64'), 'pattern'],
    ['tablePublicKey', randomBytes(33).toString('base64'), 'pattern'],
    ['tablePublicKey', `${'A'.repeat(42)}B=`, 'pattern'],
    ['resultTimeoutMs', 999, 'min'],
    ['resultTimeoutMs', 120_001, 'max'],
    ['resultTimeoutMs', 1500.5, 'integer'],
    ['closeMarginMs', -1, 'min'],
    ['closeMarginMs', 10_001, 'max'],
  ])('refuses %s = %j, naming the field and what it allows', (field, value, rule) => {
    const e = refusal(withStadium({ ...STADIUM, [field]: value }));
    expect(e.fields).toEqual([expect.objectContaining({ path: `stadium.${field}`, rule })]);
    expect(e.message).toMatch(new RegExp(`stadium\\.${field}: ${field} must`));
  });

  it('refuses a missing field and an unknown one', () => {
    const { table: _t, ...noTable } = STADIUM;
    expect(refusal(withStadium(noTable)).fields).toEqual([{ path: 'stadium.table', rule: 'required' }]);
    expect(refusal(withStadium({ ...STADIUM, tableKey: KEY })).fields).toEqual([
      expect.objectContaining({ path: 'stadium.tableKey', rule: 'unknown-field' }),
    ]);
  });

  it('property: the base64 of any 32 bytes is a table key, of any other length is not', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 64 }), (bytes) => {
        const ok = (() => {
          try {
            parseVenueConfig(withStadium({ ...STADIUM, tablePublicKey: Buffer.from(bytes).toString('base64') }));
            return true;
          } catch {
            return false;
          }
        })();
        return ok === (bytes.length === 32);
      }),
    );
  });
});

describe('a host flag or variable laid over the stadium section', () => {
  const flags = { url: 'nats://127.0.0.1:4222', table: 'T9', tablePublicKey: KEY };

  it('lets the venue file carry the durations and the flags the rest; one schema judges the whole', () => {
    const parsed = parseVenueConfig(withStadiumOverride(withStadium({ resultTimeoutMs: 4000 }), flags));
    expect(parsed.stadium).toEqual({ ...flags, resultTimeoutMs: 4000, closeMarginMs: CLOSE_MARGIN_MS.default });
  });

  it('makes a section where the file has none, and leaves a file alone when nothing is laid over it', () => {
    const { stadium: _left, ...file } = DEFAULT_VENUE_CONFIG;
    expect(parseVenueConfig(withStadiumOverride(file, flags)).stadium).toMatchObject(flags);
    expect(withStadiumOverride(file, {})).toBe(file);
  });

  it('property: each field given wins over the file’s, every other field stays as the file has it', () => {
    const file = withStadium({ ...STADIUM, resultTimeoutMs: 8000, closeMarginMs: 300 });
    fc.assert(
      fc.property(
        fc.record(
          {
            url: fc.constant(flags.url),
            table: fc.constant(flags.table),
            tablePublicKey: fc.constant(flags.tablePublicKey),
          },
          { requiredKeys: [] },
        ),
        (given) => {
          expect(parseVenueConfig(withStadiumOverride(file, given)).stadium).toEqual({
            ...STADIUM,
            resultTimeoutMs: 8000,
            closeMarginMs: 300,
            ...given,
          });
        },
      ),
    );
  });

  it('still refuses what the file got wrong, and a field the flags leave missing, by its path', () => {
    expect(refusal(withStadiumOverride(withStadium('yes'), flags)).fields).toEqual([
      expect.objectContaining({ path: 'stadium' }),
    ]);
    expect(refusal(withStadiumOverride(withStadium({ resultTimeoutMs: 4000 }), { table: 'T9' })).fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'stadium.url' }),
        expect.objectContaining({ path: 'stadium.tablePublicKey' }),
      ]),
    );
  });

  it('words a bad flag value with the section’s own rule', () => {
    expect(stadiumFieldRule('url', 'http://broker')).toMatch(/^url must be nats:\/\/host:port/);
    expect(stadiumFieldRule('table', 'T.1')).toBe('table must be 1 to 32 letters, digits, dashes or underscores');
    expect(stadiumFieldRule('tablePublicKey', KEY)).toBeNull();
  });
});
