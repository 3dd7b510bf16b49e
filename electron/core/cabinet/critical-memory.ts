/**
 * Critical memory (docs/cabinet-rules.md#critical-memory): credits, demo credits, meters,
 * config hash, last and open round, kept as two copies that each carry a SHA-256 over
 * canonical JSON and are rewritten in the same transaction as every change.
 *
 * - Loaded at start-up and checked against the ledger (credits = sum of every money movement).
 * - Checked before and after every round (round-flow.ts).
 * - One bad copy is rebuilt from the good one and logged (event `memory`).
 * - No good copy: memory-error tilt, durable, cleared only by a technician RAM clear.
 * - A second copy outside the journal file (CriticalCopyPort, attached by the storage layer) is
 *   compared at start-up: behind the journal it is rebuilt and logged; ahead of it, the journal
 *   lost committed data and that is a memory error (compareWithCopyFile).
 *
 * `commitWhenMemoryGood` is the one place that decides "memory good ? commit : plain
 * transaction": the writes that must happen even while memory is bad (a stacked note, the door,
 * the power-up, the config log) go through it and get no draft when memory is bad.
 */
import { configHash } from '../config/config-hash.ts';
import type { VenueConfig } from '../config/venue-config.ts';
import { canonicalJson } from '../integrity/canonical-json.ts';
import type { CriticalCopyPort } from '../model/critical-copy.ts';
import type { CopyName, CriticalState } from '../model/critical-state.ts';
import type { CriticalCopyProblem, EventMessage, MemoryCheck } from '../model/journal-message.ts';
import type { JournalPort } from '../model/journal-port.ts';
import { now, type CabinetContext } from './cabinet-context.ts';
import { CabinetError } from './cabinet-error.ts';
import { copyMeters, zeroMeters, type MutableMeters } from './meters.ts';
import { raiseTilt } from './tilts.ts';

/** A writable draft of critical memory, handed to the change inside its transaction. */
export type MutableCritical = {
  -readonly [K in keyof CriticalState]: K extends 'meters' ? MutableMeters : CriticalState[K];
};

/** Zero credits and meters, for a new journal or after a RAM clear. */
export function freshCriticalState(journal: JournalPort, config: VenueConfig, seq = 0): CriticalState {
  return {
    seq,
    creditsMinor: 0,
    demoCreditsMinor: 0,
    meters: zeroMeters(),
    configHash: configHash(config),
    lastRoundId: journal.maxRoundId(),
    openRoundId: null,
  };
}

/**
 * Start-up: a brand-new journal gets a zero state; otherwise both copies are verified against the
 * ledger, then against the copy file. A copy file that cannot be rewritten is handed to
 * `copyWriteFailed` (the copy's own storage fault, critical-copy-fault.ts), never a reason to refuse the journal.
 */
export function loadCriticalAtStart(ctx: CabinetContext, copyWriteFailed: (error: unknown) => void): void {
  const { journal } = ctx;
  const copies = journal.readCriticalCopies();
  const { copyFile } = ctx;
  if (!copies.exists && journal.lastLedgerId() === 0 && journal.maxRoundId() === 0) {
    const file = copyFile?.read();
    if (copyFile && file?.record && (file.record.state.seq > 0 || file.record.lastLedgerId > 0)) {
      // A new journal next to a copy that has seen commits: the journal file was lost or replaced.
      lostCommittedData(ctx, copyFile.location, file.record.state);
      return;
    }
    const at = now(ctx);
    const state = freshCriticalState(journal, ctx.config);
    journal.transaction(() => {
      journal.writeCritical(state);
      journal.appendEvent('memory', at, { code: 'memory-initialised' });
    });
    ctx.critical = state;
    return;
  }
  if (verifyCritical(ctx, 'start-up', true) && copyFile) compareWithCopyFile(ctx, copyFile, copyWriteFailed);
}

/** How the copy file stood when it was rebuilt: unusable, or some commits behind. */
type CopyFileRebuilt = Extract<EventMessage, { code: 'memory-copy-file-rebuilt' | 'memory-copy-file-behind' }>;

/**
 * The journal's good copy against the copy file (docs/cabinet-rules.md#critical-memory). The file
 * is written after each commit, so it may be one commit behind (a power loss in between) or more
 * (a write that failed): the journal holds everything, the file is rebuilt and that is logged. A file
 * that is missing or fails its checksum is rebuilt too. A file AHEAD of the journal means the journal
 * lost committed data: a memory-error tilt naming both, never a silent older state.
 */
export function compareWithCopyFile(
  ctx: CabinetContext,
  copyFile: CriticalCopyPort,
  copyWriteFailed: (error: unknown) => void,
): void {
  const { journal } = ctx;
  const state = ctx.critical;
  const lastLedgerId = journal.lastLedgerId();
  const file = copyFile.read();
  const rebuild = (message: CopyFileRebuilt) => {
    try {
      copyFile.write({ state, lastLedgerId });
    } catch (error) {
      // An unwritable copy is a storage fault of the copy, never a reason to refuse the journal.
      return copyWriteFailed(error);
    }
    const at = now(ctx);
    journal.transaction(() => journal.appendEvent('memory', at, message));
  };
  if (!file.record) {
    const { problem, osCode } = file;
    return rebuild({
      code: 'memory-copy-file-rebuilt',
      copyFile: copyFile.location,
      problem,
      osCode,
    });
  }
  const { state: saved, lastLedgerId: savedLedgerId } = file.record;
  if (saved.seq > state.seq || savedLedgerId > lastLedgerId) return lostCommittedData(ctx, copyFile.location, saved);
  if (saved.seq === state.seq && (canonicalJson(saved) !== canonicalJson(state) || savedLedgerId !== lastLedgerId))
    return lostCommittedData(ctx, copyFile.location, saved);
  // The good slot still caught a journal that lost data; the damaged one is what gets logged and rewritten.
  if (file.damagedSlot) {
    return rebuild({
      code: 'memory-copy-file-rebuilt',
      copyFile: copyFile.location,
      problem: file.damagedSlot,
      osCode: null,
    });
  }
  if (saved.seq === state.seq) return;
  const behind = state.seq - saved.seq;
  rebuild({ code: 'memory-copy-file-behind', commitsBehind: behind });
}

