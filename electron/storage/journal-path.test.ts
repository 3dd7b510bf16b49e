import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JournalPathError, resolveJournalPath } from './journal-path.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'journal-path-'));

function refusal(value: string | undefined, options = {}): string {
  try {
    resolveJournalPath(value, 'BACCARAT_JOURNAL', options);
  } catch (error) {
    expect(error).toBeInstanceOf(JournalPathError);
    return (error as Error).message;
  }
  throw new Error(`${String(value)} was accepted`);
}

describe('the journal path resolver', () => {
  it('accepts an absolute path in a writable folder, normalised', () => {
    expect(resolveJournalPath(`${dir}/./sub/../journal.sqlite`, 'BACCARAT_JOURNAL')).toBe(
      path.join(dir, 'journal.sqlite'),
    );
  });

  it('refuses the names that keep the journal in RAM, naming the value and what is allowed', () => {
    for (const value of [
      undefined,
      '',
      '   ',
      ':memory:',
      ':MEMORY:',
      'file:journal?mode=memory',
      'FILE:/tmp/j.sqlite',
    ]) {
      const message = refusal(value);
      expect(message).toContain('BACCARAT_JOURNAL=');
      expect(message).toContain(JSON.stringify(value ?? ''));
      expect(message).toContain('allowed: an absolute path');
    }
  });

  it('refuses a relative path from the environment, resolves one from a command line flag', () => {
    expect(refusal('journal.sqlite')).toContain('relative path');
    expect(resolveJournalPath('journal.sqlite', '--journal', { relativeFrom: dir })).toBe(
      path.join(dir, 'journal.sqlite'),
    );
  });

  it('refuses a missing folder, a file where the folder should be and a read-only folder', () => {
    expect(refusal(path.join(dir, 'missing', 'journal.sqlite'))).toContain('does not exist');
    writeFileSync(path.join(dir, 'plain-file'), 'x');
    expect(refusal(path.join(dir, 'plain-file', 'journal.sqlite'))).toContain('is not a folder');
    const readOnly = path.join(dir, 'read-only');
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o500);
    // root may write anywhere; the rule is checked where it can be.
    if (process.getuid?.() !== 0) expect(refusal(path.join(readOnly, 'journal.sqlite'))).toContain('not writable');
  });

  it('never accepts a value that does not name a file in an existing absolute folder', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        try {
          const resolved = resolveJournalPath(value, 'BACCARAT_JOURNAL');
          expect(path.isAbsolute(resolved)).toBe(true);
          expect(resolved.toLowerCase().startsWith('file:')).toBe(false);
        } catch (error) {
          expect(error).toBeInstanceOf(JournalPathError);
        }
      }),
    );
  });
});
