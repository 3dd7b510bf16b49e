/**
 * What the cabinet, record-chain and critical-copy benches share (docs/benchmarks.md#a-durable-round): one durable round
 * (lock, deal, settle: three commits) timed on several journals side by side. The journals take turns in small
 * blocks, so a busy spell on this shared machine lands on every variant alike, and each figure is printed beside
 * the ceiling measured in the same run (the same round with the record chain and the copy file off).
 */
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_VENUE_CONFIG } from '../electron/core/config/venue-config.ts';
import { createCryptoRandomSource } from '../electron/core/random/crypto-random-source.ts';
import type { CabinetCore } from '../electron/core/cabinet/cabinet.ts';
import { Journal } from '../electron/storage/journal.ts';
import { startCabinetOn } from '../electron/storage/open-cabinet.ts';
import { otherCpuShare } from './ui-figures.ts';

/** The storage code a variant runs: this checkout's, or an older checkout's for a before/after run. */
export interface StorageBuild {
  readonly Journal: Pick<typeof Journal, 'open'>;
  readonly startCabinetOn: typeof startCabinetOn;
}

export interface RoundVariant {
  readonly name: string;
  /** Record-chain digests on every ledger, round and event row. */
  readonly chain: boolean;
  /** The second copy of critical memory in its own file, written after each commit. */
  readonly copyFile: boolean;
  /** Another checkout's storage code (`--baseline DIR`); this checkout's when absent. */
  readonly build?: StorageBuild;
}

/** The journal and cabinet start-up of the checkout at `root`, so its round can take turns with this one's. */
export async function loadBuild(root: string): Promise<StorageBuild> {
  const at = (file: string) => pathToFileURL(resolve(root, file)).href;
  const journal = (await import(at('electron/storage/journal.ts'))) as { Journal: StorageBuild['Journal'] };
  const open = (await import(at('electron/storage/open-cabinet.ts'))) as Pick<StorageBuild, 'startCabinetOn'>;
  return { Journal: journal.Journal, startCabinetOn: open.startCabinetOn };
}

export const EVERYTHING_ON: RoundVariant = { name: 'chain + copy file', chain: true, copyFile: true };
export const CEILING: RoundVariant = { name: 'ceiling (both off)', chain: false, copyFile: false };

/** `--baseline DIR`'s variant: everything on, with the older checkout's code. */
export function baselineOf(build: StorageBuild, root: string): RoundVariant {
  return { ...EVERYTHING_ON, name: `baseline ${root}`, build };
}

export interface RoundFigures {
  readonly name: string;
  readonly p50: number;
  readonly p99: number;
  /** All the variant's timed rounds together. */
  readonly totalMs: number;
  /**
   * CPU time of this process per round (user + system, mean): on a shared machine a round waits for a core, and
   * that wait inflates wall time far more than the work done.
   */
  readonly cpuMsPerRound: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? 0;
}

const TMPFS_MAGIC = 0x01021994;
const BLOCK = 25;

/** How busy the machine was just before the run: other work's CPU share and the load average. */
export async function machineLoad(): Promise<{ cpuInUse: number; loadAverage1m: number }> {
  const cpuInUse = await otherCpuShare(1000);
  return { cpuInUse, loadAverage1m: loadavg()[0] ?? Number.NaN };
}

export function describeLoad(load: { cpuInUse: number; loadAverage1m: number }): string {
  const share = Number.isFinite(load.cpuInUse) ? `${(load.cpuInUse * 100).toFixed(0)} %` : 'n/a';
  return `machine before the run: ${share} of the CPU in use by other work, load average ${load.loadAverage1m.toFixed(2)}`;
}

/**
 * `rounds` rounds on each variant (after a warm-up), taking turns in blocks of 25. Real journal files in a
 * temporary folder; says whether it was on tmpfs (then durability costs next to nothing).
 */
export function timeRounds(
  variants: readonly RoundVariant[],
  rounds: number,
): { figures: RoundFigures[]; journal: string } {
  const dir = mkdtempSync(join(tmpdir(), 'durable-round-'));
  const onTmpfs = statfsSync(dir).type === TMPFS_MAGIC;
  const config = {
    ...DEFAULT_VENUE_CONFIG,
    limits: { ...DEFAULT_VENUE_CONFIG.limits, creditLimitMinor: 100_000_000_00 },
  };
  const cabinets: CabinetCore[] = [];
  try {
    for (const [i, v] of variants.entries()) {
      const journalPath = join(dir, `journal-${i}.sqlite`);
      const code = v.build ?? { Journal, startCabinetOn };
      const cabinet = code.startCabinetOn(code.Journal.open(journalPath, { recordChain: v.chain }), {
        config,
        random: createCryptoRandomSource(),
        // Without a journal path startCabinetOn attaches no copy file.
        ...(v.copyFile ? { journalPath, criticalCopyPath: `${journalPath}.critical` } : {}),
      });
      cabinets.push(cabinet);
      // Enough notes for every round's 200 of stake, whatever the rounds' luck.
      for (let n = 0; n * 10_000 < (rounds + 60) * 200; n++) {
        cabinet.creditBill({ valueMinor: 10_000, channel: 5, eventKey: `bench-${i}-${n}` });
      }
      cabinet.placeChip('player', 100);
      cabinet.placeChip('banker', 100);
      cabinet.deal();
      for (let w = 0; w < 50; w++) cabinet.rebet(1);
    }
    const times = variants.map(() => [] as number[]);
    const cpuMicros = variants.map(() => 0);
    for (let done = 0; done < rounds; done += BLOCK) {
      for (const [i, cabinet] of cabinets.entries()) {
        const cpu = process.cpuUsage();
        for (let r = done; r < Math.min(rounds, done + BLOCK); r++) {
          const t0 = performance.now();
          cabinet.rebet(1);
          times[i]!.push(performance.now() - t0);
        }
        const used = process.cpuUsage(cpu);
        cpuMicros[i]! += used.user + used.system;
      }
    }
    const figures = variants.map((v, i) => {
      const sorted = times[i]!.sort((a, b) => a - b);
      const totalMs = sorted.reduce((a, b) => a + b, 0);
      const cpuMsPerRound = cpuMicros[i]! / 1000 / rounds;
      return { name: v.name, p50: percentile(sorted, 50), p99: percentile(sorted, 99), totalMs, cpuMsPerRound };
    });
    return { figures, journal: onTmpfs ? 'tmpfs (durability figures are optimistic)' : 'disk' };
  } finally {
    for (const cabinet of cabinets) cabinet.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as a table, each with its ratio to the last variant (the ceiling). */
export function roundTable(figures: readonly RoundFigures[]): string {
  const ceiling = figures[figures.length - 1]!;
  const width = Math.max(...figures.map((f) => f.name.length));
  const rows = figures.map(
    (f) =>
      `  ${f.name.padEnd(width)}  p50 ${f.p50.toFixed(2).padStart(6)} ms  p99 ${f.p99.toFixed(2).padStart(6)} ms` +
      `  ×${(f.p50 / ceiling.p50).toFixed(2)} p50, ×${(f.p99 / ceiling.p99).toFixed(2)} p99 of the ceiling` +
      `  cpu ${f.cpuMsPerRound.toFixed(2)} ms/round`,
  );
  return `${rows.join('\n')}\n`;
}
