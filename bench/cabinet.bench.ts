/**
 * Cabinet benchmark: what durability costs (docs/benchmarks.md#a-durable-round).
 *
 * - round latency: one complete round (lock + debit, cards recorded, settle + credit: three durable commits with
 *   WAL and synchronous=FULL, the record chain, the critical-memory checks and the copy file), beside the ceiling
 *   measured in the same run, taking turns: the same round with the record chain and the copy file off;
 * - commit latency: one durable transaction on its own (a bill credit);
 * - sustained rounds per second with everything on.
 * Runs against real journal files in a temp directory (on disk, not :memory:), and samples how busy the machine
 * was first. Prints figures only; it never asserts a timing.
 *
 * `--baseline DIR` (a checkout of older code, e.g. `git worktree add DIR main`) adds its round with everything on,
 * taking turns with this checkout's, so before and after are measured in the same run.
 *
 *   node bench/cabinet.bench.ts [--rounds N] [--baseline DIR] [--json]   (the last stdout line is JSON)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openCabinet } from '../electron/storage/open-cabinet.ts';
import { DEFAULT_VENUE_CONFIG } from '../electron/core/config/venue-config.ts';
import { createCryptoRandomSource } from '../electron/core/random/crypto-random-source.ts';
import {
  baselineOf,
  CEILING,
  describeLoad,
  loadBuild,
  EVERYTHING_ON,
  machineLoad,
  percentile,
  roundTable,
  timeRounds,
} from './durable-round.ts';
import { reportFigures } from './figures.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string' }, baseline: { type: 'string' }, json: { type: 'boolean' } },
  strict: true,
});
const rounds = values.rounds ? Number(values.rounds) : 2_000;
if (!Number.isSafeInteger(rounds) || rounds < 10 || rounds > 1_000_000) {
  process.stderr.write('cabinet.bench: --rounds must be a whole number from 10 to 1000000\n');
  process.exit(2);
}

const load = await machineLoad();
const dir = mkdtempSync(join(tmpdir(), 'cabinet-bench-'));
const config = {
  ...DEFAULT_VENUE_CONFIG,
  limits: { ...DEFAULT_VENUE_CONFIG.limits, creditLimitMinor: 100_000_000_00 },
};
// Commit latency: one durable transaction (a bill credit) at a time, on a cabinet as the shells open it.
const commitMs: number[] = [];
const cabinet = openCabinet({ journalPath: join(dir, 'journal.sqlite'), config, random: createCryptoRandomSource() });
try {
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    cabinet.creditBill({ valueMinor: 10_000, channel: 5, eventKey: `bench-${i}` });
    commitMs.push(performance.now() - t0);
  }
} finally {
  cabinet.close();
  rmSync(dir, { recursive: true, force: true });
}
commitMs.sort((a, b) => a - b);

const baseline = values.baseline ? [baselineOf(await loadBuild(values.baseline), values.baseline)] : [];
const { figures, journal } = timeRounds([EVERYTHING_ON, ...baseline, CEILING], rounds);
const on = figures[0]!;
const ceiling = figures[figures.length - 1]!;
const result = {
  bench: 'cabinet',
  journal,
  durability: 'WAL, synchronous=FULL, record chain, copy file',
  rounds,
  round_p50_ms: Number(on.p50.toFixed(3)),
  round_p99_ms: Number(on.p99.toFixed(3)),
  ceiling_p50_ms: Number(ceiling.p50.toFixed(3)),
  ceiling_p99_ms: Number(ceiling.p99.toFixed(3)),
  p50_ratio: Number((on.p50 / ceiling.p50).toFixed(2)),
  p99_ratio: Number((on.p99 / ceiling.p99).toFixed(2)),
  commit_p50_ms: Number(percentile(commitMs, 50).toFixed(3)),
  commit_p99_ms: Number(percentile(commitMs, 99).toFixed(3)),
  rounds_per_second: Math.round((rounds * 1000) / on.totalMs),
  cpu_ms_per_round: Number(on.cpuMsPerRound.toFixed(3)),
  ceiling_cpu_ms_per_round: Number(ceiling.cpuMsPerRound.toFixed(3)),
  cpu_in_use_before: Number(load.cpuInUse.toFixed(2)),
  load_average_1m: Number(load.loadAverage1m.toFixed(2)),
};
process.stdout.write(
  `cabinet: durable round (3 commits), ${rounds} rounds each, taking turns (${journal}):\n${roundTable(figures)}` +
    `single commit p50 ${result.commit_p50_ms} ms, p99 ${result.commit_p99_ms} ms; ` +
    `${result.rounds_per_second} rounds/s with everything on\n${describeLoad(load)}\n`,
);
reportFigures({
  round_p50_ms: { value: on.p50, unit: 'ms', better: 'lower', ceiling: ceiling.p50 },
  round_p99_ms: { value: on.p99, unit: 'ms', better: 'lower', ceiling: ceiling.p99 },
  commit_p50_ms: { value: percentile(commitMs, 50), unit: 'ms', better: 'lower' },
});
// The last line is always the JSON result (bench/run-all.ts collects it); --json is accepted for symmetry.
void values.json;
process.stdout.write(`${JSON.stringify(result)}\n`);
