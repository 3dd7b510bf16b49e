/**
 * Worker thread for paytable-analysis.ts: counts one rule profile's exact analysis and posts it back, then ends.
 * The count reads every outcome of the shoe (a quarter of a second to a second on a cabinet's CPU), so it runs here,
 * never on the thread that answers a touch (docs/benchmarks.md#restart-after-a-power-cut).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { analyzeProfile } from '../core/analysis/exact-analysis.ts';
import type { RuleProfile } from '../core/engine/rule-profile.ts';

if (parentPort === null) throw new Error('paytable-analysis-worker.ts must run as a worker thread');
parentPort.postMessage(analyzeProfile(workerData as RuleProfile));
