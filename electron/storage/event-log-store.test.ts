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
    expect(() => j.appendEvent('door', 't', { code: 'door-opened' })).toThrow(
      'appendEvent must run inside a journal transaction',
    );
    expect(j.events({})).toEqual([]);
    expect(j.lastEventId()).toBe(0);
  });

  it('lists newest first, by id range and kind', () => {
    const j = journal();
    j.transaction(() => {
      for (let i = 1; i <= 6; i++)
        j.appendEvent(i % 2 ? 'door' : 'fault', `t${i}`, { code: 'memory-copy-file-behind', commitsBehind: i });
    });
    expect(j.events({}).map((e) => e.id)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(j.events({ fromId: 2, toId: 5, limit: 3 }).map((e) => e.message)).toEqual(
      [5, 4, 3].map((commitsBehind) => ({ code: 'memory-copy-file-behind', commitsBehind })),
    );
    expect(j.events({ kind: 'fault' }).map((e) => e.id)).toEqual([6, 4, 2]);
    expect(j.events({ limit: 1 })[0]).toEqual({
      id: 6,
      at: 't6',
      kind: 'fault',
      message: { code: 'memory-copy-file-behind', commitsBehind: 6 },
    });
    expect(j.lastEventId()).toBe(6);
  });

  describe('paging, kind and time range (the technician event log)', () => {
    /** 25 events, one a minute from 03:00, alternating door / fault. */
    function logOf25() {
      const j = journal();
      j.transaction(() => {
        for (let i = 1; i <= 25; i++) {
          const at = new Date(Date.UTC(2026, 11, 1, 3, i - 1)).toISOString();
          j.appendEvent(i % 2 ? 'door' : 'fault', at, { code: 'door-opened' });
        }
      });
      return j;
    }

    /** Every page of `limit`, walking back with toId = last id − 1, until an empty page. */
    function pages(j: ReturnType<typeof logOf25>, query: Parameters<typeof j.events>[0]): number[][] {
      const out: number[][] = [];
      let toId: number | undefined;
      for (;;) {
        const page = j.events({ ...query, ...(toId === undefined ? {} : { toId }) }).map((e) => e.id);
        out.push(page);
        if (page.length === 0) return out;
        toId = page.at(-1)! - 1;
      }
    }

    it('pages of 10 cover every event once, newest first; the last page is partial, then empty', () => {
      expect(pages(logOf25(), { limit: 10 })).toEqual([
        [25, 24, 23, 22, 21, 20, 19, 18, 17, 16],
        [15, 14, 13, 12, 11, 10, 9, 8, 7, 6],
        [5, 4, 3, 2, 1],
        [],
      ]);
    });

    it('a page size that divides the log exactly ends on an empty page, never a repeat', () => {
      expect(pages(logOf25(), { limit: 5 }).map((p) => p.length)).toEqual([5, 5, 5, 5, 5, 0]);
    });

    it('id bounds are inclusive; a single id and an empty range', () => {
      const j = logOf25();
      expect(j.events({ fromId: 7, toId: 7 }).map((e) => e.id)).toEqual([7]);
      expect(j.events({ fromId: 8, toId: 7 })).toEqual([]);
      expect(j.events({ fromId: 24 }).map((e) => e.id)).toEqual([25, 24]);
      expect(j.events({ toId: 0 })).toEqual([]);
    });

    it('by kind, paged', () => {
      expect(pages(logOf25(), { kind: 'fault', limit: 5 })).toEqual([
        [24, 22, 20, 18, 16],
        [14, 12, 10, 8, 6],
        [4, 2],
        [],
      ]);
      expect(logOf25().events({ kind: 'no-such-kind' })).toEqual([]);
    });

    it('by time: both bounds inclusive, any ISO offset or precision means the same instant', () => {
      const j = logOf25();
      // Events 5..10 were logged 03:04..03:09 UTC.
      expect(j.events({ fromTime: '2026-12-01T03:04:00Z', toTime: '2026-12-01T03:09:00Z' }).map((e) => e.id)).toEqual([
        10, 9, 8, 7, 6, 5,
      ]);
      expect(
        j.events({ fromTime: '2026-12-01T05:04:00+02:00', toTime: '2026-12-01T05:04:00.000+02:00' }).map((e) => e.id),
      ).toEqual([5]);
      expect(j.events({ fromTime: '2026-12-01T03:04:00.001Z', toTime: '2026-12-01T03:04:59.999Z' })).toEqual([]);
      expect(j.events({ toTime: '2026-12-01T03:01:00Z' }).map((e) => e.id)).toEqual([2, 1]);
      expect(j.events({ fromTime: '2026-12-01T03:23:00Z' }).map((e) => e.id)).toEqual([25, 24]);
    });

    it('time, kind and paging together', () => {
      const range = { fromTime: '2026-12-01T03:04:00Z', toTime: '2026-12-01T03:15:00Z', kind: 'door', limit: 2 };
      expect(pages(logOf25(), range)).toEqual([[15, 13], [11, 9], [7, 5], []]);
    });

    it('a bound that is not a time is refused', () => {
      expect(() => logOf25().events({ fromTime: 'yesterday' })).toThrow(/not an ISO-8601 time/);
    });
  });

  describe('coded rows (what the staff menu words in the technician language)', () => {
    it('a writer that passes its message gets it back, parameters typed as written', () => {
      const j = journal();
      j.transaction(() =>
        j.appendEvent('clear', 't', {
          code: 'handpay-paid',
          role: 'attendant',
          handpayIds: [3],
          totalMinor: 1250,
        }),
      );
      expect(j.events({})[0]!.message).toEqual({
        code: 'handpay-paid',
        role: 'attendant',
        handpayIds: [3],
        totalMinor: 1250,
      });
    });

    it('a row reads back as the code and parameters its writer passed', () => {
      const j = journal();
      j.transaction(() => {
        j.appendEvent('staff', 't', { code: 'staff-signed-in', role: 'attendant' });
        j.appendEvent('power-up', 't', { code: 'power-up', count: 4, schema: 5 });
      });
      expect(j.events({}).map((e) => e.message)).toEqual([
        { code: 'power-up', count: 4, schema: 5 },
        { code: 'staff-signed-in', role: 'attendant' },
      ]);
    });
  });
});
