/**
 * When the journal's archive runs (docs/cabinet-rules.md#retention-and-archive): between rounds only,
 * one bounded batch at a time, on a timer of its own. The cabinet is synchronous, so a timer never
 * fires inside a round or a money movement; the checks here also keep it off a round left open (a
 * storage fault that has not been resolved yet), off a journal whose records did not verify, and off
 * a journal that refuses writes. Each batch is short (ARCHIVE_BATCH), so a DEAL pressed while one
 * runs waits at most that long; the figures are in bench/journal-retention.bench.ts.
 *
 * What a run did is written to the event log by the journal itself, as coded events
 * (`journal-archived`, `journal-archive-set-aside`, `journal-archive-blocked`, `journal-archive-failed`).
 */
import type { ArchiveRunResult } from '../model/journal-archive.ts';
import { now, type CabinetContext } from './cabinet-context.ts';
import { CabinetError } from './cabinet-error.ts';
import { guardStorage } from './storage-fault.ts';
import { storageFaultOf } from './storage-hold.ts';

/** One run's bound: at most this many rounds, and events, move. */
export const ARCHIVE_BATCH = { maxRounds: 250, maxEvents: 1_000 } as const;
/** How often the timer looks for work between rounds. */
export const ARCHIVE_EVERY_MS = 2_000;

export type ArchiveAttempt =
  | ArchiveRunResult
  | { readonly outcome: 'skipped'; readonly why: 'round-open' | 'records-unverified' | 'storage-fault' };

/** One bounded batch, now, unless a round is open, the records are in doubt or the journal refuses writes. */
export function archiveBetweenRounds(ctx: CabinetContext): ArchiveAttempt {
  if (ctx.critical.openRoundId !== null || ctx.phase === 'locked' || ctx.phase === 'dealt') {
    return { outcome: 'skipped', why: 'round-open' };
  }
  if (storageFaultOf(ctx)) return { outcome: 'skipped', why: 'storage-fault' };
  // Live play goes on only on a live journal that verifies; nothing moves out of one that does not.
  if (!ctx.memoryGood || ctx.tilts.some((t) => t.kind === 'memory-error')) {
    return { outcome: 'skipped', why: 'records-unverified' };
  }
  return guardStorage(ctx, 'other', () =>
    ctx.journal.archiveOldRecords({
      retainRounds: ctx.config.journal.retainRounds,
      maxRounds: ARCHIVE_BATCH.maxRounds,
      maxEvents: ARCHIVE_BATCH.maxEvents,
      at: now(ctx),
    }),
  );
}

const timers = new WeakMap<CabinetContext, ReturnType<typeof setInterval>>();

/** Starts the between-rounds timer (the facade starts it after start-up and stops it at close). */
export function startArchiveSchedule(ctx: CabinetContext, everyMs = ARCHIVE_EVERY_MS): void {
  if (timers.has(ctx)) return;
  const timer = setInterval(() => {
    try {
      archiveBetweenRounds(ctx);
    } catch (error) {
      // A journal refusing the write is already the storage-fault tilt (guardStorage); the next tick tries again.
      if (error instanceof CabinetError) return;
      // Anything else is a fault in the archiving itself: logged once, and archiving stops until the next
      // start, never taking play down with it.
      stopArchiveSchedule(ctx);
      logFailure(ctx, error);
    }
  }, everyMs);
  timer.unref();
  timers.set(ctx, timer);
}

function logFailure(ctx: CabinetContext, error: unknown): void {
  const problem = error instanceof Error ? error.message : String(error);
  try {
    ctx.journal.transaction(() => {
      ctx.journal.appendEvent('journal-archive', `archiving stopped: ${problem}`, now(ctx), {
        code: 'journal-archive-failed',
        problem,
      });
    });
  } catch {
    // The journal itself is failing: the next round meets that and raises the storage-fault tilt.
  }
}

export function stopArchiveSchedule(ctx: CabinetContext): void {
  const timer = timers.get(ctx);
  if (timer !== undefined) clearInterval(timer);
  timers.delete(ctx);
}
