/**
 * Roads window benchmark (docs/roads.md#implementation-status): what main's read of the roads window costs
 * on a long journal, before migration 8 (no index on the rounds by wallet and status) and after it
 * (`rounds_road_window`). Figures only; it never asserts a timing. It does check that both read the same
 * rounds, and exits 1 if they do not.
 *
 * The journal: N rounds (default 50,000) written through the journal's own writers, every 100th voided,
 * and one demo session of 300 rounds long ago (rounds 2,001 to 2,300), as on a cabinet where the operator
 * tried free play once. The reads: `readRoadWindow` (the newest roads reset, the newest RAM clear, then the
 * window itself) in real play and in demo mode, with the default window of 60 rounds and the largest of
 * 500. Without the index a demo read walks back through every newer real round. Each read runs a few
 * times to warm up, then `--reps` times; p50 and the slowest are printed, with the query plan of each
 * schema and the time migration 8 takes to build its index on this journal.
 *
 *   node bench/road-window.bench.ts [--rounds N] [--reps R] [--json]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { ROAD_WINDOW_ROUNDS } from '../electron/core/config/venue-config.ts';
import { readRoadWindow } from '../electron/core/cabinet/road-window.ts';
import type { RoadOutcome } from '../electron/core/roads/road-types.ts';
import { Database } from '../electron/storage/database.ts';
import { Journal } from '../electron/storage/journal.ts';
import { MIGRATIONS } from '../electron/storage/migrations.ts';
import { SETTLED_OUTCOMES_SQL } from '../electron/storage/round-store.ts';
import { sampleOutcome } from '../electron/testing/journal-fixtures.ts';
import { reportFigures } from './figures.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string' }, reps: { type: 'string' }, json: { type: 'boolean' } },
  strict: true,
});
const rounds = values.rounds ? Number(values.rounds) : 50_000;
const reps = values.reps ? Number(values.reps) : 30;
const DEMO_FIRST = 2_001;
const DEMO_ROUNDS = 300;
if (!Number.isSafeInteger(rounds) || rounds < DEMO_FIRST + DEMO_ROUNDS || rounds > 1_000_000) {
  process.stderr.write(
    `road-window.bench: --rounds must be a whole number from ${DEMO_FIRST + DEMO_ROUNDS} to 1000000\n`,
  );
  process.exit(2);
}
if (!Number.isSafeInteger(reps) || reps < 1 || reps > 10_000) {
  process.stderr.write('road-window.bench: --reps must be a whole number from 1 to 10000\n');
  process.exit(2);
}

/** The version this bench compares against: the journal as it was before the index. */
const BEFORE = 7;
const INDEX = 'rounds_road_window';
const READS = [
  { wallet: 'real', demo: false, window: ROAD_WINDOW_ROUNDS.default },
  { wallet: 'real', demo: false, window: ROAD_WINDOW_ROUNDS.max },
  { wallet: 'demo', demo: true, window: ROAD_WINDOW_ROUNDS.default },
  { wallet: 'demo', demo: true, window: ROAD_WINDOW_ROUNDS.max },
] as const;
type Read = (typeof READS)[number];

interface Timed {
  readonly p50Ms: number;
  readonly maxMs: number;
  readonly outcomes: readonly RoadOutcome[];
}

const isDemo = (r: number): boolean => r >= DEMO_FIRST && r < DEMO_FIRST + DEMO_ROUNDS;

function build(path: string): number {
  const started = performance.now();
  const j = Journal.open(path);
  const outcome = sampleOutcome();
  const start = Date.UTC(2026, 0, 1);
  for (let first = 1; first <= rounds; first += 1_000) {
    j.transaction(() => {
      for (let r = first; r < Math.min(rounds + 1, first + 1_000); r++) {
        const at = new Date(start + r * 1_000).toISOString();
        j.insertRound({
          roundId: r,
          demo: isDemo(r),
          bets: { player: 100 },
          stakeMinor: 100,
          creditsBeforeMinor: 1e6,
          at,
        });
        if (r % 100 === 0) {
          j.markVoided(r, 100, 1e6, at, { code: 'power-lost', status: 'locked' });
          continue;
        }
        j.markDealt(r, outcome, at);
        j.markSettled(r, { player: 200 }, 200, 1e6 + 100, at);
      }
    });
  }
  j.close();
  return performance.now() - started;
}

