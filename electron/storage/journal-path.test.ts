import { describe, expect, it } from 'vitest';
import { JOURNAL_ENV, resolveJournalPath } from './journal-path.ts';

describe('journal path resolver', () => {
  it('uses --journal first, then BACCARAT_JOURNAL, then the default folder', () => {
    expect(
      resolveJournalPath({ argv: ['--journal', '/x/j.sqlite'], env: { [JOURNAL_ENV]: '/y' }, defaultDir: '/d' }),
    ).toBe('/x/j.sqlite');
    expect(resolveJournalPath({ argv: ['--journal=rel.sqlite'], defaultDir: '/d', cwd: '/w' })).toBe('/w/rel.sqlite');
    expect(resolveJournalPath({ env: { [JOURNAL_ENV]: '/y/j.sqlite' }, defaultDir: '/d' })).toBe('/y/j.sqlite');
    expect(resolveJournalPath({ defaultDir: '/d' })).toBe('/d/cabinet-journal.sqlite');
  });

  it('refuses a missing path or :memory: with a clear message', () => {
    expect(() => resolveJournalPath({ argv: ['--journal'], defaultDir: '/d' })).toThrow(/--journal needs a file path/);
    expect(() => resolveJournalPath({ argv: ['--journal', ':memory:'], defaultDir: '/d' })).toThrow(
      /must be a file on disk/,
    );
  });
});
