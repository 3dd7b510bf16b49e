/**
 * The deal's part of ui.bench.ts (docs/benchmarks.md#the-deals-frames): DEAL to the first card and the frame times of
 * the deal, at both screen sizes, with the roads panel full, at normal speed and with Chromium's CPU throttled 4×.
 *  - Each case has its own host and page. Before the page loads, the host plays PREPARED_ROUNDS rounds over its
 *    WebSocket, so the roads panel is drawn from a full window, as at a table that has been playing a while.
 *  - With a baseline renderer folder (`--baseline DIR`, a build of an older commit), every case runs on both builds,
 *    one round each in turn, so the machine's load falls on both alike and their ratio holds.
 *  - DEAL to the first card is split: press to the reveal's start (main's answer and durable commits, the table's
 *    re-render), and the rest, which holds the reveal's deliberate pause before the first card (REVEAL_PAUSE_MS).
 *  - `--trace` also records a Chromium performance trace and a CPU profile of one throttled deal per screen size into
 *    bench/profiles/ (gitignored), for the DevTools performance panel.
 */
import type { Browser, CDPSession, Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHost, type HostProcess } from '../e2e/host-process.ts';
import { until } from '../electron/testing/until.ts';
import { ms, percentile, table, tableInteractive } from './ui-figures.ts';

const FRAME_BUDGET_MS = 1000 / 60;
/** rAF timestamps jitter by about ±0.1 ms around the 60 Hz cadence; a frame within this is on time. */
export const FRAME_JITTER_MS = 0.5;
/** Rounds in main's roads window (the venue default, docs/roads.md): the panel is full. */
const PREPARED_ROUNDS = 60;
/**
 * The reveal's deliberate pause from the round's start to the first card at normal speed: 0.4 of a card's 700 ms
 * (useRoundStore's timing). It is the dealer's hand, not waiting.
 */
export const REVEAL_PAUSE_MS = 280;

export type Orientation = 'landscape' | 'portrait';
const VIEWPORT: Record<Orientation, { width: number; height: number }> = {
  landscape: { width: 1920, height: 1080 },
  portrait: { width: 1080, height: 1920 },
};

export interface DealCase {
  orientation: Orientation;
  throttle: number;
  /** 'current' (dist-renderer-dev/) or 'baseline' (the --baseline folder). */
  build: 'current' | 'baseline';
}

export interface DealFigures extends DealCase {
  revealMs: number[];
  firstCardMs: number[];
  frames: number[];
  /** Per deal, the page's main-thread work from the DevTools protocol's Performance metrics, in ms. */
  work: { cpu: number[]; script: number[]; style: number[]; layout: number[] };
}

/**
 * The main thread's CPU time (ThreadTime) and the time in script, style and layout, read before and after a deal.
 * Unlike frame gaps these hardly depend on what else the machine runs, so they compare two builds on a busy machine.
 */
const WORK_METRICS = {
  cpu: 'ThreadTime',
  script: 'ScriptDuration',
  style: 'RecalcStyleDuration',
  layout: 'LayoutDuration',
};
type Work = Record<keyof typeof WORK_METRICS, number>;
async function workSoFar(cdp: CDPSession): Promise<Work> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const of = (name: string): number => (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1000;
  return {
    cpu: of(WORK_METRICS.cpu),
    script: of(WORK_METRICS.script),
    style: of(WORK_METRICS.style),
    layout: of(WORK_METRICS.layout),
  };
}

interface DealSample {
  revealMs: number;
  firstCardMs: number;
  frameDeltas: number[];
}

const DEAL_ONCE = readFileSync(path.join(import.meta.dirname, 'ui-page-deal.js'), 'utf8').replace(/^\/\/.*\n/gm, '');

/** Presses DEAL inside the page and records when the reveal starts, when the first card is drawn and every frame. */
async function dealOnce(page: Page): Promise<DealSample> {
  return (await page.evaluate(`(() => {\n${DEAL_ONCE}\nreturn benchDealOnce();\n})()`)) as DealSample;
}

async function placeBet(page: Page): Promise<void> {
  await page.getByTestId('chip-100').click();
  await page.getByTestId('spot-banker').click();
  await page.locator('[data-testid="total-bet"][data-minor="100"]').waitFor();
  await page.locator('[data-testid="btn-deal"]:enabled').waitFor();
}

