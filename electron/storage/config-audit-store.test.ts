import { describe, expect, it, onTestFinished } from 'vitest';
import { tempJournal } from '../testing/journal-fixtures.ts';

function journal() {
  const t = tempJournal();
  onTestFinished(t.cleanup);
  return t;
}

const row = (field: string, n: number) => ({
  at: `2026-12-01T03:00:0${n}.000Z`,
  role: 'technician',
  field,
  oldValue: String(n),
  newValue: String(n + 1),
  configSha256: `sha-${n}`,
});

describe('the venue-config audit trail', () => {
  it('keeps one row per field, newest first, paged by beforeId, and survives a reopen', () => {
    const t = journal();
    const j = t.journal;
    j.transaction(() => {
      for (let n = 0; n < 5; n++) j.appendConfigAudit(row(`f${n}`, n));
    });
    const all = j.configAudit({ limit: 10 });
    expect(all.map((r) => r.field)).toEqual(['f4', 'f3', 'f2', 'f1', 'f0']);
    expect(all[0]).toEqual({
      id: all[0]!.id,
      at: '2026-12-01T03:00:04.000Z',
      role: 'technician',
      field: 'f4',
      oldValue: '4',
      newValue: '5',
    });
    const first = j.configAudit({ limit: 2 });
    const next = j.configAudit({ limit: 2, beforeId: first.at(-1)!.id });
    expect([...first, ...next].map((r) => r.field)).toEqual(['f4', 'f3', 'f2', 'f1']);
    expect(t.reopen({ readOnly: true }).configAudit({ limit: 10 })).toEqual(all);
  });

  it('is append-only and written only inside a transaction', () => {
    const t = journal();
    const j = t.journal;
    expect(() => j.appendConfigAudit(row('f', 1))).toThrow('appendConfigAudit must run inside a journal transaction');
    j.transaction(() => j.appendConfigAudit(row('f', 1)));
    const raw = t.reopen();
    expect(() =>
      raw.transaction(() => (raw as unknown as { db: { run(sql: string): void } }).db.run('DELETE FROM config_audit')),
    ).toThrow(/append-only/);
    expect(() =>
      raw.transaction(() =>
        (raw as unknown as { db: { run(sql: string): void } }).db.run("UPDATE config_audit SET new_value = 'x'"),
      ),
    ).toThrow(/append-only/);
    expect(j.configAudit({ limit: 5 })).toHaveLength(1);
  });
});
