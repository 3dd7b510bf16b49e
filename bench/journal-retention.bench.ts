/**
 * Journal retention benchmark (docs/cabinet-rules.md#retention-and-archive): what the archive costs and
 * what it saves. Figures only; it never asserts a timing.
 *
 * - build: a journal of N settled rounds written fast (electron/testing/journal-archive-fixture.ts:
 *   one stake row, one win row and two event-log rows per round, every row chained);
 * - archive batch time per 1,000 rounds (p50, p99, mean over the batches), and per batch of the size the
 *   cabinet runs between rounds (ARCHIVE_BATCH);
 * - the live journal after archiving down to the retention: the file (SQLite keeps freed pages and
 *   reuses them, so the file stops growing rather than shrinking), the pages in use, the size after a
 *   VACUUM for comparison, the bytes per table, and the archive file's size.
 *
 *   node bench/journal-retention.bench.ts [--rounds N] [--retain R] [--json]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ARCHIVE_BATCH } from '../electron/core/cabinet/journal-archive-schedule.ts';
import { RETAIN_ROUNDS } from '../electron/core/config/venue-config.ts';
import { archivePathOf } from '../electron/storage/journal-archive-file.ts';
import { fileFigures as sizes, vacuumedBytes } from '../electron/storage/journal-archive-size.ts';
import { Journal } from '../electron/storage/journal.ts';
import { writeSettledRounds } from '../electron/testing/journal-archive-fixture.ts';
import { reportFigures } from './figures.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string' }, retain: { type: 'string' }, json: { type: 'boolean' } },
  strict: true,
});
const rounds = values.rounds ? Number(values.rounds) : 50_000;
const retain = values.retain ? Number(values.retain) : RETAIN_ROUNDS.default;
if (!Number.isSafeInteger(rounds) || rounds < 2_000 || rounds > 1_000_000) {
  process.stderr.write('journal-retention.bench: --rounds must be a whole number from 2000 to 1000000\n');
  process.exit(2);
}
if (!Number.isSafeInteger(retain) || retain < 1 || retain >= rounds) {
  process.stderr.write('journal-retention.bench: --retain must be a whole number from 1 to below --rounds\n');
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'journal-retention-bench-'));
const MB = 1024 * 1024;

function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? 0;
}

function mb(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}

try {
  const path = join(dir, 'journal.sqlite');
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const j = Journal.open(path);
  writeSettledRounds(j, rounds);
  j.verifyRecent();
  const buildS = (performance.now() - t0) / 1000;
  const buildCpu = process.cpuUsage(c0);
  const buildCpuS = (buildCpu.user + buildCpu.system) / 1e6;
  j.close();
  const before = sizes(path);
  process.stdout.write(
    `build: ${rounds} rounds in ${buildS.toFixed(1)} s (CPU ${buildCpuS.toFixed(1)} s); journal ${mb(before.fileBytes)} (${(before.fileBytes / rounds).toFixed(0)} B per round)\n`,
  );

  const live = Journal.open(path);
  const per1000: number[] = [];
  const perBatch: number[] = [];
  // CPU time of this process besides the wall time: on a shared machine the wall time includes waiting for a core.
  const cpu1000: number[] = [];
  const cpuBatch: number[] = [];
  let moved = 0;
  const at = new Date().toISOString();
  // First half of the work in batches of 1,000 rounds, the rest in the cabinet's own batch size.
  const toMove = rounds - retain;
  for (;;) {
    const size = moved < toMove / 2 ? 1_000 : ARCHIVE_BATCH.maxRounds;
    const s = performance.now();
    const c = process.cpuUsage();
    const r = live.archiveOldRecords({ retainRounds: retain, maxRounds: size, maxEvents: size * 2 + 10, at });
    const ms = performance.now() - s;
    const used = process.cpuUsage(c);
    const cpuMs = (used.user + used.system) / 1000;
    if (r.outcome !== 'moved') break;
    moved += r.rounds;
    if (size === 1_000 && r.rounds === 1_000) {
      per1000.push(ms);
      cpu1000.push(cpuMs);
    } else if (r.rounds === ARCHIVE_BATCH.maxRounds) {
      perBatch.push(ms);
      cpuBatch.push(cpuMs);
    }
  }
  const verify = (() => {
    const s = performance.now();
    const v = live.verifyRecent();
    return { ms: performance.now() - s, ok: v.ok };
  })();
  live.close();
  const full = (() => {
    const s = performance.now();
    const r = Journal.open(path, { readOnly: true });
    try {
      const v = r.verifyAllRecords();
      return { ms: performance.now() - s, rows: v.rowsChecked, breaks: v.breaks.length };
    } finally {
      r.close();
    }
  })();
  for (const xs of [per1000, perBatch, cpu1000, cpuBatch]) xs.sort((a, b) => a - b);
  const after = sizes(path);
  const vacuumed = vacuumedBytes(path, `${path}.vacuumed`);
  const archive = sizes(archivePathOf(path));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  process.stdout.write(
    `archive batch per 1,000 rounds (${per1000.length} batches): p50 ${percentile(per1000, 50).toFixed(0)} ms, ` +
      `p99 ${percentile(per1000, 99).toFixed(0)} ms, mean ${mean(per1000).toFixed(0)} ms (CPU p50 ${percentile(cpu1000, 50).toFixed(0)} ms)\n` +
      `archive batch of ${ARCHIVE_BATCH.maxRounds} rounds (the cabinet's, ${perBatch.length} batches): ` +
      `p50 ${percentile(perBatch, 50).toFixed(0)} ms, p99 ${percentile(perBatch, 99).toFixed(0)} ms (CPU p50 ${percentile(cpuBatch, 50).toFixed(0)} ms)\n` +
      `moved ${moved} rounds; live journal: file ${mb(after.fileBytes)} (pages in use ${mb(after.usedBytes)}, ` +
      `after VACUUM ${mb(vacuumed)}); archive ${mb(archive.fileBytes)}\n` +
      `live tables (bytes): ${JSON.stringify(after.tables)}\n` +
      `start-up check after the cut ${verify.ms.toFixed(1)} ms (ok ${verify.ok}); full audit archive + live ` +
      `${full.ms.toFixed(0)} ms (${full.rows} rows, ${full.breaks} breaks)\n`,
  );
  reportFigures({
    archive_per_1000_rounds_p50_ms: { value: percentile(per1000, 50), unit: 'ms', better: 'lower' },
    archive_batch_p99_ms: { value: percentile(perBatch, 99), unit: 'ms', better: 'lower' },
    start_up_check_after_cut_ms: { value: verify.ms, unit: 'ms', better: 'lower' },
  });
  if (values.json) {
    process.stdout.write(
      JSON.stringify({
        rounds,
        retain,
        buildS,
        buildCpuS,
        before,
        per1000Ms: {
          p50: percentile(per1000, 50),
          p99: percentile(per1000, 99),
          mean: mean(per1000),
          cpuP50: percentile(cpu1000, 50),
        },
        perBatchMs: {
          rounds: ARCHIVE_BATCH.maxRounds,
          p50: percentile(perBatch, 50),
          p99: percentile(perBatch, 99),
          cpuP50: percentile(cpuBatch, 50),
        },
        after,
        vacuumedBytes: vacuumed,
        archiveBytes: archive.fileBytes,
        fullAudit: full,
      }) + '\n',
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
