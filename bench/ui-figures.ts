/**
 * What the browser benchmarks (ui.bench.ts, squeeze.bench.ts) share: percentiles, the printed tables, the wait for an
 * interactive table and the sample of how busy the machine was before a run.
 */
import type { Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}
export const ms = (value: number): string => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');

export function table(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  process.stdout.write(`\n${title}\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
}

export async function tableInteractive(page: Page): Promise<void> {
  await page.getByTestId('btn-menu').waitFor({ state: 'visible', timeout: 30_000 });
  await page.getByTestId('credit-meter').waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('[data-testid^="chip-"]').first().waitFor({ state: 'visible', timeout: 30_000 });
}

/**
 * Share of all cores busy over `windowMs`, from /proc/stat (Linux), before the bench starts anything of its
 * own; the one-minute load average would still count the previous run's browser.
 */
export async function otherCpuShare(windowMs: number): Promise<number> {
  const sample = (): { busy: number; total: number } => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  };
  if (!existsSync('/proc/stat')) return Number.NaN;
  const a = sample();
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  const b = sample();
  return b.total > a.total ? (b.busy - a.busy) / (b.total - a.total) : Number.NaN;
}

/** Above this share of the CPU in use by others, throttled frame figures say more about them than the product. */
export const BUSY_SHARE = 0.25;

/** Prints the machine's table (cores, how busy it was before the run) and says whether it was busy. */
export function machineTable(cpuInUseBefore: number): boolean {
  const loaded = cpuInUseBefore > BUSY_SHARE;
  table(
    'Machine (before the bench started)',
    ['what', 'value'],
    [
      ['cores', String(os.availableParallelism())],
      ['CPU in use by other work', Number.isFinite(cpuInUseBefore) ? `${(cpuInUseBefore * 100).toFixed(0)} %` : 'n/a'],
      ['frame figures', loaded ? 'TAKEN ON A BUSY MACHINE: run again when it is quiet' : 'quiet machine'],
    ],
  );
  return loaded;
}
