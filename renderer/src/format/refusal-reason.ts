import type { RefusalReason } from '../../../electron/ipc/contract.ts';
import { fieldLabel } from './field-issue.ts';
import { formatMinor } from './money.ts';
import { isSessionReason, sessionRefusalText } from './session-words.ts';

type T = (key: string, named?: Record<string, unknown>) => string;
type TE = (key: string) => boolean;

/**
 * Why main refused a staff request, in the technician's language: the sentence of the reason's code
 * (`refusal.<code>`) with its parameters worded here (the device by its staff-menu name), never main's English.
 * Null when this screen has no sentence for the code, so the caller falls back to the refusal's own code.
 * `money` is the screen's formatter (useMoney), so credits read as the meters show them.
 */
export function refusalReasonText(
  reason: RefusalReason,
  t: T,
  te: TE,
  money: (minor: number) => string = formatMinor,
): string | null {
  // A player's session refusals are worded beside the reality check (session-words.ts).
  if (isSessionReason(reason)) return sessionRefusalText(reason, t, money);
  const withSettings = reason.code === 'money-on-cabinet' && reason.settings.length > 0;
  const key = `refusal.${reason.code}${withSettings ? '-settings' : ''}`;
  if (!te(key)) return null;
  const settings = (paths: readonly string[]): string => paths.map((p) => fieldLabel(p, t, te)).join(', ');
  switch (reason.code) {
    case 'money-on-cabinet':
      return t(key, {
        credits: money(reason.creditsMinor),
        handpays: reason.unpaidHandpays,
        rounds: reason.openRounds,
        settings: settings(reason.settings),
      });
    case 'restart-only':
      return t(key, { settings: settings(reason.settings) });
    case 'note-in-escrow':
    case 'credit-pending': {
      const device = `staff.config.device.${reason.device}`;
      return t(key, { device: te(device) ? t(device) : reason.device });
    }
  }
}
