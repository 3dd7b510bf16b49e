import { describe, expect, it } from 'vitest';
import { formatDuration } from './rules-duration.ts';

describe('a venue time on the rules screen', () => {
  it('says whole minutes as minutes and anything else as seconds, in the language', () => {
    expect(formatDuration(120, 'en')).toBe('2 minutes');
    expect(formatDuration(60, 'en')).toBe('1 minute');
    expect(formatDuration(90, 'en')).toBe('90 seconds');
    expect(formatDuration(30, 'de')).toBe('30 Sekunden');
    expect(formatDuration(300, 'sv')).toBe('5 minuter');
  });
});
