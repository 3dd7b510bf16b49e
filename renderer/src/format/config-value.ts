/**
 * A venue-config value as a person reads it on the staff screens: an amount (a field whose name ends in
 * `Minor`, or an element of such a list) as money in the screen's locale and currency, a write-only key by
 * whether it is set, a switch as on or off, anything else as it is. The confirm dialog and the audit trail both word values here,
 * so a change reads the same in both (docs/venue-config.md#audit-trail).
 */
import { shownValue } from './staff-config.ts';

type T = (key: string) => string;
type Money = (minor: number) => string;

/** "limits.tableMaxMinor", "limits.chipDenominationsMinor.3", "billChannels.0.valueMinor": amounts. */
export function isAmountPath(key: string): boolean {
  return /Minor(\.\d+)?$/.test(key);
}

const SECRET_KEY = /fixedKeyHex$/;
/** The audit trail's masked words for a write-only key (config-secrets.ts), as the editor's secret states. */
const SECRET_STATES: Readonly<Record<string, string>> = {
  'not set': 'not-set',
  set: 'set',
  'set (replaced)': 'changed',
};

export function configValueText(key: string, value: unknown, money: Money, t: T): string {
  if (SECRET_KEY.test(key)) {
    const state = typeof value === 'string' ? (SECRET_STATES[value] ?? value) : 'not-set';
    return t(`staff.config.secret.${state}`);
  }
  if (typeof value === 'boolean') return t(value ? 'settings.on' : 'settings.off');
  if (isAmountPath(key) && typeof value === 'number') return money(value);
  if (isAmountPath(key) && Array.isArray(value)) {
    return value.map((x) => (typeof x === 'number' ? money(x) : '—')).join(', ');
  }
  return shownValue(value);
}

/** A value as the audit trail stores it (canonical JSON, "absent", or a secret's masked words), in words. */
export function auditValueText(key: string, stored: string, money: Money, t: T): string {
  if (SECRET_KEY.test(key)) return configValueText(key, stored, money, t);
  if (stored === 'absent') return '—';
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return stored;
  }
  return configValueText(key, value, money, t);
}
