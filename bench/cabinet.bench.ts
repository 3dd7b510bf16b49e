/**
 * Cabinet benchmark: what durability costs.
 *
 * - round latency: one complete round (lock + debit, cards recorded, settle + credit:
 *   three durable commits with WAL and synchronous=FULL, plus the critical-memory checks);
 * - commit latency: one durable transaction on its own (a bill credit);
 * - sustained rounds per second with durability on.
 * Runs against a real journal file in a temp directory (on disk, not :memory:).
 *
 *   node bench/cabinet.bench.ts [--rounds N] [--json]   (the last stdout line is JSON)
 */
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openCabinet } from '../electron/storage/open-cabinet.ts';
import { DEFAULT_VENUE_CONFIG } from '../electron/core/config/venue-config.ts';
import { createCryptoRandomSource } from '../electron/core/random/crypto-random-source.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string' }, json: { type: 'boolean' } }, strict: true });
const rounds = values.rounds ? Number(values.rounds) : 2_000;
if (!Number.isSafeInteger(rounds) || rounds < 10 || rounds > 1_000_000) {
  process.stderr.write('cabinet.bench: --rounds must be a whole number from 10 to 1000000\n');
  process.exit(2);
}

function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? 0;
}

const dir = mkdtempSync(join(tmpdir(), 'cabinet-bench-'));
const TMPFS_MAGIC = 0x01021994;
const onTmpfs = statfsSync(dir).type === TMPFS_MAGIC;
const config = {
  ...DEFAULT_VENUE_CONFIG,
  limits: { ...DEFAULT_VENUE_CONFIG.limits, creditLimitMinor: 100_000_000_00 },
};
const cabinet = openCabinet({ journalPath: join(dir, 'journal.sqlite'), config, random: createCryptoRandomSource() });
try {
  // Commit latency: one durable transaction (a bill credit) at a time.
  const commitMs: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    cabinet.creditBill({ valueMinor: 10_000, channel: 5, eventKey: `bench-${i}` });
    commitMs.push(performance.now() - t0);
  }
  cabinet.placeChip('player', 100);
  cabinet.placeChip('banker', 100);
  cabinet.deal();
  // Warm-up.
  for (let i = 0; i < 50; i++) cabinet.rebet(1);
  const roundMs: number[] = [];
  const start = performance.now();
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    cabinet.rebet(1);
    roundMs.push(performance.now() - t0);
  }
  const seconds = (performance.now() - start) / 1000;
  commitMs.sort((a, b) => a - b);
  roundMs.sort((a, b) => a - b);
  const result = {
    bench: 'cabinet',
    journal: onTmpfs ? 'tmpfs (durability figures are optimistic)' : 'disk',
    durability: 'WAL, synchronous=FULL',
    rounds,
    round_p50_ms: Number(percentile(roundMs, 50).toFixed(3)),
    round_p99_ms: Number(percentile(roundMs, 99).toFixed(3)),
    commit_p50_ms: Number(percentile(commitMs, 50).toFixed(3)),
    commit_p99_ms: Number(percentile(commitMs, 99).toFixed(3)),
    rounds_per_second: Math.round(rounds / seconds),
  };
  process.stdout.write(
    `cabinet: durable round (3 commits) p50 ${result.round_p50_ms} ms, p99 ${result.round_p99_ms} ms; ` +
      `single commit p50 ${result.commit_p50_ms} ms, p99 ${result.commit_p99_ms} ms; ` +
      `${result.rounds_per_second} rounds/s sustained over ${rounds} rounds (${result.journal}, ${result.durability})\n`,
  );
  // The last line is always the JSON result (bench/run-all.ts collects it); --json is accepted for symmetry.
  void values.json;
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  cabinet.close();
  rmSync(dir, { recursive: true, force: true });
}
