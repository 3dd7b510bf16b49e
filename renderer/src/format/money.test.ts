import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chipLabel, chipsForAmount, formatMinor, sumBets } from './money.ts';

describe('formatMinor (money is integer minor units, formatted for display only)', () => {
  it('prints two decimals with integer math', () => {
    expect(formatMinor(12550)).toBe('125.50');
    expect(formatMinor(1250)).toBe('12.50');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(0)).toBe('0.00');
    expect(formatMinor(-5)).toBe('-0.05');
    expect(formatMinor(25000)).toBe('250.00');
  });
  it('round-trips every amount exactly (no float drift)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_00 }), (m) => {
        const [major, minor] = formatMinor(m).split('.');
        expect(Number(major) * 100 + Number(minor)).toBe(m);
      }),
    );
  });
  it('refuses to print a non-integer amount as money', () => {
    expect(formatMinor(0.1 + 0.2)).toBe('—');
  });
});

describe('chip labels', () => {
  it('labels chips by major units, with K for thousands', () => {
    expect(chipLabel(50)).toBe('0.50');
    expect(chipLabel(100)).toBe('1');
    expect(chipLabel(2500)).toBe('25');
    expect(chipLabel(100000)).toBe('1K');
    expect(chipLabel(250000)).toBe('2.5K');
  });
});

describe('chip stack drawn on a spot', () => {
  it('adds up to the amount when not truncated', () => {
    const chips = chipsForAmount(3650, [50, 100, 500, 1000, 2500]);
    expect(chips.reduce((a, b) => a + b, 0)).toBe(3650);
  });
  it('draws at most maxChips', () => {
    expect(chipsForAmount(999_00, [100], 5)).toHaveLength(5);
  });
  it('sums a layout', () => {
    expect(sumBets({ player: 100, tie: 50 })).toBe(150);
    expect(sumBets(null)).toBe(0);
  });
});
