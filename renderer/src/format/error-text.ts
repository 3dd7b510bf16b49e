import type { IpcError } from '../../../electron/ipc/contract.ts';
import { formatMinor } from './money.ts';
import { refusalReasonText } from './refusal-reason.ts';

type T = (key: string, named?: Record<string, unknown>) => string;
type TE = (key: string) => boolean;

/** Codes whose sentence names the limit that was hit. */
const LIMIT_CODES: readonly string[] = ['below-spot-min', 'above-spot-max', 'above-table-max', 'above-max-win'];

/**
 * A refused request in words: known codes get a translated sentence (with the limit amount formatted by
 * `money`, the table's venue-currency formatter, when main names one); anything else falls back to main's
 * own message.
 */
export function errorText(error: IpcError, t: T, te: TE, money: (minor: number) => string = formatMinor): string {
  const key = `errors.${error.code}`;
  const needsLimit = LIMIT_CODES.includes(error.code);
  if (te(key) && (!needsLimit || error.limit)) {
    return t(key, { limit: error.limit ? money(error.limit.valueMinor) : '' });
  }
  return error.message;
}

/**
 * A refusal on the player's table. At zero credit a chip refused for want of credit is an invitation to insert a
 * note, not a reproach (docs/rules.md#chips-and-bets); `creditsMinor` is null in demo mode, where notes are not taken.
 */
export function tableErrorText(
  error: IpcError,
  t: T,
  te: TE,
  money: (minor: number) => string,
  creditsMinor: number | null,
): string {
  if (error.code === 'insufficient-credits' && creditsMinor === 0 && te('errors.insertNote')) {
    return t('errors.insertNote');
  }
  return errorText(error, t, te, money);
}

/**
 * A refusal on a staff screen: always a translated sentence chosen by the reason when main names one
 * (refusal-reason.ts), else by the code (with the lockout end or the limit filled in), never main's English.
 * A code without a sentence of its own says so by its name.
 */
export function staffErrorText(
  error: Omit<IpcError, 'code'> & { readonly code: string; readonly until?: string },
  t: T,
  te: TE,
  time: (iso: string) => string,
  money: (minor: number) => string = formatMinor,
): string {
  const why = error.reason ? refusalReasonText(error.reason, t, te, money) : null;
  if (why !== null) return why;
  const key = `errors.${error.code}`;
  if (error.code === 'locked-out' && error.until) return t('staff.lockedUntil', { time: time(error.until) });
  if (te(key) && (!LIMIT_CODES.includes(error.code) || error.limit)) {
    return t(key, { limit: error.limit ? money(error.limit.valueMinor) : '' });
  }
  return t('staff.refused', { code: error.code });
}
