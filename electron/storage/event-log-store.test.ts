import { describe, expect, it, onTestFinished } from 'vitest';
import { tempJournal } from '../testing/journal-fixtures.ts';

function journal() {
  const t = tempJournal();
  onTestFinished(t.cleanup);
  return t.journal;
}

describe('the event log', () => {
  it('appendEvent outside a transaction is refused and logs nothing', () => {
    const j = journal();
    expect(() => j.appendEvent('door', 'door opened', 't')).toThrow(
      'appendEvent must run inside a journal transaction',
    );
    expect(j.events({})).toEqual([]);
    expect(j.lastEventId()).toBe(0);
  });

  it('lists newest first, by id range and kind', () => {
    const j = journal();
    j.transaction(() => {
      for (let i = 1; i <= 6; i++) j.appendEvent(i % 2 ? 'door' : 'fault', `e${i}`, `t${i}`);
    });
    expect(j.events({}).map((e) => e.id)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(j.events({ fromId: 2, toId: 5, limit: 3 }).map((e) => e.detail)).toEqual(['e5', 'e4', 'e3']);
    expect(j.events({ kind: 'fault' }).map((e) => e.id)).toEqual([6, 4, 2]);
    expect(j.events({ limit: 1 })[0]).toEqual({ id: 6, at: 't6', kind: 'fault', detail: 'e6' });
    expect(j.lastEventId()).toBe(6);
  });
});
