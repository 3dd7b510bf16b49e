/**
 * The whole event log and the whole game recall as one file each, for the records kept before a RAM clear
 * (docs/cabinet-rules.md#critical-memory, docs/cabinet-rules.md#game-recall). Built from the journal a page
 * of PAGE rows at a time in id order, oldest first, so only one page of records is held at once besides the
 * text being written. Pure apart from the reads: the caller passes identity and time.
 *
 * JSON (`formatVersion` 1): one object, `header` first (format, formatVersion, cabinetId or null,
 * configHash, exportedAt, counts), then `events` or `rounds`, one record per line as the journal holds it
 * (events with their `message` code, rounds with their void code and rule profile), each with `text`: its code
 * worded in English from the staff menu's own English table (electron/core/wording/english-words.ts), never
 * words stored beside the code.
 * CSV of the event log (RFC 4180, CRLF): the header rows `format`, `format_version`, `cabinet`,
 * `config_sha256`, `exported_at`, `events`, a blank row, the column row
 * `id,at,kind,code,params_json,text`, then one row per event.
 */
import type { EventLogEntry } from '../model/event-log.ts';
import type { EventQuery, RecallQuery } from '../model/journal-port.ts';
import type { RoundRecord } from '../model/round-record.ts';
import { eventText, voidReasonText } from '../wording/coded-words.ts';
import { englishWords } from '../wording/english-words.ts';
import { csvRow, exportFileName } from './meters-report.ts';

const ENGLISH = englishWords();

/** Rows read per page: the journal's page limit. */
export const EXPORT_PAGE = 500;
export const EXPORT_FORMAT_VERSION = 1;

/** What the export reads: the technician's event log and game recall queries. */
export interface ExportSource {
  events(range: EventQuery): EventLogEntry[];
  recall(range: RecallQuery): RoundRecord[];
}

export interface ExportHeaderInput {
  readonly cabinetId: string | null;
  readonly configHash: string;
  /** When the export is made, ISO-8601. */
  readonly at: string;
}

/** One exported file: what `tech:events:export` and `tech:recall:export` answer. */
export interface JournalExportFile {
  readonly fileName: string;
  readonly contentType: 'application/json' | 'text/csv';
  readonly text: string;
  /** How many records the file holds. */
  readonly records: number;
}

/** Walks id windows of EXPORT_PAGE ids from 1 to the newest, each page oldest first (a window may hold fewer). */
function* pagesOldestFirst<T>(
  newestId: number,
  read: (fromId: number, toId: number) => T[],
): Generator<T[], void, undefined> {
  for (let from = 1; from <= newestId; from += EXPORT_PAGE) {
    const page = read(from, Math.min(from + EXPORT_PAGE - 1, newestId));
    if (page.length > 0) yield page.reverse();
  }
}

function eventPages(source: ExportSource): Generator<EventLogEntry[], void, undefined> {
  const newest = source.events({ limit: 1 })[0]?.id ?? 0;
  return pagesOldestFirst(newest, (fromId, toId) => source.events({ fromId, toId, limit: EXPORT_PAGE }));
}

function roundPages(source: ExportSource): Generator<RoundRecord[], void, undefined> {
  const newest = source.recall({ limit: 1 })[0]?.roundId ?? 0;
  return pagesOldestFirst(newest, (fromRoundId, toRoundId) =>
    source.recall({ fromRoundId, toRoundId, limit: EXPORT_PAGE }),
  );
}

function jsonDocument(
  format: string,
  header: ExportHeaderInput,
  counts: Record<string, number>,
  key: string,
  lines: readonly string[],
): string {
  const head = {
    format,
    formatVersion: EXPORT_FORMAT_VERSION,
    cabinetId: header.cabinetId,
    configHash: header.configHash,
    exportedAt: header.at,
    counts,
  };
  return `{\n"header": ${JSON.stringify(head)},\n"${key}": [\n${lines.join(',\n')}\n]\n}\n`;
}

function eventRecord(e: EventLogEntry): object {
  return { id: e.id, at: e.at, kind: e.kind, message: e.message, text: eventText(ENGLISH, e).text };
}

export function eventLogJson(source: ExportSource, header: ExportHeaderInput): JournalExportFile {
  const lines: string[] = [];
  for (const page of eventPages(source)) for (const e of page) lines.push(JSON.stringify(eventRecord(e)));
  return {
    fileName: exportFileName('event-log', header.cabinetId ?? 'cabinet', header.at, 'json'),
    contentType: 'application/json',
    text: jsonDocument('baccarat-kiosk.event-log', header, { events: lines.length }, 'events', lines),
    records: lines.length,
  };
}

export function eventLogCsv(source: ExportSource, header: ExportHeaderInput): JournalExportFile {
  const rows: string[] = [];
  for (const page of eventPages(source)) {
    for (const e of page) {
      const { code, ...params } = e.message;
      rows.push(csvRow([e.id, e.at, e.kind, code, JSON.stringify(params), eventText(ENGLISH, e).text]));
    }
  }
  const lines = [
    csvRow(['format', 'baccarat-kiosk.event-log']),
    csvRow(['format_version', EXPORT_FORMAT_VERSION]),
    csvRow(['cabinet', header.cabinetId]),
    csvRow(['config_sha256', header.configHash]),
    csvRow(['exported_at', header.at]),
    csvRow(['events', rows.length]),
    '',
    csvRow(['id', 'at', 'kind', 'code', 'params_json', 'text']),
    ...rows,
  ];
  return {
    fileName: exportFileName('event-log', header.cabinetId ?? 'cabinet', header.at, 'csv'),
    contentType: 'text/csv',
    text: lines.join('\r\n') + '\r\n',
    records: rows.length,
  };
}

export function recallJson(source: ExportSource, header: ExportHeaderInput): JournalExportFile {
  const lines: string[] = [];
  const counts = { rounds: 0, settled: 0, voided: 0, inProgress: 0, demo: 0 };
  for (const page of roundPages(source)) {
    for (const r of page) {
      lines.push(JSON.stringify(r.voidCode ? { ...r, voidText: voidReasonText(ENGLISH, r.voidCode).text } : r));
      counts.rounds++;
      if (r.status === 'settled') counts.settled++;
      else if (r.status === 'voided') counts.voided++;
      else counts.inProgress++;
      if (r.demo) counts.demo++;
    }
  }
  return {
    fileName: exportFileName('game-recall', header.cabinetId ?? 'cabinet', header.at, 'json'),
    contentType: 'application/json',
    text: jsonDocument('baccarat-kiosk.game-recall', header, counts, 'rounds', lines),
    records: lines.length,
  };
}
