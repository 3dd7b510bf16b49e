/**
 * The paytable's exact analysis, counted on a worker thread (paytable-analysis-worker.ts) instead of on main's own
 * thread, and never on the start path (docs/benchmarks.md#restart-after-a-power-cut): main's thread answers touches,
 * polls the bill acceptor and journals rounds, and a count of every outcome of the shoe would stall all of them.
 * A paytable request waits for the count; nothing shows or pays a figure before it: the screen shows its loading
 * line, and a round settles with the venue's payouts (engine/settlement.ts), never with the analysis.
 * The running profile's count starts ANALYSIS_WARM_AFTER_MS after start-up, so a player opening the paytable later
 * finds it done.
 */
import { Worker } from 'node:worker_threads';
import type { ExactAnalysis } from '../core/analysis/exact-analysis.ts';
import { analysisKey } from '../core/config/side-bet-settings.ts';
import type { RuleProfile } from '../core/engine/rule-profile.ts';

/**
 * When the running profile's count starts after start-up: well after the first screen has loaded and answered a touch,
 * even on a loaded machine, so its burst of CPU never competes with them (5 s did, on the 2-core bench machine).
 */
export const ANALYSIS_WARM_AFTER_MS = 30_000;

/**
 * The worker's file: beside this module when main runs from its sources, beside the bundle when main runs bundled
 * (scripts/build.ts writes paytable-analysis-worker.js next to main.js).
 */
const WORKER_FILE = import.meta.url.endsWith('.ts')
  ? new URL('./paytable-analysis-worker.ts', import.meta.url)
  : new URL('./paytable-analysis-worker.js', import.meta.url);

export interface PaytableAnalyses {
  /** The exact analysis of `profile`, counted once per set of rules on a worker. */
  analysis(profile: RuleProfile): Promise<ExactAnalysis>;
  /**
   * Counts the profile `profile()` gives when `afterMs` have passed (the running profile, after start-up; read then,
   * so a config applied meanwhile is the one counted). Settles when that count has ended, well or not.
   */
  warm(profile: () => RuleProfile, afterMs?: number): Promise<void>;
  /** Stops the timer and any count under way; a request still waiting is refused. */
  dispose(): Promise<void>;
}

/** Where the counts run: `stop` ends every count under way and refuses the ones after. */
export interface AnalysisCounter {
  count(profile: RuleProfile): Promise<ExactAnalysis>;
  stop(): Promise<void>;
}

/** The cabinet's counter: each count on a worker thread of its own, which ends with its answer. */
export function workerCounter(): AnalysisCounter {
  const running = new Set<Worker>();
  let stopped = false;
  return {
    count: (profile) =>
      new Promise((resolve, reject) => {
        if (stopped) return reject(new Error('the paytable analysis was stopped'));
        // The worker is handed a plain copy: a profile may be a frozen object with more than the rules.
        const worker = new Worker(WORKER_FILE, { workerData: { ...profile } });
        running.add(worker);
        worker.once('message', (analysis: ExactAnalysis) => resolve(analysis));
        worker.once('error', reject);
        worker.once('exit', (code) => {
          running.delete(worker);
          reject(new Error(`the paytable analysis ended without an answer (exit code ${code})`));
        });
      }),
    async stop() {
      stopped = true;
      await Promise.all([...running].map((worker) => worker.terminate()));
    },
  };
}

/** `counter`: where each count runs (default a worker thread); tests count in process. */
export function paytableAnalyses(counter: AnalysisCounter = workerCounter()): PaytableAnalyses {
  const counted = new Map<string, Promise<ExactAnalysis>>();
  let timer: NodeJS.Timeout | null = null;

  const analysis = (profile: RuleProfile): Promise<ExactAnalysis> => {
    const key = analysisKey(profile);
    let answer = counted.get(key);
    if (answer === undefined) {
      answer = counter.count(profile);
      counted.set(key, answer);
      // A failed count is not remembered: the next request tries again.
      answer.catch(() => counted.delete(key));
    }
    return answer;
  };

  return {
    analysis,
    warm(profile, afterMs = ANALYSIS_WARM_AFTER_MS) {
      if (timer !== null) clearTimeout(timer);
      return new Promise((resolve) => {
        timer = setTimeout(() => {
          timer = null;
          // A failure here is not the player's: a paytable request asks again and answers the error.
          analysis(profile()).then(
            () => resolve(),
            () => resolve(),
          );
        }, afterMs);
        timer.unref();
      });
    },
    async dispose() {
      if (timer !== null) clearTimeout(timer);
      await counter.stop();
    },
  };
}
