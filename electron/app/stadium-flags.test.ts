/** The host's stadium flags and the venue config's stadium section combine field by field (docs/stadium.md#joining-a-table). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeStadiumSettings, parseStadiumFlags, StadiumSettingsError } from './stadium-flags.ts';

const KEY = Buffer.alloc(32, 7).toString('base64');
const OTHER_KEY = Buffer.alloc(32, 9).toString('base64');
const FULL = { url: 'nats://broker:4222', table: 'T1', tablePublicKey: KEY, resultTimeoutMs: 8000, closeMarginMs: 300 };

describe('parseStadiumFlags', () => {
  it('takes good flags as they are, and none as none', () => {
    expect(
      parseStadiumFlags({ stadium: 'nats://a:4222,nats://b:4222', table: 'T-1', 'table-public-key': KEY }),
    ).toEqual({ url: 'nats://a:4222,nats://b:4222', table: 'T-1', tablePublicKey: KEY });
    expect(parseStadiumFlags({})).toEqual({});
  });

  it.each([
    [
      { stadium: 'http://broker' },
      /^--stadium must be nats:\/\/HOST:PORT or tls:\/\/HOST:PORT.*, got "http:\/\/broker"$/,
    ],
    [{ stadium: '' }, /^--stadium must be nats:/],
    [{ table: 'T.1' }, /^--table must be 1 to 32 letters, digits, dashes or underscores, got "T.1"$/],
    [{ table: 'x'.repeat(33) }, /^--table must be 1 to 32/],
    [{ 'table-public-key': 'c2hvcnQ=' }, /^--table-public-key must be the table's 32-byte public key in base64/],
  ])('%o is refused naming the flag and what it allows', (values, message) => {
    expect(() => parseStadiumFlags(values)).toThrow(message);
    expect(() => parseStadiumFlags(values)).toThrow(StadiumSettingsError);
  });
});

describe('mergeStadiumSettings', () => {
  it('plays alone when neither the config nor a flag names a table', () => {
    expect(mergeStadiumSettings(undefined, {})).toBeNull();
    expect(mergeStadiumSettings(null, {})).toBeNull();
  });

  it('lets the config carry the durations and the flags the rest', () => {
    expect(
      mergeStadiumSettings(
        { resultTimeoutMs: 4000 },
        { url: 'nats://127.0.0.1:4222', table: 'T1', tablePublicKey: KEY },
      ),
    ).toEqual({
      url: 'nats://127.0.0.1:4222',
      table: 'T1',
      tablePublicKey: KEY,
      resultTimeoutMs: 4000,
      closeMarginMs: 500,
    });
  });

  it('gives the durations their defaults when nothing names them', () => {
    expect(mergeStadiumSettings(undefined, { url: FULL.url, table: 'T1', tablePublicKey: KEY })).toMatchObject({
      resultTimeoutMs: 10_000,
      closeMarginMs: 500,
    });
  });

  it('takes each field from its flag when given, else from the config', () => {
    fc.assert(
      fc.property(
        fc.record(
          { url: fc.constant('nats://flag:4222'), table: fc.constant('FLAG'), tablePublicKey: fc.constant(OTHER_KEY) },
          { requiredKeys: [] },
        ),
        (flags) => {
          expect(mergeStadiumSettings(FULL, flags)).toEqual({ ...FULL, ...flags });
        },
      ),
    );
  });

  it('takes a variable over the config, and a flag over the variable', () => {
    const env = {
      BACCARAT_STADIUM_TABLE: 'ENV',
      BACCARAT_STADIUM_URL: ' nats://env:4222 ',
      BACCARAT_STADIUM_TABLE_PUBLIC_KEY: '',
    };
    expect(mergeStadiumSettings(FULL, {}, env)).toEqual({ ...FULL, table: 'ENV', url: 'nats://env:4222' });
    expect(mergeStadiumSettings(FULL, { table: 'FLAG' }, env)).toMatchObject({ table: 'FLAG', url: 'nats://env:4222' });
    expect(mergeStadiumSettings(undefined, {}, { BACCARAT_STADIUM_TABLE: '' })).toBeNull();
    expect(() => mergeStadiumSettings(undefined, {}, { BACCARAT_STADIUM_TABLE: 'T1' })).toThrow(/needs nats:/);
    expect(() => mergeStadiumSettings(FULL, {}, { BACCARAT_STADIUM_URL: 'udp://x' })).toThrow(
      /^BACCARAT_STADIUM_URL must be nats:\/\/HOST:PORT/,
    );
  });

  it.each([
    [
      {},
      { url: FULL.url, table: 'T1' },
      /needs the table's 32-byte public key .*: give it with --table-public-key B64, BACCARAT_STADIUM_TABLE_PUBLIC_KEY or stadium.tablePublicKey/,
    ],
    [
      { resultTimeoutMs: 4000 },
      { table: 'T1', tablePublicKey: KEY },
      /needs nats:\/\/HOST:PORT.*--stadium URL, BACCARAT_STADIUM_URL or stadium.url/,
    ],
    [
      { url: FULL.url, tablePublicKey: KEY },
      {},
      /needs 1 to 32 letters.*--table ID, BACCARAT_STADIUM_TABLE or stadium.table/,
    ],
    [
      { ...FULL, resultTimeoutMs: 5 },
      {},
      /^stadium.resultTimeoutMs in the venue config must be a whole number of milliseconds from 1000 to 600000, got 5$/,
    ],
    [{ ...FULL, table: 'a b' }, {}, /^stadium.table in the venue config must be 1 to 32/],
    ['yes', {}, /"stadium" must be an object/],
    [[], {}, /"stadium" must be an object/],
  ])('config %o with flags %o is refused naming what is missing or wrong', (section, flags, message) => {
    expect(() => mergeStadiumSettings(section, flags)).toThrow(message);
  });
});
