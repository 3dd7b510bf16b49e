import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { damageJournalFile } from '../testing/journal-file-damage.ts';
import { Journal } from './journal.ts';
import {
  finishQuarantine,
  markerPathOf,
  pendingQuarantine,
  provenDamage,
  quarantineIfDamaged,
} from './journal-quarantine.ts';
import { diagnoseJournal } from './journal-check.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const clock = () => new Date('2026-12-01T13:40:05.123Z');

function journalFile(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quarantine-'));
  dirs.push(dir);
  const file = path.join(dir, 'journal.sqlite');
  Journal.open(file).close();
  return file;
}

describe('moving a damaged journal aside', () => {
  it('a sound journal and a missing one are left alone', () => {
    const file = journalFile();
    expect(diagnoseJournal(file)).toEqual({ kind: 'sound' });
    expect(quarantineIfDamaged(file, clock, provenDamage(file))).toBeNull();
    expect(diagnoseJournal(path.join(path.dirname(file), 'new.sqlite'))).toEqual({ kind: 'sound' });
    expect(readdirSync(path.dirname(file)).filter((f) => /damaged|ram-error/.test(f))).toEqual([]);
  });

  it('an empty file is damage, not a new journal (SQLite would start it over unseen)', () => {
    const file = journalFile();
    writeFileSync(file, '');
    expect(diagnoseJournal(file)).toMatchObject({
      kind: 'damaged',
      damage: { check: 'file', proof: 'file', sizeBytes: 0 },
    });
  });

  it('keeps the file, its -wal and -shm and its record key under the damaged name, with a marker until the RAM clear', () => {
    const file = journalFile();
    damageJournalFile(file, 'header');
    writeFileSync(`${file}-wal`, 'wal bytes');
    writeFileSync(`${file}-shm`, 'shm bytes');
    writeFileSync(`${file}.record-key`, 'key bytes');
    const q = quarantineIfDamaged(file, clock, provenDamage(file));
    expect(q).toMatchObject({ check: 'open', proof: 'header', damagedPath: `${file}.damaged-20261201T134005123Z` });
    for (const suffix of ['', '-wal', '-shm', '.record-key']) {
      expect(existsSync(`${q!.damagedPath}${suffix}`)).toBe(true);
      expect(existsSync(`${file}${suffix}`)).toBe(false);
    }
    expect(pendingQuarantine(file)).toEqual(q);
    finishQuarantine(file);
    expect(existsSync(markerPathOf(file))).toBe(false);
    expect(existsSync(q!.damagedPath)).toBe(true);
  });

  it('power lost after the marker but before the rename: the next start-up finishes the same move', () => {
    const file = journalFile();
    damageJournalFile(file, 'data-page');
    const q = quarantineIfDamaged(file, clock, provenDamage(file))!;
    renameSync(q.damagedPath, file); // as if the rename had not happened yet
    const again = quarantineIfDamaged(file, () => new Date('2026-12-01T14:00:00Z'), provenDamage(file));
    expect(again?.damagedPath).toBe(q.damagedPath);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(q.damagedPath)).toBe(true);
  });

  it('once moved, a repeated start-up never moves the fresh journal or its -wal', () => {
    const file = journalFile();
    damageJournalFile(file, 'header');
    const q = quarantineIfDamaged(file, clock, provenDamage(file))!;
    Journal.open(file).close();
    writeFileSync(`${file}-wal`, 'the fresh journal');
    expect(quarantineIfDamaged(file, clock, provenDamage(file))?.damagedPath).toBe(q.damagedPath);
    expect(existsSync(file)).toBe(true);
    expect(existsSync(`${file}-wal`)).toBe(true);
    expect(existsSync(`${q.damagedPath}-wal`)).toBe(false);
  });
});