function lostCommittedData(ctx: CabinetContext, location: string, saved: CriticalState): void {
  ctx.memoryGood = false;
  raiseTilt(ctx, 'memory-error', 'critical-memory', {
    code: 'journal-behind-copy',
    copyFile: location,
    copySeq: saved.seq,
    copyCreditsMinor: saved.creditsMinor,
    journalSeq: ctx.critical.seq,
    journalCreditsMinor: ctx.critical.creditsMinor,
  });
}

/**
 * Both copies must carry a matching SHA-256 and agree. One bad copy is rebuilt from the good
 * one and logged. No good copy: memory-error tilt. With `againstLedger` (start-up) the good
 * copy must also match the ledger balances. Returns whether memory is good.
 */
export function verifyCritical(ctx: CabinetContext, during: MemoryCheck, againstLedger: boolean): boolean {
  const { journal } = ctx;
  const { a, b } = journal.readCriticalCopies();
  const at = now(ctx);
  // At start-up the newest ledger rows' running balances, whose digests start-up verified: a time that does not grow
  // with the ledger. The sum of every row is checked against them beside the running cabinet (docs/cabinet-rules.md#critical-memory).
  const balance = (demo: boolean) =>
    during === 'start-up' ? journal.ledgerRunningBalance(demo) : journal.ledgerBalance(demo);
  const matchesLedger = (s: CriticalState) => s.creditsMinor === balance(false) && s.demoCreditsMinor === balance(true);
  let good: CriticalState | null = null;
  let badCopy: { copy: CopyName; problem: CriticalCopyProblem } | null = null;
  if (a.state && b.state) {
    // Byte-equal stored bodies parse to equal states; only bodies that differ are compared in canonical form.
    if ((a.body !== undefined && a.body === b.body) || canonicalJson(a.state) === canonicalJson(b.state))
      good = a.state;
    else if (matchesLedger(a.state) && !matchesLedger(b.state)) {
      // Both checksums hold but the copies differ: trust the one that matches the ledger.
      good = a.state;
      badCopy = { copy: 'b', problem: 'disagrees-with-ledger' };
    } else if (matchesLedger(b.state) && !matchesLedger(a.state)) {
      good = b.state;
      badCopy = { copy: 'a', problem: 'disagrees-with-ledger' };
    }
  } else if (a.state) {
    good = a.state;
    badCopy = { copy: 'b', problem: b.problem ?? 'missing' };
  } else if (b.state) {
    good = b.state;
    badCopy = { copy: 'a', problem: a.problem ?? 'missing' };
  }

  if (good && againstLedger && !matchesLedger(good)) {
    good = null;
    badCopy = null;
  }

  if (!good) {
    ctx.memoryGood = false;
    raiseTilt(ctx, 'memory-error', 'critical-memory', { code: 'memory-no-good-copy' });
    return false;
  }
  if (badCopy) {
    const fix = badCopy;
    const state = good;
    journal.transaction(() => {
      journal.writeCriticalCopy(fix.copy, state);
      const from = fix.copy === 'a' ? 'b' : 'a';
      journal.appendEvent('memory', at, {
        code: 'memory-copy-rebuilt',
        copy: fix.copy,
        from,
        copyProblem: fix.problem,
        during,
      });
    });
  }
  ctx.critical = good;
  ctx.memoryGood = true;
  return true;
}

/** The refusal for anything that needs critical memory while it has no good copy. */
export function memoryErrorRefusal(): CabinetError {
  return new CabinetError('tilted', 'critical memory error: a technician RAM clear is needed');
}

/**
 * One atomic journal transaction that also rewrites both copies of critical memory with the
 * draft. The mirror changes only after COMMIT returned. Refused while memory is bad.
 */
export function commit<T>(ctx: CabinetContext, mutate: (draft: MutableCritical) => T): T {
  if (!ctx.memoryGood) throw memoryErrorRefusal();
  const draft: MutableCritical = { ...ctx.critical, meters: copyMeters(ctx.critical.meters) };
  draft.seq = ctx.critical.seq + 1;
  const result = ctx.journal.transaction(() => {
    const r = mutate(draft);
    ctx.journal.writeCritical(draft);
    return r;
  });
  ctx.critical = draft;
  return result;
}

/**
 * Memory good: `commit` (the change gets the draft). Memory bad: a plain transaction and the
 * change gets null (meters and critical memory are not touched; a RAM clear rebuilds them).
 */
export function commitWhenMemoryGood<T>(ctx: CabinetContext, change: (draft: MutableCritical | null) => T): T {
  if (ctx.memoryGood) return commit(ctx, change);
  return ctx.journal.transaction(() => change(null));
}
