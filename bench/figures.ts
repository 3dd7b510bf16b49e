/**
 * The figures a benchmark hands to `npm run bench` (bench/run-all.ts), so each run is kept in bench/last-run.json
 * and the next run prints every figure's change as a ratio (docs/benchmarks.md#the-last-run-and-the-change).
 *
 * A bench calls `reportFigures` once with its headline figures; run directly (node bench/x.bench.ts) nothing is
 * kept. Each figure says which way is better, so a change reads as better or worse without knowing the figure,
 * and may carry the ceiling it is compared with, measured in the same run.
 */
import { appendFileSync } from 'node:fs';

/** Where run-all.ts collects the figures of the bench it started; unset when a bench runs on its own. */
export const FIGURES_FILE_ENV = 'BACCARAT_BENCH_FIGURES';

export interface Figure {
  readonly value: number;
  /** "ms", "rounds/s", "KB", "%". */
  readonly unit: string;
  readonly better: 'lower' | 'higher';
  /** The same measure of what the product is compared with (e.g. plain crypto.randomInt, no record chain). */
  readonly ceiling?: number;
}

export type Figures = Readonly<Record<string, Figure>>;

/** One bench's entry in bench/last-run.json. */
export interface BenchRun {
  /** Share of all cores busy with other work just before the bench started (0–1), NaN where unknown. */
  readonly cpuInUseBefore: number | null;
  readonly seconds: number;
  readonly ok: boolean;
  readonly figures: Figures;
}

export interface LastRun {
  readonly date: string;
  readonly machine: { readonly cores: number; readonly cpu: string; readonly node: string };
  readonly benches: Readonly<Record<string, BenchRun>>;
}

/** Hands this bench's figures to run-all.ts (a no-op when the bench runs on its own). */
export function reportFigures(figures: Figures): void {
  const file = process.env[FIGURES_FILE_ENV];
  if (!file) return;
  const finite = Object.fromEntries(Object.entries(figures).filter(([, f]) => Number.isFinite(f.value)));
  appendFileSync(file, `${JSON.stringify(finite)}\n`);
}

/** Reads the lines `reportFigures` appended (a bench may report more than once: later figures win). */
export function readReportedFigures(text: string): Figures {
  const merged: Record<string, Figure> = {};
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    Object.assign(merged, JSON.parse(line) as Figures);
  }
  return merged;
}

export interface FigureChange {
  readonly bench: string;
  readonly figure: string;
  readonly unit: string;
  readonly before: number | null;
  readonly now: number;
  /** now / before; null when there is no earlier figure or it was 0. */
  readonly ratio: number | null;
  /** The change beyond `noise` in the figure's worse direction. */
  readonly verdict: 'new' | 'better' | 'worse' | 'same';
  readonly ceiling: number | null;
}

/**
 * Every figure of this run beside the same figure of the run before. A change within `noise` (a share, 0.1 = 10 %)
 * is "same": the machines are shared and noisy, so a few per cent either way is not a verdict.
 */
export function compareRuns(before: LastRun | null, now: LastRun, noise = 0.1): FigureChange[] {
  const changes: FigureChange[] = [];
  for (const [bench, run] of Object.entries(now.benches)) {
    for (const [figure, f] of Object.entries(run.figures)) {
      const old = before?.benches[bench]?.figures[figure];
      const ratio = old && old.value !== 0 ? f.value / old.value : null;
      let verdict: FigureChange['verdict'] = 'new';
      if (ratio !== null) {
        const gain = f.better === 'higher' ? ratio - 1 : 1 - ratio;
        verdict = gain > noise ? 'better' : gain < -noise ? 'worse' : 'same';
      }
      changes.push({
        bench,
        figure,
        unit: f.unit,
        before: old?.value ?? null,
        now: f.value,
        ratio,
        verdict,
        ceiling: f.ceiling ?? null,
      });
    }
  }
  return changes;
}
