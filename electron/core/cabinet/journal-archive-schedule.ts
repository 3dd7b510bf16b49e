/**
 * When the journal's archive runs (docs/cabinet-rules.md#retention-and-archive): between rounds only,
 * one bounded batch at a time, on a one-shot timer armed when there may be work: at start-up, after every
 * ARCHIVE_BATCH.maxRounds-th round, and again right after a full batch (a backlog drains batch by batch).
 * An idle cabinet with nothing beyond the retention has no timer running. The cabinet is synchronous, so a timer never
 * fires inside a round or a money movement; the checks here also keep it off a round left open (a
 * storage fault that has not been resolved yet), off a journal whose records did not verify, and off
 * a journal that refuses writes. Each batch is short (ARCHIVE_BATCH), so a DEAL pressed while one
 * runs waits at most that long; the figures are in bench/journal-retention.bench.ts.
 *
 * What a run did is written to the event log by the journal itself, as coded events
 * (`journal-archived`, `journal-archive-set-aside`, `journal-archive-blocked`, `journal-archive-failed`).
 */
import { ArchiveError, type ArchiveProblem, type ArchiveRunResult } from '../model/journal-archive.ts';
import { errorCodeOf } from '../model/storage-error-code.ts';
import { now, type CabinetContext } from './cabinet-context.ts';
import { CabinetError } from './cabinet-error.ts';
import { guardStorage } from './storage-fault.ts';
import { storageFaultOf } from './storage-hold.ts';

/** One run's bound: at most this many rounds, and events, move. */
export const ARCHIVE_BATCH = { maxRounds: 250, maxEvents: 1_000 } as const;
/** How long after it is armed the timer runs a batch (rounds in between keep it off the journal). */
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

const timers = new WeakMap<CabinetContext, ReturnType<typeof setTimeout>>();

/** Whether a batch moved as much as one run may: more is likely waiting. */
function fullBatch(attempt: ArchiveAttempt): boolean {
  return (
    attempt.outcome === 'moved' &&
    (attempt.rounds >= ARCHIVE_BATCH.maxRounds || attempt.events >= ARCHIVE_BATCH.maxEvents)
  );
}

/**
 * Arms the one-shot timer unless it is armed (the facade arms it after start-up and stops it at close):
 * one batch when it fires, armed again while batches come back full or the run was skipped.
 */
export function startArchiveSchedule(ctx: CabinetContext, everyMs = ARCHIVE_EVERY_MS): void {
  if (timers.has(ctx)) return;
  const timer = setTimeout(() => {
    timers.delete(ctx);
    let again = false;
    try {
      const attempt = archiveBetweenRounds(ctx);
      // A round open or a fault not yet resolved: try later; records in doubt stay put until a RAM clear.
      again = fullBatch(attempt) || (attempt.outcome === 'skipped' && attempt.why !== 'records-unverified');
    } catch (error) {
      // A journal refusing the write is already the storage-fault tilt (guardStorage); try again later.
      if (error instanceof CabinetError) again = true;
      // Anything else is a fault in the archiving itself: logged once, and archiving stops until the next
      // start, never taking play down with it.
      else logFailure(ctx, error);
    }
    if (again) startArchiveSchedule(ctx, everyMs);
  }, everyMs);
  timer.unref();
  timers.set(ctx, timer);
}

/** After a round: every ARCHIVE_BATCH.maxRounds rounds, the rounds beyond the retention grow by one batch. */
export function archiveAfterRound(ctx: CabinetContext, roundId: number): void {
  if (roundId % ARCHIVE_BATCH.maxRounds === 0) startArchiveSchedule(ctx);
}

function logFailure(ctx: CabinetContext, error: unknown): void {
  const problem: ArchiveProblem =
    error instanceof ArchiveError ? error.problem : { code: 'archive-write-failed', error: errorCodeOf(error) };
  try {
    ctx.journal.transaction(() => {
      ctx.journal.appendEvent('journal-archive', now(ctx), {
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
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(ctx);
}
