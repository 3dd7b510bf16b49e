/**
 * What a terminal needs to join a table (docs/stadium.md#joining-a-table): the broker, the table, the table's public
 * key, and its two durations. One set of rules for every way in (the venue config's `stadium` section, the browser
 * host's flags), each with a sentence naming what is allowed, so a bad value is refused the same wherever it came from.
 */
import { TABLE_ID, TABLE_ID_RULE } from './table-messages.ts';

export interface StadiumSettings {
  /** `nats://host:port` or `tls://host:port`, several of one cluster separated by commas. */
  readonly url: string;
  readonly table: string;
  /** The table's raw 32-byte Ed25519 public key in base64 (its ready line's `publicKey`). */
  readonly tablePublicKey: string;
  /** No conclusion this long after the terminal's close: the round is voided and refunded. */
  readonly resultTimeoutMs: number;
  /** The terminal closes its window this much before the table does. */
  readonly closeMarginMs: number;
}

/** Used when neither the config nor a flag names them (docs/stadium.md#joining-a-table). */
export const STADIUM_DEFAULTS = { resultTimeoutMs: 10_000, closeMarginMs: 500 } as const;

export const STADIUM_RULES = {
  url: 'nats://HOST:PORT or tls://HOST:PORT, several separated by commas',
  table: TABLE_ID_RULE,
  tablePublicKey: "the table's 32-byte public key in base64 (44 characters ending in =)",
  resultTimeoutMs: 'a whole number of milliseconds from 1000 to 600000',
  closeMarginMs: 'a whole number of milliseconds from 0 to 10000',
} as const satisfies Record<keyof StadiumSettings, string>;

const URL_PART = /^(nats|tls):\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;
const PUBLIC_KEY = /^[A-Za-z0-9+/]{43}=$/;

function wholeIn(value: unknown, low: number, high: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= low && value <= high;
}

/** Null when `value` is allowed for `field`, else the rule it breaks. */
export function stadiumFieldProblem(field: keyof StadiumSettings, value: unknown): string | null {
  const ok = (() => {
    switch (field) {
      case 'url':
        return typeof value === 'string' && value.split(',').every((part) => URL_PART.test(part.trim()));
      case 'table':
        return typeof value === 'string' && TABLE_ID.test(value);
      case 'tablePublicKey':
        return typeof value === 'string' && PUBLIC_KEY.test(value);
      case 'resultTimeoutMs':
        return wholeIn(value, 1_000, 600_000);
      case 'closeMarginMs':
        return wholeIn(value, 0, 10_000);
    }
  })();
  return ok ? null : STADIUM_RULES[field];
}

/** A terminal id is one subject token and its consumer's name: the same rule as a table id. */
export const TERMINAL_ID = TABLE_ID;
