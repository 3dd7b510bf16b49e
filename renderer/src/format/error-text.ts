import type { IpcError } from '../../../electron/ipc/contract.ts';
import { wordingOf } from './error-code-wording.ts';
import { formatMinor } from './money.ts';
import { refusalReasonText } from './refusal-reason.ts';
import { isSessionReason, sessionRefusalText } from './session-words.ts';

type T = (key: string, named?: Record<string, unknown>) => string;
type TE = (key: string) => boolean;

/** The code's sentence (error-code-wording.ts), when the locale has it and main sent the limit it names. */
function codeSentence(
  error: { readonly code: string; readonly limit?: IpcError['limit'] },
  t: T,
  te: TE,
  money: (minor: number) => string,
): string | null {
  const wording = wordingOf(error.code);
  if (!wording || !te(wording.key) || (wording.namesLimit && !error.limit)) return null;
  return t(wording.key, { limit: error.limit ? money(error.limit.valueMinor) : '' });
}

/**
 * A refused request in words: known codes get a translated sentence (with the limit amount formatted by
 * `money`, the table's venue-currency formatter, when main names one); anything else falls back to main's
 * own message.
 */
export function errorText(error: IpcError, t: T, te: TE, money: (minor: number) => string = formatMinor): string {
  return codeSentence(error, t, te, money) ?? error.message;
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
  // A session limit says which limit and by how much (docs/responsible-gaming.md#session-limits).
  if (error.reason && isSessionReason(error.reason)) return sessionRefusalText(error.reason, t, money);
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
  if (error.code === 'locked-out' && error.until) return t('staff.lockedUntil', { time: time(error.until) });
  return codeSentence(error, t, te, money) ?? t('staff.refused', { code: error.code });
}