/** Plays rounds straight over the host's WebSocket, before any page is open, to fill the roads window. */
async function prepareRounds(host: HostProcess, rounds: number): Promise<void> {
  const notes = 4;
  for (let i = 0; i < notes; i++) await host.must('test:insert-note', { channel: 5 });
  // The emulated acceptor stacks a note at a device's pace: the credits arrive a little later.
  await until(async () => {
    const snapshot = await host.must<{ creditsMinor: number }>('cabinet:snapshot');
    return snapshot.creditsMinor >= notes * 10_000;
  }, 'the bench notes credited');
  for (let i = 0; i < rounds; i++) {
    await host.must('bets:place', { spot: i % 3 === 0 ? 'player' : 'banker', chipMinor: 100 });
    await host.must('round:deal');
  }
}

interface OpenCase {
  dealCase: DealCase;
  host: HostProcess;
  page: Page;
  cdp: CDPSession;
  dir: string;
  figures: DealFigures;
}

async function openCase(browser: Browser, dealCase: DealCase, rendererDir: string | null): Promise<OpenCase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-ui-deal-'));
  const host = await startHost({
    journal: path.join(dir, 'journal.sqlite'),
    args: rendererDir ? ['--renderer', rendererDir] : [],
  });
  await prepareRounds(host, PREPARED_ROUNDS);
  const page = await browser.newPage({ viewport: VIEWPORT[dealCase.orientation] });
  await page.goto(host.url);
  await tableInteractive(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: dealCase.throttle });
  await cdp.send('Performance.enable');
  const work = { cpu: [], script: [], style: [], layout: [] };
  return { dealCase, host, page, cdp, dir, figures: { ...dealCase, revealMs: [], firstCardMs: [], frames: [], work } };
}

async function closeCase(open: OpenCase): Promise<void> {
  await open.page.close();
  await open.host.kill('SIGTERM');
  rmSync(open.dir, { recursive: true, force: true });
}

async function playRound(open: OpenCase): Promise<void> {
  await placeBet(open.page);
  // The roads are on the felt, full, when DEAL is pressed (they give way to the result after each round).
  await open.page.locator('[data-testid="big-road-cell"]').first().waitFor();
  const before = await workSoFar(open.cdp);
  const sample = await dealOnce(open.page);
  const after = await workSoFar(open.cdp);
  for (const key of Object.keys(WORK_METRICS) as (keyof Work)[]) open.figures.work[key].push(after[key] - before[key]);
  if (sample.revealMs >= 0) open.figures.revealMs.push(sample.revealMs);
  open.figures.firstCardMs.push(sample.firstCardMs);
  open.figures.frames.push(...sample.frameDeltas);
}

/**
 * Runs every case: per screen size, normal speed and then 4× throttled, each on the current build and, when given, on
 * the baseline, one round each in turn.
 */
export async function measureDealCases(
  browser: Browser,
  options: { rounds: number; baselineDir: string | null; currentDir: string | null },
): Promise<DealFigures[]> {
  const results: DealFigures[] = [];
  for (const orientation of ['landscape', 'portrait'] as const) {
    const groups: DealCase[][] = [1, 4].map((throttle) => [
      { orientation, throttle, build: 'current' },
      ...(options.baselineDir ? [{ orientation, throttle, build: 'baseline' } as const] : []),
    ]);
    for (const group of groups) {
      const open: OpenCase[] = [];
      try {
        for (const c of group) {
          open.push(await openCase(browser, c, c.build === 'baseline' ? options.baselineDir : options.currentDir));
        }
        for (let i = 0; i < options.rounds; i++) for (const o of open) await playRound(o);
      } finally {
        for (const o of open) await closeCase(o);
      }
      results.push(...open.map((o) => o.figures));
    }
  }
  return results;
}

