/**
 * chaos: kills a real cabinet process with SIGKILL again and again, at random journal
 * statements (inside transactions, right after COMMIT, inside recovery) and at random
 * wall-clock moments, restarts it, and audits the journal after every kill.
 *
 *   npm run --silent chaos -- --kills 200 --seed 20261201 --json
 *   npm run --silent chaos -- --faults storage --kills 200 --seed 20261201 --json
 *   npm run --silent chaos -- --stadium --terminals 20 --kills 40 --seed 20261201 --json
 *
 * The last stdout line is the JSON summary; the exit code is 1 when any count is non-zero.
 * `npm test` runs 200 kills and 40 with storage faults on a fixed seed: enough to meet every kind of statement of
 * a round and of recovery several times, in about a minute; recovery at each of its own statements is proven
 * exhaustively in core/cabinet/startup-recovery.test.ts (docs/testing.md#sizes-of-the-chaos-and-storage-tests).
 * With `--faults storage` the runs also meet full disks, read-only journals and SQLite errors inside
 * rounds, and bit flips in the journal, its WAL, its second critical copy and its record key between kills; every faulted or flipped
 * journal's next start is judged against a start of its undamaged copy (docs/cabinet-rules.md#storage-faults).
 * Over 400 lines: the usage text, the flag parsing, the one loop that interleaves kills, faults, flips and
 * audits, and the summary read best together as one CLI; the per-run work lives in electron/testing/chaos/,
 * and what is left here is the order in which a run happens.
 */
import { fork } from 'node:child_process';
import { accessSync, constants, cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditJournalFile, type AuditReport } from '../certification/journal-audit.ts';
import { CHAOS_CONFIG } from '../testing/chaos/chaos-config.ts';
import { seededUniform } from '../testing/fixtures.ts';
import { healDisk } from '../testing/chaos/child-fault.ts';
import { DOUBT_TILTS, judgeStart, type StartView } from '../testing/chaos/start-view.ts';
import {
  childFault,
  copyJournal,
  flipRandomBit,
  prepareStorageDisk,
  referenceStart,
  startReadFault,
  underStrace,
  wipeJournal,
  type StorageDisk,
} from '../testing/chaos/storage-chaos.ts';
import { MUST_BE_ZERO, runStadiumChaos } from '../testing/chaos/stadium-chaos.ts';
import { straceMissing } from '../testing/strace-inject.ts';
import { intFlag, printJson, runCli, UsageError } from './cli-support.ts';

const CHILD = fileURLToPath(new URL('../testing/chaos/chaos-child.ts', import.meta.url));

const USAGE = `
chaos — SIGKILL the cabinet core at random points and check nothing is lost or created

Usage: npm run --silent chaos -- [--kills N] [--seed S] [--faults storage] [--json] [--keep]
       npm run --silent chaos -- --stadium [--terminals N] [--kills N] [--seed S] [--json] [--keep]

  --kills N   number of SIGKILLs, 1..100000 (default 200)
  --seed S    seed of every random choice, 0..4294967295 (default 1)
  --faults storage
              also break the storage: a full disk (a small tmpfs or loop ext4 the journal lives
              on, filled; needs root), a read-only journal (chattr +i on the loop ext4, else an
              injected SQLITE_READONLY), an injected SQLITE_IOERR/SQLITE_FULL at a random write,
              and random bit flips in the journal, its WAL, its second critical-memory copy and
              its record-key file between kills. After
              each, the next start must show exactly what a start of the undamaged copy shows, or
              be in a memory-error or storage-fault tilt; it must start, and keep answering.
              Some probes start under strace with EIO on a few of their first reads of the
              journal (start_read_faults): a healthy journal must never be moved aside.
              Exit 1 also when freezes, crash_loops, undetected_changes or
              healthy_quarantined is above 0.
  --stadium   the fleet chaos instead (docs/stadium.md#fleet-chaos): a real 3-node NATS cluster, a table
              server and --terminals terminal processes; each kill SIGKILLs a terminal, the table
              server or one node; forged results are published now and then. Exit 1 when lost,
              created, settled_twice, settled_differently, unsettled_locked_bets,
              bad_signatures_accepted or audit_problems is above 0.
  --terminals N
              terminals of the fleet chaos, 1..200 (default 20)
  --json      print the summary as JSON on the last line
  --keep      keep the temp journal and print its path
  --dir PATH  folder for the temp journal (default /dev/shm when present, else the OS temp
              folder). SIGKILL never loses what the OS already has, so a RAM-backed folder
              tests the same crash semantics without waiting on a busy disk; the cost of
              fsync on a real disk is measured by bench/cabinet.bench.ts.
Each kill: a child process opens the journal (migrations, integrity check, recovery),
plays random rounds, bills, rebets, cash-outs, faults and door opens, and is killed
either by its own statement killer after a random number of journal statements (often
inside a commit or inside recovery) or by this process after a random delay. After each kill
the journal is audited read-only. Exit 1 when anything was lost, created, refunded
twice, or a meter, recall or integrity check disagrees; 2 on bad flags.
`;

