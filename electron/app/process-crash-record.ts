/**
 * Where a crash is kept (docs/cabinet-rules.md#damaged-journal, "Crash policy"): a `process-crash` row in the
 * event log and the `program-fault` tilt, written in one transaction; when the journal cannot take them (closed,
 * refusing writes, not open yet), a marker file beside the journal that the next start turns into both. The tilt
 * is keyed by kind and source, so a crash loop keeps one tilt and only adds its rows. The next start also reads
 * whether the run before it ended in a crash, so its recovery line can say so.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import type { JournalPort } from '../core/model/journal-port.ts';
import { CRASH_KINDS, type EventMessage } from '../core/model/journal-message.ts';
import { programFaultTilt } from '../core/cabinet/program-fault.ts';
import type { CrashReport } from './process-crash-handler.ts';
import type { RunningCabinet } from './running-cabinet.ts';

/** What recording and reading a crash need of the journal. */
export type CrashJournal = Pick<JournalPort, 'transaction' | 'appendEvent' | 'events' | 'putTilt'>;

/** A crash's row shares the kind of an orderly shutdown's: both say how a run ended. */
const CRASH_EVENT_KIND = 'shutdown';

export function crashMarkerPath(journalPath: string): string {
  return `${journalPath}.crash.json`;
}

const markerSchema = z.strictObject({ crash: z.enum(CRASH_KINDS), error: z.string().max(64), at: z.iso.datetime() });

function appendCrash(journal: CrashJournal, report: CrashReport, recordedAtStart: boolean, at: string): void {
  const message: EventMessage = {
    code: 'process-crash',
    crash: report.crash,
    error: report.error,
    recordedAtStart,
    crashedAt: report.at,
  };
  journal.transaction(() => {
    journal.appendEvent(CRASH_EVENT_KIND, at, message);
    // A tilt already up (a crash loop) stays the first one: putTilt ignores the same kind and source.
    journal.putTilt(programFaultTilt(report, at));
  });
}

/**
 * Records a crash as it happens: the journal's row and tilt, else the marker file (written whole, then renamed into place).
 * Answers where it went; throws only when neither could be written.
 */
export function recordCrash(
  journal: CrashJournal | null,
  journalPath: string,
  report: CrashReport,
): 'journal' | 'marker' {
  if (journal) {
    try {
      appendCrash(journal, report, false, report.at);
      return 'journal';
    } catch {
      // The journal refused it: the marker keeps it for the next start.
    }
  }
  const marker = crashMarkerPath(journalPath);
  writeFileSync(`${marker}.partial`, JSON.stringify(report), { flush: true });
  renameSync(`${marker}.partial`, marker);
  return 'marker';
}

/**
 * At start, once the journal is open and recovered: journals a marker's crash and its tilt (then removes the marker,
 * so the tilt is raised once; a tilt a technician cleared is not raised again by it) and answers
 * the crash the run before this one ended in, or null. A marker that cannot be read is removed and answered as null.
 */
export function takeLastCrash(
  journal: CrashJournal,
  journalPath: string,
  now: () => Date = () => new Date(),
): CrashReport | null {
  const marker = crashMarkerPath(journalPath);
  if (existsSync(marker)) {
    const parsed = markerSchema.safeParse(safeJson(marker));
    if (parsed.success) appendCrash(journal, parsed.data, true, now().toISOString());
    rmSync(marker, { force: true });
    if (parsed.success) return parsed.data;
  }
  // The newest "how a run ended" row, if it came after the previous run's power-up, ended that run.
  const [ended] = journal.events({ kind: CRASH_EVENT_KIND, limit: 1 });
  const previousPowerUp = journal.events({ kind: 'power-up', limit: 2 })[1];
  // A row written from a marker at a start is about the run before that start, which it already reported.
  if (!ended || ended.message?.code !== 'process-crash' || ended.message.recordedAtStart) return null;
  if (previousPowerUp && previousPowerUp.id > ended.id) return null;
  return { crash: ended.message.crash, error: ended.message.error, at: ended.message.crashedAt };
}

function safeJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The recovery line's words for the crash the last run ended in. */
export function describeLastCrash(crash: CrashReport): string {
  return `the last run ended in a crash (${crash.crash}, ${crash.error}, at ${crash.at})`;
}

/**
 * The shells' record step (main.electron.ts, the browser host), from what they hold now: the running cabinet's,
 * else, before a cabinet runs, the marker beside the journal path known so far; with neither, nothing can be kept.
 */
export function crashRecorder(
  now: () => { readonly running: RunningCabinet | null; readonly journalPath: string | null },
): (report: CrashReport) => void {
  return (report) => {
    const { running, journalPath } = now();
    if (running) running.recordCrash(report);
    else if (journalPath !== null) recordCrash(null, journalPath, report);
  };
}
