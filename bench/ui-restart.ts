/**
 * The ui bench's restart figures (docs/benchmarks.md#restart-after-a-power-cut): from the host process spawned to
 * a table that answers a touch, after a power cut, on journals of 10^3, 10^5 and 10^6 rounds built by real play's
 * rows (bench/journal-cache.ts). Each size gets a copy of its cached journal; one start and a SIGKILL first, so
 * every start timed after it is a restart after a power cut (the previous process killed with its WAL open). The
 * sizes take turns start by start, so a burst of load on the shared machine falls on all of them alike.
 * "Answers a touch": a chip and a spot pressed and the total bet shown, a round trip through main.
 * This checkout's host runs bundled into one file (scripts/bundle-host.ts), as the packaged kiosk's main does;
 * `--host-sources` runs its TypeScript sources instead (as the e2e fixture does, and a baseline always does).
 * `npm run bench -- ui` prints these with the other ui figures; alone, with the machine's load beside them:
 *
 *   node bench/ui-restart.ts [--restart-sizes 1000,100000,1000000] [--starts N] [--baseline DIR] [--host-sources]
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { startHost } from '../e2e/host-process.ts';
import { bundleHost } from '../scripts/bundle-host.ts';
import { cachedJournal, copyOf } from './journal-cache.ts';
import { machineTable, ms, otherCpuShare, percentile, table, tableInteractive } from './ui-figures.ts';

export const RESTART_SIZES: readonly number[] = [1_000, 100_000, 1_000_000];

/** `--restart-sizes 1000,100000`: the journal sizes to restart on (default RESTART_SIZES). */
export function restartSizesFrom(argv: readonly string[]): readonly number[] {
  const at = argv.indexOf('--restart-sizes');
  if (at < 0) return RESTART_SIZES;
  const sizes = String(argv[at + 1])
    .split(',')
    .map(Number);
  if (sizes.some((n) => !Number.isSafeInteger(n) || n < 3 || n > 10_000_000)) {
    throw new RangeError('--restart-sizes must be whole numbers of rounds from 3 to 10000000, comma-separated');
  }
  return sizes;
}

export interface RestartFigures {
  readonly rounds: number;
  /** 'this checkout' (bundled), 'this checkout (sources)', or the baseline checkout's path (`--baseline DIR`). */
  readonly build: string;
  /** Seconds the cached journal took to build in this run (null: it was cached). */
  readonly builtSeconds: number | null;
  readonly host: number[];
  readonly page: number[];
  readonly total: number[];
}

/** A baseline whose start grows with the journal can take far longer than a table should; it is still measured. */
const SLOW_START_MS = 180_000;

/** Presses a chip and a spot and waits for the bet to show: the table answered a touch. */
export async function answersATouch(page: Page): Promise<void> {
  await page.getByTestId('chip-100').click({ timeout: SLOW_START_MS });
  await page.getByTestId('spot-banker').click({ timeout: SLOW_START_MS });
  await page.locator('[data-testid="total-bet"][data-minor="100"]').waitFor({ timeout: SLOW_START_MS });
}

/** Which host a start runs: another checkout's sources (a baseline), or this one's bundle or sources. */
type HostBuild = { readonly repo: string } | { readonly bundle: string } | Record<string, never>;

async function restartOnce(
  browser: Browser,
  journal: string,
  build: HostBuild,
): Promise<{ host: number; page: number }> {
  const started = performance.now();
  const host = await startHost({ journal, readyTimeoutMs: SLOW_START_MS, ...build });
  const hostReady = performance.now();
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  try {
    await page.goto(host.url);
    await page.getByTestId('btn-menu').waitFor({ state: 'visible', timeout: SLOW_START_MS });
    await tableInteractive(page);
    await answersATouch(page);
    return { host: hostReady - started, page: performance.now() - hostReady };
  } finally {
    await page.close();
    // The power cut the next start recovers from.
    await host.kill('SIGKILL');
  }
}

/**
 * `baseline`: another checkout (e.g. the commit before a change, with its node_modules and dist-renderer), whose host
 * restarts on its own copy of each journal, taking turns with this one's: old and new measured in the same run.
 */
export async function measureRestarts(
  browser: Browser,
  sizes: readonly number[],
  starts: number,
  log: (line: string) => void,
  baseline?: string,
  hostSources = false,
): Promise<RestartFigures[]> {
  const self: { name: string; host: HostBuild } = hostSources
    ? { name: 'this checkout (sources)', host: {} }
    : { name: 'this checkout', host: { bundle: await bundleHost() } };
  const builds = baseline ? [self, { name: baseline, host: { repo: baseline } }] : [self];
  const runs = sizes.flatMap((rounds) => {
    const cached = cachedJournal(rounds, log);
    return builds.map(({ name, host }) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), `bench-ui-restart-${rounds}-`));
      return { rounds, name, host, builtSeconds: cached.builtSeconds, dir, journal: copyOf(cached.path, dir) };
    });
  });
  const figures = runs.map(({ rounds, builtSeconds, name }) => ({
    rounds,
    build: name,
    builtSeconds,
    host: [] as number[],
    page: [] as number[],
    total: [] as number[],
  }));
  try {
    for (const run of runs) await restartOnce(browser, run.journal, run.host);
    for (let i = 0; i < starts; i++) {
      for (const [k, run] of runs.entries()) {
        const t = await restartOnce(browser, run.journal, run.host);
        figures[k]!.host.push(t.host);
        figures[k]!.page.push(t.page);
        figures[k]!.total.push(t.host + t.page);
      }
    }
  } finally {
    for (const run of runs) rmSync(run.dir, { recursive: true, force: true });
  }
  return figures;
}

export function printRestarts(figures: readonly RestartFigures[], starts: number): void {
  table(
    `Restart after a power cut to a table that answers a touch (${starts} restarts per size, sizes taking turns; target < 1000 ms)`,
    ['rounds in the journal', 'build', 'host median ms', 'page median ms', 'total median ms', 'total max ms'],
    figures.map((f) => [
      String(f.rounds),
      f.build,
      ms(percentile(f.host, 50)),
      ms(percentile(f.page, 50)),
      ms(percentile(f.total, 50)),
      ms(Math.max(...f.total)),
    ]),
  );
}

export function restartJson(figures: readonly RestartFigures[]): Record<string, unknown>[] {
  return figures.map((f) => ({
    rounds: f.rounds,
    build: f.build,
    builtSeconds: f.builtSeconds,
    hostMedian: percentile(f.host, 50),
    pageMedian: percentile(f.page, 50),
    totalMedian: percentile(f.total, 50),
    totalMax: Math.max(...f.total),
  }));
}

if (import.meta.main) {
  const startsAt = process.argv.indexOf('--starts');
  const starts = startsAt > 0 ? Number(process.argv[startsAt + 1]) : 4;
  const cpuInUseBefore = await otherCpuShare(2_000);
  const began = performance.now();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const baselineAt = process.argv.indexOf('--baseline');
    const figures = await measureRestarts(
      browser,
      restartSizesFrom(process.argv),
      starts,
      (line) => process.stdout.write(`${line}\n`),
      baselineAt > 0 ? process.argv[baselineAt + 1] : undefined,
      process.argv.includes('--host-sources'),
    );
    printRestarts(figures, starts);
    const busy = machineTable(cpuInUseBefore);
    process.stdout.write(
      `${JSON.stringify({ bench: 'ui-restart', restartMs: restartJson(figures), machine: { cpuInUseBefore, busy }, seconds: (performance.now() - began) / 1000 })}\n`,
    );
  } finally {
    await browser.close();
  }
}
