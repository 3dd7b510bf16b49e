/**
 * Which venue bill channel an ID-003 escrow code stands for (docs/protocols/id003.md#channels).
 *
 * - The unit's CURRENCY_ASSIGNMENT_REQUEST (0x8A) lists its denominations; channel n is the n-th of them in code
 *   order, so a EUR unit's 5, 10, 20, 50, 100, 200 become channels 1–6, like the venue's bill channels.
 * - A unit that refuses 0x8A gets the documented default table ({@link DEFAULT_ASSIGNMENTS}); a currency without
 *   one leaves every channel off (the `no-channels` condition says so).
 * - SET_DENOMINATIONS (0xC0) takes two bytes, bit i = code 0x61 + i, 1 = disabled: every code that is not an
 *   accepted channel is disabled, so the unit itself refuses what the venue does not take.
 */
import { FIRST_DENOMINATION_CODE, type Denomination } from './id003-protocol.ts';

export interface Id003Channel {
  /** 1-based, the venue's bill channel number. */
  readonly channel: number;
  readonly code: number;
  readonly currency: string;
  /** In minor units of `currency`; 0 when the currency is unknown. */
  readonly valueMinor: number;
}

/** Used only when the unit refuses 0x8A; values as the open hosts read them from EUR units. */
export const DEFAULT_ASSIGNMENTS: Readonly<Record<string, readonly Denomination[]>> = {
  EUR: [5, 10, 20, 50, 100, 200].map((valueMajor, i) => ({ code: 0x62 + i, currency: 'EUR', valueMajor })),
  USD: [
    { code: 0x61, currency: 'USD', valueMajor: 1 },
    { code: 0x63, currency: 'USD', valueMajor: 5 },
    { code: 0x64, currency: 'USD', valueMajor: 10 },
    { code: 0x65, currency: 'USD', valueMajor: 20 },
    { code: 0x66, currency: 'USD', valueMajor: 50 },
    { code: 0x67, currency: 'USD', valueMajor: 100 },
  ],
};

/** Minor digits of an ISO 4217 currency (EUR 2, JPY 0), from Intl. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

export function channelsOf(denominations: readonly Denomination[]): Id003Channel[] {
  return [...denominations]
    .sort((a, b) => a.code - b.code)
    .map((d, i) => ({
      channel: i + 1,
      code: d.code,
      currency: d.currency,
      valueMinor: d.currency === '' ? 0 : Math.round(d.valueMajor * 10 ** minorDigits(d.currency)),
    }));
}

/** Venue-enabled channels (all when null) in the cabinet's currency, with a value. */
export function acceptedChannels(
  channels: readonly Id003Channel[],
  enabled: readonly number[] | null,
  currency: string,
): number[] {
  return channels
    .filter((c) => (enabled === null || enabled.includes(c.channel)) && c.currency === currency && c.valueMinor > 0)
    .map((c) => c.channel);
}

/** SET_DENOMINATIONS data: every code except the accepted channels' codes disabled. */
export function denominationMask(channels: readonly Id003Channel[], accepted: readonly number[]): Uint8Array {
  let mask = 0xffff;
  for (const c of channels) {
    const bit = c.code - FIRST_DENOMINATION_CODE;
    if (accepted.includes(c.channel) && bit >= 0 && bit < 16) mask &= ~(1 << bit);
  }
  return Uint8Array.of(mask & 0xff, mask >>> 8);
}
