/**
 * What changed between two venue configs, leaf by leaf, with secrets masked: one audit row per
 * changed leaf field (docs/venue-config.md#audit-trail), whose fields the event log's `config-changed` names.
 * Lists (chips, bill channels) are compared element by element; a list that grew or shrank
 * shows its missing elements as absent. The rows keep values as stored (amounts in minor units); text for
 * people words amounts as money with the currency (docs/venue-config.md#audit-trail).
 */
import { canonicalJson } from '../integrity/canonical-json.ts';
import { moneyText } from '../money/minor-units.ts';
import { maskSecret, SECRET_PATHS } from './config-secrets.ts';
import type { VenueConfig } from './venue-config.ts';

export interface FieldChange {
  readonly field: string;
  /** Canonical JSON of the old value ("absent" when the field did not exist), secrets masked. */
  readonly oldValue: string;
  readonly newValue: string;
}

const ABSENT = 'absent';

function shown(path: string, value: unknown): string {
  if (SECRET_PATHS.has(path)) return maskSecret(value);
  return value === undefined ? ABSENT : canonicalJson(value);
}

/** The changed leaf fields, in a stable order (keys sorted, list indices ascending). */
export function configChanges(before: unknown, after: unknown): FieldChange[] {
  const out: FieldChange[] = [];
  const walk = (a: unknown, b: unknown, path: string): void => {
    if (SECRET_PATHS.has(path)) {
      // A replaced key is a change even though both sides show "set".
      if (canonicalJson(a ?? null) !== canonicalJson(b ?? null)) {
        const oldValue = maskSecret(a);
        const newValue = a != null && b != null ? 'set (replaced)' : maskSecret(b);
        out.push({ field: path, oldValue, newValue });
      }
      return;
    }
    if (a !== undefined && b !== undefined && canonicalJson(a) === canonicalJson(b)) return;
    const objects = a && b && typeof a === 'object' && typeof b === 'object';
    if (objects && Array.isArray(a) === Array.isArray(b)) {
      const keys = Array.isArray(a)
        ? Array.from({ length: Math.max(a.length, (b as unknown[]).length) }, (_, i) => String(i))
        : [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
      for (const k of keys) {
        walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
      }
      return;
    }
    out.push({ field: path, oldValue: shown(path, a), newValue: shown(path, b) });
  };
  walk(before, after, '');
  return out;
}

type Currency = VenueConfig['currency'];

/**
 * A value as stored in a change row, for people: an amount field's (`…Minor`, or an element of such a list) as
 * money with the currency, "10000" → "100.00 EUR"; anything else as stored.
 */
export function storedValueText(field: string, stored: string, currency: Currency): string {
  if (!/Minor(\.\d+)?$/.test(field)) return stored;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return stored;
  }
  const amount = (v: unknown): string => (Number.isSafeInteger(v) ? moneyText(v as number, currency) : String(v));
  if (Array.isArray(value)) return `[${value.map(amount).join(', ')}]`;
  return Number.isSafeInteger(value) ? amount(value) : stored;
}
