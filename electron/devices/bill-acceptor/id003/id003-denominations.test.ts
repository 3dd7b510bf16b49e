/**
 * Venue channels from the unit's currency assignment (docs/protocols/id003.md#channels, #commands): parsing
 * the 0x8A answer, channel numbering in code order, the default tables, the SET_DENOMINATIONS mask.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_ASSIGNMENTS,
  acceptedChannels,
  channelsOf,
  denominationMask,
  minorDigits,
} from './id003-denominations.ts';
import { parseCurrencyAssignment, parseVersion } from './id003-protocol.ts';

// A EUR unit's answer: code, country 0xE0, integer, exponent; 0x61 is an unused slot.
const EUR_ANSWER = Uint8Array.from(
  [
    [0x61, 0xe0, 0, 0],
    [0x62, 0xe0, 5, 0],
    [0x63, 0xe0, 1, 1],
    [0x64, 0xe0, 2, 1],
    [0x65, 0xe0, 5, 1],
    [0x66, 0xe0, 1, 2],
    [0x67, 0xe0, 2, 2],
    [0x68, 0xe0, 5, 2],
  ].flat(),
);

describe('the currency assignment (0x8A)', () => {
  it('reads 4 bytes per denomination, value = integer × 10^exponent, and skips unused slots', () => {
    const parsed = parseCurrencyAssignment(EUR_ANSWER);
    expect(parsed.ok && parsed.value.map((d) => [d.code, d.currency, d.valueMajor])).toEqual([
      [0x62, 'EUR', 5],
      [0x63, 'EUR', 10],
      [0x64, 'EUR', 20],
      [0x65, 'EUR', 50],
      [0x66, 'EUR', 100],
      [0x67, 'EUR', 200],
      [0x68, 'EUR', 500],
    ]);
  });

  it('refuses an answer that is not whole entries, repeats a code or has an absurd exponent', () => {
    expect(parseCurrencyAssignment(Uint8Array.of(0x62, 0xe0, 5))).toEqual({
      ok: false,
      error: 'a currency assignment is 4 bytes per denomination, got 3 bytes',
    });
    expect(parseCurrencyAssignment(Uint8Array.of(0x62, 0xe0, 5, 0, 0x62, 0xe0, 1, 1)).ok).toBe(false);
    expect(parseCurrencyAssignment(Uint8Array.of(0x62, 0xe0, 5, 9)).ok).toBe(false);
  });

  it('never throws on any bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (data) => void parseCurrencyAssignment(data)));
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (data) => typeof parseVersion(data) === 'string'));
  });
});

describe('venue channels', () => {
  const parsed = parseCurrencyAssignment(EUR_ANSWER);
  const channels = channelsOf(parsed.ok ? parsed.value : []);

  it('numbers the denominations in code order, so a EUR unit matches the venue table (1 = 5 … 6 = 200)', () => {
    expect(channels.slice(0, 6).map((c) => [c.channel, c.code, c.valueMinor])).toEqual([
      [1, 0x62, 500],
      [2, 0x63, 1_000],
      [3, 0x64, 2_000],
      [4, 0x65, 5_000],
      [5, 0x66, 10_000],
      [6, 0x67, 20_000],
    ]);
  });

  it('accepts only venue-enabled channels in the cabinet currency', () => {
    expect(acceptedChannels(channels, [1, 2, 6, 9], 'EUR')).toEqual([1, 2, 6]);
    expect(acceptedChannels(channels, null, 'EUR')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(acceptedChannels(channels, null, 'USD')).toEqual([]);
  });

  it('disables at the unit every code that is not accepted (bit i = code 0x61 + i, 1 = disabled)', () => {
    expect(Array.from(denominationMask(channels, [1, 2, 3, 4, 5]))).toEqual([0b1100_0001, 0xff]);
    expect(Array.from(denominationMask(channels, []))).toEqual([0xff, 0xff]);
  });

  it('has default tables for units that refuse 0x8A, and minor digits from the currency', () => {
    expect(channelsOf(DEFAULT_ASSIGNMENTS.EUR!).map((c) => c.valueMinor)).toEqual([
      500, 1_000, 2_000, 5_000, 10_000, 20_000,
    ]);
    expect(channelsOf(DEFAULT_ASSIGNMENTS.USD!).map((c) => [c.code, c.valueMinor])[1]).toEqual([0x63, 500]);
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
  });
});