interface ChildResult {
  readonly signal: NodeJS.Signals | null;
  readonly code: number | null;
  readonly stderr: string;
  /** What a probe child sent: its start view. */
  readonly message:
    | { view: StartView; quarantined: boolean; viewError?: undefined }
    | { viewError: string; tilts: string[]; view?: undefined }
    | null;
  /** Killed by the watchdog: the child stopped answering. */
  readonly hung: boolean;
}

let compileCache: string | null = null;

function runChild(
  env: Record<string, string>,
  killAfterMs: number | null,
  exec: { execPath: string; execArgv: string[] } = { execPath: process.execPath, execArgv: [] },
): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], {
      // The V8 compile cache makes each of the hundreds of restarts cheaper (start-up dominates a kill).
      env: { ...process.env, ...(compileCache ? { NODE_COMPILE_CACHE: compileCache } : {}), ...env },
      ...exec,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    let message: ChildResult['message'] = null;
    child.on('message', (m) => (message = m as ChildResult['message']));
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    let timer: NodeJS.Timeout | null = null;
    if (killAfterMs !== null) timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    let hung = false;
    const watchdog = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, 60_000);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      clearTimeout(watchdog);
      resolve({ code, signal, stderr, message, hung });
    });
  });
}

function chaosBaseDir(flag: string | undefined): string {
  if (flag !== undefined) {
    try {
      if (!statSync(flag).isDirectory()) throw new Error('not a folder');
      accessSync(flag, constants.W_OK);
    } catch {
      throw new UsageError(`--dir must be an existing folder you can write to, got "${flag}"`);
    }
    return flag;
  }
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

interface Totals {
  lost: number;
  created: number;
  doubleRefunds: number;
  meter: number;
  recall: number;
  integrity: number;
  settledAndVoided: number;
}

function add(t: Totals, r: AuditReport): void {
  t.lost += r.lostMinor;
  t.created += r.createdMinor;
  t.doubleRefunds += r.doubleRefunds;
  t.meter += r.meterMismatches;
  t.recall += r.recallMismatches;
  t.integrity += r.integrityFailures;
  t.settledAndVoided += r.settledAndVoided;
}

/** `--stadium`: the fleet chaos (electron/testing/chaos/stadium-chaos.ts); exit 1 when a must-be-zero count is not. */
async function stadiumChaos(
  values: { terminals?: string; faults?: string; dir?: string; keep?: boolean; json?: boolean },
  kills: number,
  seed: number,
): Promise<number> {
  if (values.faults !== undefined) throw new UsageError('--faults cannot be combined with --stadium');
  const terminals = intFlag('terminals', values.terminals, 1, 200, 20);
  const dir = mkdtempSync(join(chaosBaseDir(values.dir), 'baccarat-stadium-chaos-'));
  const log = (line: string) => process.stderr.write(`${line}\n`);
  try {
    const summary = await runStadiumChaos({ terminals, kills, seed, dir, log });
    for (const p of summary.problems.slice(0, 20)) log(`chaos: PROBLEM ${p}`);
    if (values.json) printJson(summary);
    else process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    return MUST_BE_ZERO.every((key) => summary[key] === 0) ? 0 : 1;
  } finally {
    if (values.keep) log(`chaos: journals kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

await runCli({
  name: 'chaos',
  usage: USAGE,
  options: {
    kills: { type: 'string' },
    seed: { type: 'string' },
    json: { type: 'boolean' },
    keep: { type: 'boolean' },
    dir: { type: 'string' },
    faults: { type: 'string' },
    stadium: { type: 'boolean' },
    terminals: { type: 'string' },
  },
  main: async ({ values, positionals }) => {
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const kills = intFlag('kills', values.kills, 1, 100_000, 200);
    const seed = intFlag('seed', values.seed, 0, 4_294_967_295, 1);
    if (values.stadium) return stadiumChaos(values, kills, seed);
    if (values.terminals !== undefined) throw new UsageError('--terminals belongs to --stadium');
    const rand = seededUniform(seed);
    if (values.faults !== undefined && values.faults !== 'storage')
      throw new UsageError(`--faults must be "storage" (the only fault family besides kills), got "${values.faults}"`);
    const storage = values.faults === 'storage';
    const dir = mkdtempSync(join(chaosBaseDir(values.dir), 'baccarat-chaos-'));
    let disk: StorageDisk | null = null;
    if (storage) {
      try {
        disk = prepareStorageDisk(dir, (line) => process.stderr.write(`${line}\n`));
      } catch (error) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
    const journalDir = disk?.journalDir ?? dir;
    // The transient read error at start-up is injected by strace, from outside the probe.
    const noStrace = storage ? straceMissing() : null;
    if (noStrace) process.stderr.write(`chaos: read errors at start-up skipped (${noStrace})\n`);
    const journal = join(journalDir, 'journal.sqlite');
    compileCache = join(dir, 'compile-cache');
    const sf = {
      storageFaults: 0,
      byteFlips: 0,
      freezes: 0,
      crashLoops: 0,
      undetected: 0,
      exact: 0,
      tilted: 0,
      healthyQuarantined: 0,
      startReadFaults: 0,
      auditOnly: 0,
      byKind: {} as Record<string, number>,
      flipsByFile: {} as Record<string, number>,
    };
    const noteFreezes = ({ stderr, hung }: ChildResult, when: string): void => {
      if (hung) {
        sf.freezes++;
        problems.push(`${when}: freeze: the child stopped answering for 60 s`);
      }
      for (const m of stderr.matchAll(/CHAOS-FREEZE (.*)/g)) {
        sf.freezes++;
        problems.push(`${when}: freeze: ${m[1]}`);
      }
    };
    const started = performance.now();
    const totals: Totals = {
      lost: 0,
      created: 0,
      doubleRefunds: 0,
      meter: 0,
      recall: 0,
      integrity: 0,
      settledAndVoided: 0,
    };
    const problems: string[] = [];
    let childFailures = 0;
    let done = 0;
    let run = 0;
    let byHook = 0;
    let byTimer = 0;
    let inTransaction = 0;
    let inStartup = 0;
    let afterCommit = 0;
    let last: AuditReport | null = null;
    try {
      while (done < kills) {
        run++;
        const env: Record<string, string> = {
          CHAOS_JOURNAL: journal,
          CHAOS_SEED: String(Math.floor(rand() * 2 ** 31)),
          CHAOS_RUN: String(run),
        };
        let killAfterMs: number | null = null;
        let faultKind: string | null = null;
        const r = rand();
        if (r < 0.3) {
          // Inside start-up: migrations, the integrity check, config, recovery of a round, power-up.
          env.CHAOS_KILL_AT_STATEMENT = String(1 + Math.floor(rand() * 40));
        } else if (r < 0.9) {
          env.CHAOS_KILL_AT_STATEMENT = String(1 + Math.floor(rand() * 600));
        } else {
          // An external SIGKILL at an arbitrary moment (start-up takes ~150 ms).
          killAfterMs = 80 + Math.floor(rand() * 400);
        }
        if (disk && rand() < 0.6) {
          const kind = disk.kinds[Math.floor(rand() * disk.kinds.length)]!;
          faultKind = kind;
          env.CHAOS_FAULT = JSON.stringify(childFault(kind, 1 + Math.floor(rand() * 150)));
        }
        const result = await runChild(env, killAfterMs);
        const struck = result.stderr.includes('CHAOS-FAULT');
        if (storage) {
          if (struck) {
            sf.storageFaults++;
            if (faultKind) sf.byKind[faultKind] = (sf.byKind[faultKind] ?? 0) + 1;
          }
          healDisk(journal);
          noteFreezes(result, `run ${run} (seed ${env.CHAOS_SEED}, fault ${env.CHAOS_FAULT ?? 'none'})`);
          if (result.signal !== 'SIGKILL' && result.code !== 0 && !result.stderr.includes('CHAOS-STARTED')) {
            sf.crashLoops++;
            problems.push(`run ${run}: did not start: ${result.stderr.trim().split('\n').slice(-2).join(' | ')}`);
          }
        }
        const where = /CHAOS-KILL (\{.*\})/.exec(result.stderr);
        if (where?.[1]) {
          const info = JSON.parse(where[1]) as { inTransaction: boolean; starting: boolean; sql: string };
          if (info.inTransaction) inTransaction++;
          if (info.starting) inStartup++;
          if (info.sql.startsWith('COMMIT')) afterCommit++;
        }
        if (result.signal === 'SIGKILL') {
          done++;
          if (killAfterMs === null) byHook++;
          else byTimer++;
        } else if (result.code !== 0 && !(storage && result.code === 4)) {
          childFailures++;
          problems.push(
            `run ${run}: child exited with code ${result.code}: ${result.stderr.trim().split('\n').slice(0, 8).join(' | ')}`,
          );
          if (childFailures > 5) break;
        }
        if (!existsSync(journal)) continue; // killed before the journal was made
        last = auditJournalFile(journal, CHAOS_CONFIG.profile, true);
        add(totals, last);
        if (last.problems.length > 0)
          problems.push(...last.problems.slice(0, 5).map((p) => `after kill ${done}: ${p}`));
        if (storage && disk) {
          const flip = rand() < 0.3;
          if (flip || struck) {
            // A transient read error rides on a probe already on its way (no extra start), of a journal nothing
            // damaged: there, moving it aside would forget money.
            const eio = noStrace === null && !flip ? startReadFault(rand) : null;
            const copy = copyJournal(journal, journalDir, join(dir, 'reference'));
            const flipped = flip ? flipRandomBit(journal, rand) : null;
            if (flipped) {
              sf.byteFlips++;
              sf.flipsByFile[flipped.file] = (sf.flipsByFile[flipped.file] ?? 0) + 1;
            }
            const what = `run ${run} (seed ${seed}, fault ${env.CHAOS_FAULT ?? 'none'}, flip ${JSON.stringify(flipped)}, start-up EIO ${eio ?? 'none'})`;
            let reference: StartView | null = null;
            // Nothing damaged this journal: moving it aside would forget what the player is owed.
            let healthy = flipped === null;
            try {
              const start = referenceStart(copy);
              reference = start.view;
              healthy &&= !start.quarantined;
            } catch (error) {
              sf.crashLoops++;
              problems.push(`${what}: the undamaged copy did not start: ${(error as Error).message}`);
            }
            if (eio) sf.startReadFaults++;
            const probe = await runChild(
              { CHAOS_JOURNAL: journal, CHAOS_SEED: '1', CHAOS_RUN: String(run), CHAOS_MODE: 'probe' },
              null,
              eio ? underStrace(journal, eio) : undefined,
            );
            noteFreezes(probe, what);
            if (healthy && probe.message?.view && probe.message.quarantined) {
              sf.healthyQuarantined++;
              problems.push(`${what}: a healthy journal was moved aside as damaged`);
              wipeJournal(journalDir);
            } else if (probe.code !== 0 || probe.message === null) {
              sf.crashLoops++;
              const kept = `${dir}-crash-run-${run}`;
              cpSync(journalDir, kept, { recursive: true });
              const why = probe.stderr.split('\n').find((l) => /Error/.test(l)) ?? probe.stderr.trim();
              problems.push(`${what}: did not start (journal kept at ${kept}): ${why}`);
              wipeJournal(journalDir);
            } else if (probe.message.viewError !== undefined) {
              // It started, but showing the credits or the recall failed: with no doubt tilt, that is
              // a change the cabinet did not detect.
              if (probe.message.tilts.some((t) => DOUBT_TILTS.includes(t))) sf.tilted++;
              else {
                sf.undetected++;
                problems.push(`${what}: undetected change: the start view failed: ${probe.message.viewError}`);
              }
              wipeJournal(journalDir);
            } else if (reference) {
              const verdict = judgeStart(reference, probe.message.view);
              if (verdict.kind === 'undetected-change') {
                sf.undetected++;
                problems.push(`${what}: undetected change: ${verdict.what}`);
              } else if (verdict.kind === 'tilted') {
                sf.tilted++;
                // The damaged journal is in doubt (and kept aside by the cabinet): go on with a fresh one.
                if (verdict.tilt === 'memory-error') wipeJournal(journalDir);
              } else {
                sf.exact++;
                // The start showed the same; a flip in a row nothing shows (an old ledger row) is
                // still found by the full audit. Count it, and go on with a fresh journal so the
                // audit of later kills keeps its meaning.
                if (flipped && auditJournalFile(journal, CHAOS_CONFIG.profile, true).problems.length > 0) {
                  sf.auditOnly++;
                  wipeJournal(journalDir);
                }
              }
            }
          }
        }
        if (done % 20 === 0 || done === kills) {
          const s = ((performance.now() - started) / 1000).toFixed(1);
          process.stderr.write(
            `chaos: ${done}/${kills} kills, ${last.roundsSettled} settled, ${last.roundsVoided} voided, ${last.roundsOpen} open, ${s}s\n`,
          );
        }
      }
      // Final start without a kill: recovery must leave no round open, and everything must add up.
      const final = await runChild(
        { CHAOS_JOURNAL: journal, CHAOS_SEED: '1', CHAOS_RUN: String(run + 1), CHAOS_MODE: 'recover' },
        null,
      );
      if (final.code !== 0) {
        childFailures++;
        problems.push(
          `final recovery exited with ${final.code ?? final.signal}: ${final.stderr.trim().split('\n')[0] ?? ''}`,
        );
      }
      last = auditJournalFile(journal, CHAOS_CONFIG.profile, false);
      add(totals, last);
      if (last.problems.length > 0) problems.push(...last.problems.slice(0, 10).map((p) => `final: ${p}`));
    } finally {
      if (values.keep) process.stderr.write(`chaos: journal kept at ${journal}\n`);
      else {
        // The scratch disk is mounted inside the folder: unmount it first.
        disk?.cleanup();
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const seconds = (performance.now() - started) / 1000;
    for (const p of problems.slice(0, 20)) process.stderr.write(`chaos: PROBLEM ${p}\n`);
    process.stderr.write(
      `chaos: ${done} kills in ${seconds.toFixed(1)}s: ${byHook} at a journal statement ` +
        `(${inTransaction} inside an open transaction, ${afterCommit} right after a COMMIT, ${inStartup} during start-up/recovery), ` +
        `${byTimer} by a timer at an arbitrary moment\n`,
    );
    const summary = {
      kills: done,
      rounds_settled: last?.roundsSettled ?? 0,
      rounds_voided: last?.roundsVoided ?? 0,
      lost_minor: totals.lost,
      created_minor: totals.created,
      double_refunds: totals.doubleRefunds + totals.settledAndVoided,
      meter_mismatches: totals.meter,
      recall_mismatches: totals.recall,
      integrity_failures: totals.integrity + childFailures,
      kills_inside_transaction: inTransaction,
      kills_during_startup_recovery: inStartup,
      ...(storage
        ? {
            storage_faults: sf.storageFaults,
            storage_faults_by_kind: sf.byKind,
            byte_flips: sf.byteFlips,
            byte_flips_by_file: sf.flipsByFile,
            starts_exact: sf.exact,
            starts_tilted: sf.tilted,
            start_read_faults: sf.startReadFaults,
            healthy_quarantined: sf.healthyQuarantined,
            flips_found_by_audit_only: sf.auditOnly,
            freezes: sf.freezes,
            crash_loops: sf.crashLoops,
            undetected_changes: sf.undetected,
          }
        : {}),
      seconds: Math.round(seconds * 10) / 10,
    };
    if (values.json) printJson(summary);
    else process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    const bad =
      summary.lost_minor +
      summary.created_minor +
      summary.double_refunds +
      summary.meter_mismatches +
      summary.recall_mismatches +
      summary.integrity_failures +
      sf.freezes +
      sf.crashLoops +
      sf.undetected +
      sf.healthyQuarantined;
    return bad === 0 && done === kills ? 0 : 1;
  },
});
