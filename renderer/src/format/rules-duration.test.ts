import { describe, expect, it } from 'vitest';
import { formatDuration } from './rules-duration.ts';

describe('a venue time on the rules screen', () => {
  const glued = (text: string): string => text.replace(/ /g, '\u00a0');
  it('says whole minutes as minutes and anything else as seconds, in the language', () => {
    expect(formatDuration(120, 'en')).toBe(glued('2 minutes'));
    expect(formatDuration(60, 'en')).toBe(glued('1 minute'));
    expect(formatDuration(90, 'en')).toBe(glued('90 seconds'));
    expect(formatDuration(30, 'de')).toBe(glued('30 Sekunden'));
    expect(formatDuration(300, 'sv')).toBe(glued('5 minuter'));
    expect(formatDuration(30, 'fi')).toBe(glued('30 sekuntia'));
  });

  it('never breaks a line between the figure and its unit', () => {
    for (const locale of ['en', 'sv', 'de', 'fi', 'nl', 'cs']) expect(formatDuration(45, locale)).not.toMatch(/ /);
  });
});
