/** The host's stadium flags and variables (docs/stadium.md#joining-a-table): each checked by the section's own rule. */
import { describe, expect, it } from 'vitest';
import { parseStadiumFlags, StadiumSettingsError, stadiumOverride } from './stadium-flags.ts';

const KEY = Buffer.alloc(32, 7).toString('base64');

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
      /^--stadium: url must be nats:\/\/host:port or tls:\/\/host:port.*, got "http:\/\/broker"$/,
    ],
    [{ stadium: '' }, /^--stadium: url must be nats:/],
    [{ table: 'T.1' }, /^--table: table must be 1 to 32 letters, digits, dashes or underscores, got "T.1"$/],
    [{ table: 'x'.repeat(33) }, /^--table: table must be 1 to 32/],
    [
      { 'table-public-key': 'c2hvcnQ=' },
      /^--table-public-key: tablePublicKey must be the base64 of the table’s raw 32-byte/,
    ],
  ])('%o is refused naming the flag and what it allows', (values, message) => {
    expect(() => parseStadiumFlags(values)).toThrow(message);
    expect(() => parseStadiumFlags(values)).toThrow(StadiumSettingsError);
  });
});

describe('stadiumOverride', () => {
  it('takes a flag over a variable, a variable where no flag is given, and nothing from an empty variable', () => {
    const env = {
      BACCARAT_STADIUM_TABLE: 'ENV',
      BACCARAT_STADIUM_URL: ' nats://env:4222 ',
      BACCARAT_STADIUM_TABLE_PUBLIC_KEY: '',
    };
    expect(stadiumOverride({}, env)).toEqual({ table: 'ENV', url: 'nats://env:4222' });
    expect(stadiumOverride({ table: 'FLAG' }, env)).toEqual({ table: 'FLAG', url: 'nats://env:4222' });
    expect(stadiumOverride({}, {})).toEqual({});
  });

  it('refuses a bad variable naming it and what it allows', () => {
    expect(() => stadiumOverride({}, { BACCARAT_STADIUM_URL: 'udp://x' })).toThrow(
      /^BACCARAT_STADIUM_URL: url must be nats:\/\/host:port/,
    );
  });
});
