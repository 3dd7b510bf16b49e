/**
 * The venue settings both drivers take and check alike — the channels the venue accepts, the cabinet's
 * currency, whole numbers in a range (poll interval, reply timeout, sends) — each refused with a
 * BillAcceptorConfigError that names the field and says what is allowed. The ranges and defaults are each
 * protocol's own (docs/protocols/essp.md#link-settings, docs/protocols/id003.md#link-settings).
 */
import { BillAcceptorConfigError } from './bill-acceptor-config-error.ts';

/** `value` (or `fallback` when it is absent) if it is a whole number from `min` to `max`. */
export function wholeNumberField(
  field: string,
  value: number | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  const chosen = value ?? fallback;
  if (!Number.isInteger(chosen) || chosen < min || chosen > max) {
    throw new BillAcceptorConfigError(`${field} must be a whole number from ${min} to ${max}, got ${chosen}`);
  }
  return chosen;
}

/** The venue's channels (1 to 16, at least one), or null for every channel the unit reports. */
export function enabledChannelsField(value: readonly number[] | undefined): readonly number[] | null {
  const enabled = value ?? null;
  if (enabled && (enabled.length === 0 || enabled.some((c) => !Number.isInteger(c) || c < 1 || c > 16))) {
    throw new BillAcceptorConfigError('enabledChannels must list channel numbers from 1 to 16 (at least one)');
  }
  return enabled;
}

/** The cabinet's currency, three capital letters; EUR when absent. */
export function currencyField(value: string | undefined): string {
  const currency = value ?? 'EUR';
  if (!/^[A-Z]{3}$/.test(currency))
    throw new BillAcceptorConfigError(`currency must be a 3-letter code, got ${currency}`);
  return currency;
}
