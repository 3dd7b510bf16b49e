/**
 * The whole event log and game recall as files (journal-export.ts), read from a real journal of 10,500 rounds
 * a page at a time: the counts in the header are the journal's, every record is there once in id order, and
 * the file parses back to what the journal holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempJournal, sampleOutcome, type TempJournal } from '../../testing/journal-fixtures.ts';
import { EIGHT_DECK_TIE_8_TO_1 } from '../engine/rule-profile.ts';
import type { EventLogEntry } from '../model/event-log.ts';
import type { RoundRecord } from '../model/round-record.ts';
import { EXPORT_PAGE, eventLogCsv, eventLogJson, recallJson } from './journal-export.ts';

const ROUNDS = 10_500;
const HEADER = { cabinetId: 'BK 7/east', configHash: 'ab'.repeat(32), at: '2026-12-01T09:30:00.000Z' };

let t: TempJournal;
beforeAll(() => {
  t = tempJournal();
  const j = t.journal;
  const outcome = sampleOutcome();
  j.transaction(() => {
    for (let id = 1; id <= ROUNDS; id++) {
      const at = new Date(Date.UTC(2026, 10, 1) + id * 60_000).toISOString();
      j.insertRound({
        roundId: id,
        demo: id % 50 === 0,
        bets: { banker: 500 },
        stakeMinor: 500,
        creditsBeforeMinor: 10_000,
        at,
        profile: EIGHT_DECK_TIE_8_TO_1,
      });
      if (id % 7 === 0) {
        j.markVoided(id, 500, 10_000, at, {
          code: 'power-lost',
          status: 'locked',
        });
        j.appendEvent('void', at, {
          code: 'round-voided',
          roundId: id,
          refundMinor: 500,
          reason: { code: 'power-lost', status: 'locked' },
        });
      } else {
        j.markDealt(id, outcome, at);
        j.markSettled(id, { banker: 975 }, 975, 10_475, at);
      }
      // A row with no parameters, and one whose parameter holds a comma, quotes and a line break for the CSV.
      if (id % 1000 === 0) j.appendEvent('door', at, { code: 'door-opened' });
      if (id === 4242)
        j.appendEvent('note', at, { code: 'config-kept-at-start', fields: ['a "quoted", two-line\nfield'] });
    }
  });
});
afterAll(() => t.cleanup());

/** Every event in the journal, oldest first, read back by the journal's own paged query. */
function allEvents(): EventLogEntry[] {
  const out: EventLogEntry[] = [];
  for (let toId: number | undefined; ;) {
    const page = t.journal.events({ limit: 500, ...(toId === undefined ? {} : { toId }) });
    out.push(...page);
    if (page.length < 500) return out.reverse();
    toId = page.at(-1)!.id - 1;
  }
}

describe('exports of a journal of 10,500 rounds', () => {
  it('game recall: one JSON file with its header, every round once in order, equal to the journal', () => {
    const file = recallJson(t.journal, HEADER);
    expect(file.fileName).toBe('game-recall-BK-7-east-20261201T093000Z.json');
    expect(file.contentType).toBe('application/json');
    const doc = JSON.parse(file.text) as { header: Record<string, unknown>; rounds: RoundRecord[] };
    const voided = Math.floor(ROUNDS / 7);
    expect(doc.header).toEqual({
      format: 'baccarat-kiosk.game-recall',
      formatVersion: 1,
      cabinetId: 'BK 7/east',
      configHash: HEADER.configHash,
      exportedAt: HEADER.at,
      counts: { rounds: ROUNDS, settled: ROUNDS - voided, voided, inProgress: 0, demo: ROUNDS / 50 },
    });
    expect(file.records).toBe(ROUNDS);
    expect(doc.rounds.map((r) => r.roundId)).toEqual(Array.from({ length: ROUNDS }, (_, i) => i + 1));
    // Spot checks across page boundaries: the record is the journal's, void code included.
    for (const id of [1, EXPORT_PAGE, EXPORT_PAGE + 1, 7, 7_000, ROUNDS]) {
      const { voidText: _words, ...record } = doc.rounds[id - 1] as RoundRecord & { voidText?: string };
      expect(record).toEqual(JSON.parse(JSON.stringify(t.journal.round(id))));
    }
    expect(doc.rounds[6]!.voidCode).toEqual({ code: 'power-lost', status: 'locked' });
    // A voided round carries its reason worded in English from the staff menu's table.
    expect((doc.rounds[6] as RoundRecord & { voidText?: string }).voidText).toBe(
      'power was lost while the round was locked (bets taken); voided at power-up',
    );
  });

  it('event log: JSON and CSV hold every event once, oldest first, as the journal does', () => {
    const events = allEvents();
    expect(events.length).toBe(Math.floor(ROUNDS / 7) + Math.floor(ROUNDS / 1000) + 1);

    const json = eventLogJson(t.journal, { ...HEADER, cabinetId: null });
    const doc = JSON.parse(json.text) as { header: Record<string, unknown>; events: Array<Record<string, unknown>> };
    expect(doc.header).toMatchObject({
      format: 'baccarat-kiosk.event-log',
      cabinetId: null,
      counts: { events: events.length },
    });
    expect(json.fileName).toBe('event-log-cabinet-20261201T093000Z.json');
    expect(doc.events).toEqual(
      events.map((e) => ({ id: e.id, at: e.at, kind: e.kind, message: e.message, text: expect.any(String) })),
    );

    const csv = eventLogCsv(t.journal, HEADER);
    expect(csv.contentType).toBe('text/csv');
    expect(csv.records).toBe(events.length);
    const rows = parseCsv(csv.text);
    expect(rows.slice(0, 8)).toEqual([
      ['format', 'baccarat-kiosk.event-log'],
      ['format_version', '1'],
      ['cabinet', 'BK 7/east'],
      ['config_sha256', HEADER.configHash],
      ['exported_at', HEADER.at],
      ['events', String(events.length)],
      [''],
      ['id', 'at', 'kind', 'code', 'params_json', 'text'],
    ]);
    const body = rows.slice(8);
    expect(body.map((r) => Number(r[0]))).toEqual(events.map((e) => e.id));
    const voidRow = body.find((r) => r[2] === 'void')!;
    expect([voidRow[3], JSON.parse(voidRow[4]!)]).toEqual([
      'round-voided',
      { roundId: 7, refundMinor: 500, reason: { code: 'power-lost', status: 'locked' } },
    ]);
    // The code worded in English from the staff menu's English table, not from words stored beside it.
    expect(voidRow[5]).toBe(
      'Round 7 voided, 5.00 refunded — power was lost while the round was locked (bets taken); voided at power-up',
    );
    expect(doc.events.find((e) => e.kind === 'void')?.text).toBe(voidRow[5]);
    const noteRow = body.find((r) => r[2] === 'note')!;
    expect(JSON.parse(noteRow[4]!)).toEqual({ fields: ['a "quoted", two-line\nfield'] });
    expect(noteRow[5]).toContain('a "quoted", two-line\nfield');
  });

  it('an empty journal exports a header with zero counts and no records', () => {
    const empty = tempJournal();
    try {
      const doc = JSON.parse(recallJson(empty.journal, HEADER).text) as { header: { counts: object }; rounds: [] };
      expect(doc.header.counts).toEqual({ rounds: 0, settled: 0, voided: 0, inProgress: 0, demo: 0 });
      expect(doc.rounds).toEqual([]);
      expect(eventLogCsv(empty.journal, HEADER).records).toBe(0);
    } finally {
      empty.cleanup();
    }
  });
});

/** RFC 4180 rows (quoted cells may hold commas, quotes and line breaks); CRLF line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}
