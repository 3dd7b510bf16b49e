/**
 * Money is always an integer count of minor units (cents). These helpers are the
 * only place where text in major units ("12.50") meets integers.
 */
export type MinorUnits = number;

/** Upper bound for any single amount: keeps sums of thousands of them exact in a double. */
export const MAX_AMOUNT_MINOR = 100_000_000_00; // 100 million major units

export class AmountError extends Error {
  override readonly name = 'AmountError';
}

const MAJOR_AMOUNT = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/**
 * Parses "12", "12.5" or "12.50" into 1250. Rejects negatives, zero (unless
 * allowed), more than two decimals, exponents and anything else.
 */
export function parseMajorAmount(text: string, { allowZero = false } = {}): MinorUnits {
  const match = MAJOR_AMOUNT.exec(text.trim());
  if (!match) {
    throw new AmountError(
      `"${text}" is not an amount: use digits with at most two decimals, like 10 or 0.30 (no sign, no exponent)`,
    );
  }
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const minor = whole * 100 + fraction;
  if (minor === 0 && !allowZero) throw new AmountError(`"${text}" is zero: an amount must be at least 0.01`);
  if (minor > MAX_AMOUNT_MINOR)
    throw new AmountError(`"${text}" is above the largest amount, ${formatMinor(MAX_AMOUNT_MINOR)}`);
  return minor;
}

/** 1250 → "12.50"; -5 → "-0.05". */
export function formatMinor(minor: MinorUnits): string {
  assertMinor(minor, 'amount');
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 12345 with 2 digits → "123.45"; with 0 → "12345"; with 3 → "12.345". Negative amounts keep their sign. */
export function formatAmount(minor: MinorUnits, minorDigits: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount must be whole minor units, got ${String(minor)}`);
  if (!Number.isInteger(minorDigits) || minorDigits < 0 || minorDigits > 3) {
    throw new RangeError(`minorDigits must be 0 to 3, got ${String(minorDigits)}`);
  }
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(minorDigits + 1, '0');
  if (minorDigits === 0) return sign + digits;
  return `${sign}${digits.slice(0, -minorDigits)}.${digits.slice(-minorDigits)}`;
}

/**
 * An amount as the English text of logs and exports meant for people, with its currency: 12345 EUR → "123.45 EUR",
 * 1250 JPY → "1250 JPY" (docs/venue-config.md#audit-trail).
 */
export function moneyText(
  minor: MinorUnits,
  currency: { readonly code: string; readonly minorDigits: number },
): string {
  return `${formatAmount(minor, currency.minorDigits)} ${currency.code}`;
}

/** Guards the integer-money rule at boundaries (IPC, journal rows, config). */
export function assertMinor(value: unknown, what: string): asserts value is MinorUnits {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new AmountError(`${what} must be a whole number of minor units (cents), got ${String(value)}`);
  }
}