/** Records a Chromium performance trace of one throttled deal per screen size into bench/profiles/. */
export async function traceDeals(browser: Browser, currentDir: string | null): Promise<string[]> {
  const out = path.resolve(import.meta.dirname, 'profiles');
  mkdirSync(out, { recursive: true });
  const files: string[] = [];
  for (const orientation of ['landscape', 'portrait'] as const) {
    const open = await openCase(browser, { orientation, throttle: 4, build: 'current' }, currentDir);
    try {
      await playRound(open); // a first round warms the page up
      await placeBet(open.page);
      const file = path.join(out, `deal-4x-${orientation}.json`);
      await browser.startTracing(open.page, {
        path: file,
        screenshots: false,
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-devtools.timeline.frame',
          'blink.user_timing',
          // Names each node whose style or layout a task invalidated, and why (docs/benchmarks.md#the-deals-frames).
          'disabled-by-default-devtools.timeline.invalidationTracking',
          'v8.execute',
          'disabled-by-default-v8.cpu_profiler',
        ],
      });
      const cdp = await open.page.context().newCDPSession(open.page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await dealOnce(open.page);
      const { profile } = await cdp.send('Profiler.stop');
      await browser.stopTracing();
      const cpuFile = path.join(out, `deal-4x-${orientation}.cpuprofile`);
      writeFileSync(cpuFile, JSON.stringify(profile));
      files.push(file, cpuFile);
    } finally {
      await closeCase(open);
    }
  }
  return files;
}

const share = (frames: number[], overMs: number): number =>
  frames.length === 0 ? Number.NaN : frames.filter((f) => f > overMs).length / frames.length;
const pct = (v: number): string => (Number.isFinite(v) ? `${(v * 100).toFixed(1)} %` : 'n/a');
const label = (c: DealCase): string =>
  `${c.orientation === 'landscape' ? '1920×1080' : '1080×1920'} ${c.throttle}×${c.build === 'baseline' ? ' baseline' : ''}`;

export function frameSummary(f: DealFigures) {
  return {
    case: label(f),
    frames: f.frames.length,
    p50: percentile(f.frames, 50),
    p95: percentile(f.frames, 95),
    max: Math.max(...f.frames),
    over25: share(f.frames, 25),
    firstCardMedian: percentile(f.firstCardMs, 50),
    revealMedian: f.revealMs.length > 0 ? percentile(f.revealMs, 50) : Number.NaN,
    beyondPauseMedian: percentile(f.firstCardMs, 50) - REVEAL_PAUSE_MS,
    beyondPauseP95: percentile(f.firstCardMs, 95) - REVEAL_PAUSE_MS,
    cpuMedian: percentile(f.work.cpu, 50),
    scriptMedian: percentile(f.work.script, 50),
    styleMedian: percentile(f.work.style, 50),
    layoutMedian: percentile(f.work.layout, 50),
    targetMet: percentile(f.frames, 95) <= FRAME_BUDGET_MS + FRAME_JITTER_MS && share(f.frames, 25) < 0.01,
  };
}

export function printDealFigures(results: DealFigures[], rounds: number): void {
  const rows = results.map(frameSummary);
  table(
    `DEAL press to first card drawn (${rounds} rounds per case, roads full; the reveal pauses ${REVEAL_PAUSE_MS} ms on purpose)`,
    ['case', 'press → reveal', 'first card', 'beyond the pause', 'p95 beyond'],
    rows.map((r) => [r.case, ms(r.revealMedian), ms(r.firstCardMedian), ms(r.beyondPauseMedian), ms(r.beyondPauseP95)]),
  );
  table(
    'Frame times from DEAL to the result shown (requestAnimationFrame deltas; target at 4×: p95 ≤ 16.7 ms, < 1 % over 25 ms)',
    ['case', 'frames', 'p50 ms', 'p95 ms', 'max ms', '> 25 ms', 'target'],
    rows.map((r) => [
      r.case,
      String(r.frames),
      ms(r.p50),
      ms(r.p95),
      ms(r.max),
      pct(r.over25),
      r.case.includes(' 4×') ? (r.targetMet ? 'met' : 'missed') : '',
    ]),
  );
  table(
    'Main-thread work per deal, median (its CPU time; script, style and layout as the page times them)',
    ['case', 'CPU ms', 'script ms', 'style ms', 'layout ms'],
    rows.map((r) => [r.case, ms(r.cpuMedian), ms(r.scriptMedian), ms(r.styleMedian), ms(r.layoutMedian)]),
  );
}
