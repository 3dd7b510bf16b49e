/**
 * Record-chain benchmark (docs/cabinet-rules.md#verified-records): what the chained digests cost.
 *
 * - round commit: one complete cabinet round (lock, deal, settle: three durable commits), p50/p99, with
 *   everything on, with the chain but no copy file, and the ceiling (both off), taking turns in one run
 *   (durable-round.ts), beside the machine's load;
 * - start-up verification (`verifyRecent`) on journals of 10^3 and 10^5 rounds: the first start
 *   after they were written (catching up from checkpoint 0, i.e. the whole chain) and the next one
 *   (the flat case every later start sees), plus the technician's full verification for comparison.
 * Real journal files in a temp directory; the time to build each is printed too (the default sizes stop at
 * 10^5: a 10^6-round journal takes far more than a few minutes to write on a small machine; pass
 * `--sizes 1000,100000,1000000` to measure it). Prints figures only; it never asserts a timing.
 *
 *   node bench/record-chain.bench.ts [--rounds N] [--sizes 1000,100000] [--json]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Journal } from '../electron/storage/journal.ts';
import { sampleOutcome } from '../electron/testing/journal-fixtures.ts';
import { CEILING, describeLoad, EVERYTHING_ON, machineLoad, roundTable, timeRounds } from './durable-round.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string' }, sizes: { type: 'string' }, json: { type: 'boolean' } },
  strict: true,
});
const rounds = values.rounds ? Number(values.rounds) : 300;
const sizes = (values.sizes ?? '1000,100000').split(',').map(Number);
if (!Number.isSafeInteger(rounds) || rounds < 10 || rounds > 100_000) {
  process.stderr.write('record-chain.bench: --rounds must be a whole number from 10 to 100000\n');
  process.exit(2);
}
if (sizes.some((n) => !Number.isSafeInteger(n) || n < 1 || n > 1_000_000)) {
  process.stderr.write('record-chain.bench: --sizes must be whole numbers from 1 to 1000000, comma-separated\n');
  process.exit(2);
}

const load = await machineLoad();
const dir = mkdtempSync(join(tmpdir(), 'record-chain-bench-'));

/** Writes `n` settled rounds (stake, win, two events each) in large transactions, straight to the journal. */
function buildJournal(n: number): string {
  const path = join(dir, `journal-${n}.sqlite`);
  const j = Journal.open(path);
  let balance = 1_000_000_000;
  j.transaction(() =>
    j.appendLedger({ at: 't', kind: 'bill', demo: false, deltaMinor: balance, balanceAfterMinor: balance }),
  );
  const outcome = sampleOutcome();
  for (let start = 1; start <= n; start += 1000) {
    j.transaction(() => {
      for (let r = start; r < Math.min(n + 1, start + 1000); r++) {
        const at = new Date(Date.UTC(2026, 0, 1) + r * 1000).toISOString();
        j.insertRound({
          roundId: r,
          demo: false,
          bets: { player: 100 },
          stakeMinor: 100,
          creditsBeforeMinor: balance,
          at,
        });
        balance -= 100;
        j.appendLedger({
          at,
          kind: 'stake',
          demo: false,
          deltaMinor: -100,
          roundId: r,
          spot: 'player',
          balanceAfterMinor: balance,
        });
        j.appendEvent('door', at, { code: 'door-opened' });
        j.markDealt(r, outcome, at);
        balance += 200;
        j.appendLedger({
          at,
          kind: 'win',
          demo: false,
          deltaMinor: 200,
          roundId: r,
          spot: 'player',
          balanceAfterMinor: balance,
        });
        j.markSettled(r, { player: 200 }, 200, balance, at);
        j.appendEvent('door', at, { code: 'door-closed' });
      }
    });
  }
  j.close();
  return path;
}

function timed<T>(fn: () => T): { ms: number; value: T } {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
}

try {
  const { figures, journal } = timeRounds(
    [EVERYTHING_ON, { name: 'chain, no copy file', chain: true, copyFile: false }, CEILING],
    rounds,
  );
  process.stdout.write(
    `durable round (lock, deal, settle), ${rounds} rounds each, taking turns (${journal}):\n${roundTable(figures)}` +
      `${describeLoad(load)}\n`,
  );
  const startup: Array<Record<string, number>> = [];
  for (const n of sizes) {
    const built = timed(() => buildJournal(n));
    const path = built.value;
    const measure = () => {
      const j = Journal.open(path);
      try {
        return timed(() => j.verifyRecent());
      } finally {
        j.close();
      }
    };
    const first = measure();
    const next = measure();
    const full = timed(() => {
      const j = Journal.open(path, { readOnly: true });
      try {
        return j.verifyAllRecords();
      } finally {
        j.close();
      }
    });
    const row = {
      rounds: n,
      buildMs: built.ms,
      firstStartMs: first.ms,
      firstStartRows: first.value.rowsChecked,
      nextStartMs: next.ms,
      nextStartRows: next.value.rowsChecked,
      fullAuditMs: full.ms,
      fullAuditRows: full.value.rowsChecked,
    };
    startup.push(row);
    process.stdout.write(
      `start-up verification, ${n} rounds (built in ${(built.ms / 1000).toFixed(1)} s): first start ${first.ms.toFixed(1)} ms (${row.firstStartRows} rows), ` +
        `next start ${next.ms.toFixed(2)} ms (${row.nextStartRows} rows); full audit ${full.ms.toFixed(0)} ms (${row.fullAuditRows} rows)\n`,
    );
  }
  if (values.json) {
    process.stdout.write(JSON.stringify({ rounds, round: figures, load, startup }) + '\n');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
