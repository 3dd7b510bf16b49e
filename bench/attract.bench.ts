/**
 * The attract loop's frame times (docs/benchmarks.md#the-attract-loop-attractbenchts): the browser test host with
 * the system Chromium, the table left idle into attract mode, then every requestAnimationFrame gap recorded over
 * one whole language cycle (three rounds dealt card by card, the roads, the payouts, the change of language), at
 * full motion, with the CPU at normal speed and throttled 4× through CDP (Emulation.setCPUThrottlingRate), at
 * both screen sizes; then, for 16 s more without the recorder, the share of time the page's main thread was busy
 * (CDP Performance metrics, TaskDuration): the work the loop itself asks for, which a busy machine inflates less
 * than the frame gaps.
 * Figures only, nothing asserted. Like ui.bench.ts it first samples how busy the machine is,
 * since a throttled page on a loaded 2-core machine misses frames the product does not.
 * Needs dist-renderer/ (npm run build) and /usr/bin/chromium.
 *
 *   node bench/attract.bench.ts [--seconds N]
 */
import { chromium, type Browser, type CDPSession } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { startHost } from '../e2e/host-process.ts';
import { reportFigures } from './figures.ts';
import { otherCpuShare } from './ui-figures.ts';

const REPO = path.resolve(import.meta.dirname, '..');
const secondsFlag = process.argv.indexOf('--seconds');
/** One language cycle of the loop takes about half a minute. */
const SECONDS = secondsFlag > 0 ? Number(process.argv[secondsFlag + 1]) : 32;
const ATTRACT_AFTER_MS = 1_000;
/** How long the main thread's busy share is sampled after the frame recording: half a cycle. */
const BUSY_SECONDS = 16;
/** A frame that took longer than this missed at least one vsync at 60 Hz. */
const LATE_MS = 25;
const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1080, height: 1920 },
] as const;

/** Records every requestAnimationFrame gap for `ms` (runs in the page; a string, so no DOM types here). */
const recordFrames = (ms: number): string => `new Promise((resolve) => {
  const deltas = [];
  let last = -1;
  const end = performance.now() + ${ms};
  const frame = (now) => {
    if (last >= 0) deltas.push(now - last);
    last = now;
    if (now < end) requestAnimationFrame(frame);
    else resolve(deltas);
  };
  requestAnimationFrame(frame);
})`;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

interface Figures {
  size: string;
  throttle: number;
  frames: number;
  p50: number;
  p95: number;
  max: number;
  lateShare: number;
  /** Share of BUSY_SECONDS the page's main thread spent in tasks (script, style, layout, paint). */
  mainThreadShare: number;
}

/** Seconds the page's main thread has spent in tasks so far (CDP Performance metrics). */
async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? Number.NaN;
}

async function measure(browser: Browser, size: (typeof SIZES)[number], throttle: number): Promise<Figures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-attract-'));
  const host = await startHost({ journal: path.join(dir, 'journal.sqlite'), attractAfterMs: ATTRACT_AFTER_MS });
  const page = await browser.newPage({ viewport: size, reducedMotion: 'no-preference' });
  try {
    await page.goto(host.url);
    await page.getByTestId('attract').waitFor({ state: 'visible', timeout: 60_000 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const deltas = (await page.evaluate(recordFrames(SECONDS * 1000))) as number[];
    // The busy share is taken apart from the frame recording, whose own callback makes the page draw every frame.
    const busyBefore = await taskSeconds(cdp);
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, BUSY_SECONDS * 1000));
    const busySeconds = (await taskSeconds(cdp)) - busyBefore;
    const wallSeconds = (performance.now() - started) / 1000;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return {
      size: `${size.width}x${size.height}`,
      throttle,
      frames: deltas.length,
      p50: percentile(deltas, 50),
      p95: percentile(deltas, 95),
      max: Math.max(...deltas),
      lateShare: deltas.filter((d) => d > LATE_MS).length / deltas.length,
      mainThreadShare: busySeconds / wallSeconds,
    };
  } finally {
    await page.close();
    await host.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (!existsSync(path.join(REPO, 'dist-renderer', 'index.html'))) {
  process.stderr.write('attract.bench: dist-renderer/ is missing: run npm run build first\n');
  process.exit(2);
}
const busyBefore = await otherCpuShare(2_000);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const results: Figures[] = [];
try {
  for (const size of SIZES) for (const throttle of [1, 4]) results.push(await measure(browser, size, throttle));
} finally {
  await browser.close();
}
const ms = (v: number): string => v.toFixed(1).padStart(7);
process.stdout.write(`\nAttract loop frame times over ${SECONDS} s (requestAnimationFrame gaps, full motion)\n`);
process.stdout.write('size        CPU   frames   p50 ms   p95 ms   max ms   > 25 ms   main thread busy\n');
for (const r of results)
  process.stdout.write(
    `${r.size.padEnd(10)}  ${`${r.throttle}×`.padStart(3)}  ${String(r.frames).padStart(7)}  ${ms(r.p50)}  ${ms(r.p95)}  ${ms(r.max)}  ${`${(r.lateShare * 100).toFixed(1)} %`.padStart(8)}  ${`${(r.mainThreadShare * 100).toFixed(1)} %`.padStart(16)}\n`,
  );
const busy = busyBefore > 0.25;
process.stdout.write(
  `\nCPU in use by other work before the bench: ${Number.isFinite(busyBefore) ? `${(busyBefore * 100).toFixed(0)} %` : 'n/a'}` +
    `${busy ? ' (TAKEN ON A BUSY MACHINE: run again when it is quiet)' : ''}\n`,
);
reportFigures(
  Object.fromEntries(
    results.flatMap((r) => [
      [`${r.size}_${r.throttle}x_p95_ms`, { value: r.p95, unit: 'ms', better: 'lower' as const }],
      [`${r.size}_${r.throttle}x_over_25ms_pct`, { value: r.lateShare * 100, unit: '%', better: 'lower' as const }],
    ]),
  ),
);
process.stdout.write(
  JSON.stringify({ bench: 'attract', seconds: SECONDS, results, machine: { cpuInUseBefore: busyBefore, busy } }) + '\n',
);
