/**
 * The settings both drivers check alike: a wrong one is refused with an error naming the field and what is
 * allowed, an absent one takes its default.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyField, enabledChannelsField, wholeNumberField } from './acceptor-config-fields.ts';
import { BillAcceptorConfigError } from './bill-acceptor-config-error.ts';

describe('bill acceptor setting fields', () => {
  it('takes a whole number in its range, or the default when absent', () => {
    expect(wholeNumberField('pollIntervalMs', undefined, 250, 200, 5_000)).toBe(250);
    expect(wholeNumberField('pollIntervalMs', 200, 250, 200, 5_000)).toBe(200);
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double()), (value) => {
        const inRange = Number.isInteger(value) && value >= 200 && value <= 5_000;
        if (inRange) expect(wholeNumberField('pollIntervalMs', value, 250, 200, 5_000)).toBe(value);
        else {
          expect(() => wholeNumberField('pollIntervalMs', value, 250, 200, 5_000)).toThrow(
            new BillAcceptorConfigError(`pollIntervalMs must be a whole number from 200 to 5000, got ${value}`),
          );
        }
      }),
    );
  });

  it('takes the venue channels 1 to 16, at least one, or every channel when absent', () => {
    expect(enabledChannelsField(undefined)).toBeNull();
    expect(enabledChannelsField([1, 16])).toEqual([1, 16]);
    for (const wrong of [[], [0], [17], [1.5]]) {
      expect(() => enabledChannelsField(wrong)).toThrow(/enabledChannels must list channel numbers from 1 to 16/);
    }
  });

  it('takes a three-letter currency, EUR when absent', () => {
    expect(currencyField(undefined)).toBe('EUR');
    expect(currencyField('SEK')).toBe('SEK');
    expect(() => currencyField('eur')).toThrow('currency must be a 3-letter code, got eur');
  });
});
