/**
 * When a round of the game history was played, in the screen's language (Intl, the cabinet's clock):
 * the time alone on a round from today, the day and the time on an older one, and the full date and
 * time in the round's own view.
 */
import { clockTime } from './date-time.ts';

function valid(iso: string): Date | null {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "14:05" for a round today, "28 Nov, 14:05" (in the language's own order) for an older one. */
export function historyRowTime(iso: string, locale: string, now: Date = new Date()): string {
  const d = valid(iso);
  if (!d) return iso;
  if (d.toDateString() === now.toDateString()) return clockTime(iso, locale);
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(d);
}

/** The date and the time to the second, for the round's full view. */
export function historyFullTime(iso: string, locale: string): string {
  const d = valid(iso);
  if (!d) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', hour12: false }).format(d);
}
