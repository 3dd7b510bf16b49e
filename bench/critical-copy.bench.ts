/**
 * Critical-copy benchmark (docs/cabinet-rules.md#critical-memory): what the second copy of critical
 * memory in its own file costs. One complete round (lock, deal, settle: three durable commits, each
 * followed by the atomic file write: temp file, fsync, rename, fsync of the folder), p50/p99, with the
 * copy file and without it. Real files in a temp directory. Prints figures only; it never asserts a timing.
 *
 *   node bench/critical-copy.bench.ts [--rounds N] [--json]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_VENUE_CONFIG } from '../electron/core/config/venue-config.ts';
import { createCryptoRandomSource } from '../electron/core/random/crypto-random-source.ts';
import { Journal } from '../electron/storage/journal.ts';
import { startCabinetOn } from '../electron/storage/open-cabinet.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string' }, json: { type: 'boolean' } }, strict: true });
const rounds = values.rounds ? Number(values.rounds) : 300;
if (!Number.isSafeInteger(rounds) || rounds < 10 || rounds > 100_000) {
  process.stderr.write('critical-copy.bench: --rounds must be a whole number from 10 to 100000\n');
  process.exit(2);
}

function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? 0;
}

const dir = mkdtempSync(join(tmpdir(), 'critical-copy-bench-'));
const config = {
  ...DEFAULT_VENUE_CONFIG,
  limits: { ...DEFAULT_VENUE_CONFIG.limits, creditLimitMinor: 100_000_000_00 },
};

function roundMs(withCopy: boolean): { p50: number; p99: number } {
  const journalPath = join(dir, `rounds-${withCopy ? 'copy' : 'plain'}.sqlite`);
  const journal = Journal.open(journalPath);
  // Without a journal path startCabinetOn attaches no copy file: the baseline.
  const cabinet = startCabinetOn(journal, {
    config,
    random: createCryptoRandomSource(),
    ...(withCopy ? { journalPath, criticalCopyPath: `${journalPath}.critical` } : {}),
  });
  try {
    for (let i = 0; i < 20; i++) cabinet.creditBill({ valueMinor: 10_000, channel: 5, eventKey: `bench-${i}` });
    const ms: number[] = [];
    for (let i = 0; i < rounds; i++) {
      cabinet.placeChip('player', 100);
      const t0 = performance.now();
      cabinet.deal();
      ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
  } finally {
    cabinet.close();
  }
}

try {
  const plain = roundMs(false);
  const copy = roundMs(true);
  const result = { rounds, plain, withCopy: copy, addedP50Ms: copy.p50 - plain.p50 };
  if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else {
    const f = (n: number) => n.toFixed(2);
    process.stdout.write(
      `critical copy file, ${rounds} rounds (ms per round, lock+deal+settle):\n` +
        `  journal only     p50 ${f(plain.p50)}  p99 ${f(plain.p99)}\n` +
        `  + copy file      p50 ${f(copy.p50)}  p99 ${f(copy.p99)}\n` +
        `  added per round  p50 ${f(result.addedP50Ms)}\n`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
