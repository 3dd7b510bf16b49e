/**
 * Engine benchmark: exact-analysis time per built-in profile, simulated rounds
 * per second on one core with the seeded generator and with the OS CSPRNG, and
 * the total on every core through worker threads. Run with `npm run bench`.
 * Figures only; nothing here is asserted (timings never go into tests).
 */
import { availableParallelism } from 'node:os';
import { analyzeProfile } from '../electron/core/analysis/exact-analysis.ts';
import { simulateRounds } from '../electron/core/analysis/fast-simulation.ts';
import { runSimulation, type SimulationRng } from '../electron/core/analysis/parallel-simulation.ts';
import { BUILT_IN_PROFILES, parseRuleProfile } from '../electron/core/engine/rule-profile.ts';
import { BatchedCryptoRandomSource } from '../electron/core/random/batched-crypto-random-source.ts';
import { createCryptoRandomSource } from '../electron/core/random/crypto-random-source.ts';
import type { RandomSource } from '../electron/core/random/random-source.ts';
import { SeededRandomSource } from '../electron/core/random/seeded-random-source.ts';
import { reportFigures, type Figure } from './figures.ts';

const quick = process.argv.includes('--quick');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function table(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  process.stdout.write(`\n${title}\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
}

/** CPU seconds used by this process (all threads) since `from`. */
function cpuSeconds(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
}

const millions = (perSecond: number) => `${(perSecond / 1e6).toFixed(2)} M`;
/** The headline figures, kept by `npm run bench` in bench/last-run.json. */
const figures: Record<string, Figure> = {};

// 1. Exact analysis, median of several runs after a warm-up.
const analysisRows: string[][] = [];
const profiles = [
  ...BUILT_IN_PROFILES,
  parseRuleProfile({ id: 'one-deck-tie-8-to-1', decks: 1, tiePays: 8, bankerCommissionPercent: 5 }),
];
for (const profile of profiles) {
  for (let i = 0; i < 3; i++) analyzeProfile(profile);
  const times: number[] = [];
  let rtp = 0;
  const cpuTimes: number[] = [];
  for (let i = 0; i < (quick ? 5 : 15); i++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    rtp = analyzeProfile(profile).rtp.banker;
    cpuTimes.push(cpuSeconds(cpu) * 1000);
    times.push(performance.now() - started);
  }
  figures[`analysis_${profile.id}_median_ms`] = { value: median(times), unit: 'ms', better: 'lower' };
  analysisRows.push([
    profile.id,
    median(times).toFixed(2),
    Math.min(...times).toFixed(2),
    median(cpuTimes).toFixed(2),
    `${(rtp * 100).toFixed(4)}%`,
  ]);
}
table(
  'Exact analysis per profile (target ≤ 20 ms)',
  ['profile', 'median ms', 'best ms', 'median CPU ms', 'Banker RTP'],
  analysisRows,
);

// 2. One core: best of a few timed batches after a warm-up batch.
// Wall-clock rates suffer when other processes share the cores; rounds per CPU-second do not.
function perCore(name: string, make: () => RandomSource, rounds: number, repeats: number, key: string): string[] {
  simulateRounds(Math.min(rounds, 200_000), 8, make());
  const rates: number[] = [];
  const cpuRates: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const random = make();
    const started = performance.now();
    const cpu = process.cpuUsage();
    simulateRounds(rounds, 8, random);
    cpuRates.push(rounds / cpuSeconds(cpu));
    rates.push(rounds / ((performance.now() - started) / 1000));
  }
  figures[`one_core_${key}_rounds_per_s`] = { value: median(rates), unit: 'rounds/s', better: 'higher' };
  return [name, String(rounds), millions(median(rates)), millions(Math.max(...rates)), millions(median(cpuRates))];
}
const scale = quick ? 0.2 : 1;
const coreRows = [
  perCore(
    'seeded xoshiro128** (word batches)',
    () => new SeededRandomSource(1),
    Math.round(10_000_000 * scale),
    5,
    'seeded',
  ),
  perCore(
    'OS CSPRNG, batched randomFillSync',
    () => new BatchedCryptoRandomSource(),
    Math.round(10_000_000 * scale),
    5,
    'os_batched',
  ),
  perCore(
    'OS CSPRNG, crypto.randomInt per card',
    () => createCryptoRandomSource(),
    Math.round(500_000 * scale),
    3,
    'randomInt',
  ),
];
table(
  'Simulated rounds per second, one core, 8 decks, fresh shoe every round (targets: seeded ≥ 20 M, crypto ≥ 2 M)',
  ['random source', 'rounds', 'median/s', 'best/s', 'per CPU-s'],
  coreRows,
);

// 3. Every core through worker threads (includes worker start-up).
const cores = availableParallelism();
const allRows: string[][] = [];
for (const [rng, rounds] of [
  ['seeded', Math.round(60_000_000 * scale)],
  ['crypto', Math.round(30_000_000 * scale)],
] as [SimulationRng, number][]) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const tally = await runSimulation({ rounds, seed: 1, decks: 8, rng, workers: cores });
  const seconds = (performance.now() - started) / 1000;
  const cpuUsed = cpuSeconds(cpu);
  figures[`all_cores_${rng}_rounds_per_s`] = { value: tally.rounds / seconds, unit: 'rounds/s', better: 'higher' };
  allRows.push([
    rng,
    String(cores),
    String(tally.rounds),
    seconds.toFixed(2),
    millions(tally.rounds / seconds),
    cpuUsed.toFixed(2),
    millions(tally.rounds / cpuUsed),
  ]);
}
table(
  `All cores via worker_threads (${cores} available)`,
  ['rng', 'workers', 'rounds', 'wall s', 'rounds/s', 'CPU s', 'per CPU-s'],
  allRows,
);
reportFigures(figures);