/** Turns the journal back into a schema-7 one: migration 8's index and its row go. */
function downgrade(path: string): void {
  const db = Database.open(path, {}, MIGRATIONS.slice(0, BEFORE));
  try {
    db.transaction(() => {
      db.exec(`DROP INDEX IF EXISTS ${INDEX}`);
      db.run('DELETE FROM migrations WHERE version > ?', BEFORE);
    });
  } finally {
    db.close();
  }
}

function plan(path: string): string {
  const db = Database.open(path, { readOnly: true }, MIGRATIONS);
  try {
    return db
      .all<{ detail: string }>(`EXPLAIN QUERY PLAN ${SETTLED_OUTCOMES_SQL}`, 0, 1, 500)
      .map((row) => row.detail)
      .join('; ');
  } finally {
    db.close();
  }
}

function time(journal: Journal, read: Read): Timed {
  const run = () => readRoadWindow(journal, read.demo, read.window);
  for (let i = 0; i < 3; i++) run();
  const samples: number[] = [];
  let outcomes: readonly RoadOutcome[] = [];
  for (let i = 0; i < reps; i++) {
    const s = performance.now();
    outcomes = run();
    samples.push(performance.now() - s);
  }
  samples.sort((a, b) => a - b);
  return { p50Ms: samples[Math.floor((samples.length - 1) / 2)]!, maxMs: samples.at(-1)!, outcomes };
}

function measure(path: string): { version: number; plan: string; reads: Timed[] } {
  const j = Journal.open(path, { readOnly: true });
  try {
    return { version: j.schemaVersion(), plan: plan(path), reads: READS.map((read) => time(j, read)) };
  } finally {
    j.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'road-window-bench-'));
try {
  const path = join(dir, 'journal.sqlite');
  const buildMs = build(path);
  downgrade(path);
  const before = measure(path);
  const migrateStarted = performance.now();
  Journal.open(path).close();
  const migrateMs = performance.now() - migrateStarted;
  const after = measure(path);

  process.stdout.write(
    `journal: ${rounds} rounds (every 100th voided, ${DEMO_ROUNDS} demo rounds from ${DEMO_FIRST}), written in ` +
      `${(buildMs / 1000).toFixed(1)} s; ${reps} reads each after 3 to warm up\n` +
      `plan at schema ${before.version}: ${before.plan}\nplan at schema ${after.version}: ${after.plan}\n` +
      `migration 8 (its index on ${rounds} rounds): ${migrateMs.toFixed(0)} ms\n\n` +
      `${'wallet'.padEnd(7)} ${'window'.padStart(6)} ${'rounds read'.padStart(11)}  ${'before p50'.padStart(10)} ` +
      `${'max'.padStart(8)}  ${'after p50'.padStart(10)} ${'max'.padStart(8)}\n`,
  );
  let same = true;
  READS.forEach((read, i) => {
    const b = before.reads[i]!;
    const a = after.reads[i]!;
    same &&= isDeepStrictEqual(a.outcomes, b.outcomes);
    process.stdout.write(
      `${read.wallet.padEnd(7)} ${String(read.window).padStart(6)} ${String(a.outcomes.length).padStart(11)}  ` +
        `${b.p50Ms.toFixed(3).padStart(7)} ms ${b.maxMs.toFixed(3).padStart(5)} ms  ` +
        `${a.p50Ms.toFixed(3).padStart(7)} ms ${a.maxMs.toFixed(3).padStart(5)} ms\n`,
    );
  });
  if (!same) process.stderr.write('road-window.bench: the two schemas read different windows\n');
  reportFigures(
    Object.fromEntries(
      READS.map((read, i) => [
        `read_${read.wallet}_${read.window}_p50_ms`,
        { value: after.reads[i]!.p50Ms, unit: 'ms', better: 'lower' as const, ceiling: before.reads[i]!.p50Ms },
      ]),
    ),
  );
  if (values.json) {
    process.stdout.write(
      JSON.stringify({
        rounds,
        reps,
        buildMs,
        migrateMs,
        plans: { before: before.plan, after: after.plan },
        reads: READS.map((read, i) => ({
          ...read,
          rounds: after.reads[i]!.outcomes.length,
          beforeMs: { p50: before.reads[i]!.p50Ms, max: before.reads[i]!.maxMs },
          afterMs: { p50: after.reads[i]!.p50Ms, max: after.reads[i]!.maxMs },
        })),
        sameWindows: same,
      }) + '\n',
    );
  }
  process.exitCode = same ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
