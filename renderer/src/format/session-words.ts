/**
 * The player session's figures and refusals in the player's words (docs/responsible-gaming.md): a session time as
 * hours and minutes, a net result that is always a loss with its minus sign, a win with its plus or even, never a
 * loss shown as a win; and the sentence of a session refusal with its amounts in the venue currency.
 */
import type { RefusalReason } from '../../../electron/ipc/contract.ts';

type T = (key: string, named?: Record<string, unknown>) => string;

/** A session time: "47 min", "1 h 05 min". */
export function sessionTime(minutes: number, t: T): string {
  if (minutes < 60) return t('responsible.minutes', { minutes });
  return t('responsible.hoursMinutes', {
    hours: Math.floor(minutes / 60),
    minutes: String(minutes % 60).padStart(2, '0'),
  });
}

/** Which way a net result went, so the screen colours and words it truthfully. */
export type NetKind = 'loss' | 'win' | 'even';

export function netKind(netMinor: number): NetKind {
  return netMinor < 0 ? 'loss' : netMinor > 0 ? 'win' : 'even';
}

/**
 * A net result: a loss names the word loss and keeps its minus sign (money of the negative amount), a win its plus.
 */
export function netResult(netMinor: number, t: T, money: (minor: number) => string): string {
  const kind = netKind(netMinor);
  if (kind === 'loss') return t('responsible.loss', { amount: money(netMinor) });
  return t(`responsible.${kind}`, { amount: money(Math.abs(netMinor)) });
}

type SessionReason = Extract<
  RefusalReason,
  { code: 'session-loss-limit-reached' | 'session-time-limit-reached' | 'session-loss-limit-ahead' }
>;

export function isSessionReason(reason: RefusalReason): reason is SessionReason {
  return reason.code.startsWith('session-');
}

/** A session refusal's sentence. */
export function sessionRefusalText(reason: SessionReason, t: T, money: (minor: number) => string): string {
  const key = `responsible.refusal.${reason.code}`;
  switch (reason.code) {
    case 'session-loss-limit-reached':
      return t(key, { loss: money(reason.lossMinor), limit: money(reason.limitMinor) });
    case 'session-time-limit-reached':
      return t(key, { time: sessionTime(reason.minutes, t), limit: sessionTime(reason.limitMinutes, t) });
    case 'session-loss-limit-ahead':
      return t(key, { left: money(reason.leftMinor) });
  }
}
