/**
 * A venue's time setting as the rules screen words it: whole minutes when it is whole minutes, else
 * seconds, in the locale's own unit words and plural forms (Intl), so no translation holds the figure. The
 * spaces are no-break spaces, so "30" never ends one line and "seconds" starts the next.
 */
export function formatDuration(seconds: number, locale: string): string {
  const minutes = seconds >= 60 && seconds % 60 === 0;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: minutes ? 'minute' : 'second',
    unitDisplay: 'long',
  })
    .format(minutes ? seconds / 60 : seconds)
    .replace(/ /g, '\u00a0');
}
