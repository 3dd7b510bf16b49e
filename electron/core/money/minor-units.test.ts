import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AmountError, assertMinor, formatMinor, MAX_AMOUNT_MINOR, parseMajorAmount } from './minor-units.ts';

describe('major-unit text ↔ integer minor units (money is integers everywhere)', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.30', 30],
    ['0.01', 1],
    [' 7.05 ', 705],
    ['100000000', MAX_AMOUNT_MINOR],
  ])('"%s" is %i minor units', (text, minor) => {
    expect(parseMajorAmount(text)).toBe(minor);
  });

  it.each([
    ['-1', /not an amount/],
    ['1.234', /not an amount.*two decimals/],
    ['1e3', /not an amount/],
    ['', /not an amount/],
    ['abc', /not an amount/],
    ['1,50', /not an amount/],
    ['.5', /not an amount/],
    ['+1', /not an amount/],
    ['0', /zero/],
    ['0.00', /zero/],
    ['100000000.01', /above the largest amount/],
  ])('rejects "%s" with a message saying what is allowed', (text, message) => {
    expect(() => parseMajorAmount(text)).toThrow(AmountError);
    expect(() => parseMajorAmount(text)).toThrow(message);
  });

  it('zero is accepted only when allowed', () => {
    expect(parseMajorAmount('0', { allowZero: true })).toBe(0);
  });

  it.each([
    [1250, '12.50'],
    [5, '0.05'],
    [0, '0.00'],
    [-5, '-0.05'],
    [-1234, '-12.34'],
  ])('%i formats as "%s"', (minor, text) => {
    expect(formatMinor(minor)).toBe(text);
  });

  it('formatting then parsing gives the same integer for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_AMOUNT_MINOR }), (minor) => {
        expect(parseMajorAmount(formatMinor(minor))).toBe(minor);
      }),
      { numRuns: 2000 },
    );
  });

  it('only safe integers are money', () => {
    expect(() => assertMinor(1.5, 'stake')).toThrow(/stake must be a whole number of minor units/);
    expect(() => assertMinor('100', 'stake')).toThrow(AmountError);
    expect(() => assertMinor(2 ** 53, 'stake')).toThrow(AmountError);
    expect(() => formatMinor(0.1)).toThrow(AmountError);
    expect(() => assertMinor(100, 'stake')).not.toThrow();
  });
});
