import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TableJournal } from './table-journal.ts';

describe('the table journal', () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'table-journal-'));
    path = join(dir, 'table.db');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('belongs to one table: opening it for another is refused', () => {
    TableJournal.open(path, 'OWNED').close();
    expect(() => TableJournal.open(path, 'OTHER')).toThrow('is the journal of table OWNED, not of table OTHER');
  });

  it('numbers rounds from 1 up by one, and opens no round while one is open', () => {
    const journal = TableJournal.open(path, 'T');
    expect(journal.open(100)).toBe(1);
    expect(() => journal.open(100)).toThrow('round 1 is still open');
    journal.dealt(1, '{}');
    expect(journal.open(100)).toBe(2);
    journal.close();
  });

  it('never changes a concluded round: no second conclusion, no void after a deal', () => {
    const journal = TableJournal.open(path, 'T');
    journal.dealt(journal.open(100), '{"a":1}');
    expect(() => journal.voided(1, 'table-restarted')).toThrow('round 1 is not open');
    journal.published(1);
    expect(journal.round(1)).toEqual({ round: 1, status: 'dealt', resultJson: '{"a":1}', published: true });
    journal.close();
  });
});
