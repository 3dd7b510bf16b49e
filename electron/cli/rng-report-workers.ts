/**
 * rng-report on several cores: each worker thread instantiates its own certified DRBG from
 * independent OS entropy (as rng-service does for a tool), deals its share of the cards, and posts
 * its DealTally back; the tallies are merged in worker order, so the round sequences the runs and
 * correlation tests see are worker 0's rounds followed by worker 1's, and so on
 * (docs/rng.md#tallies-from-several-workers). OS entropy only: one hardware RNG feeds one DRBG.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { DealTally, type DealTallySnapshot } from '../certification/deal-statistics.ts';
import type { DrbgRandomSource, EntropySource } from '../core/random/drbg-random-source.ts';
import { createLockstepDrbgRandomSource } from '../core/random/lockstep-drbg-random-source.ts';

export interface DealShare {
  readonly cards: number;
  readonly decks: number;
  readonly predictionResistance: boolean;
  /** DRBG instances per worker: 4 in lockstep (docs/rng.md#lockstep-instances) or 1. */
  readonly lanes: number;
}

/**
 * The certified source a report deals from: with 4 lanes, four lockstep DRBG instances over the
 * (full-entropy, OS) source, each dealing every fourth round; with 1, the cabinet's single DRBG `single`.
 */
export function reportRandomSource(
  lanes: number,
  entropy: EntropySource,
  predictionResistance: boolean,
  single: DrbgRandomSource,
): DrbgRandomSource {
  return lanes === 4 ? createLockstepDrbgRandomSource({ entropy, predictionResistance }) : single;
}

/** What a worker posts: progress now and then, its tally at the end, or why it failed. */
export type DealWorkerMessage =
  | { readonly kind: 'progress'; readonly cards: number }
  | {
      readonly kind: 'done';
      readonly tally: DealTallySnapshot;
      readonly reseeds: number;
      /** DRBG generate requests: one per round, two in the rare round whose 32 bytes run out. */
      readonly requests: number;
      readonly source: string;
      /** The DRBG's HMAC path ('fast' unless asked otherwise). */
      readonly hmacPath: string;
    }
  | { readonly kind: 'failed'; readonly error: string };

export interface ParallelDeal {
  readonly tally: DealTally;
  readonly reseeds: number;
  readonly requests: number;
  readonly source: string;
  readonly hmacPath: string;
  readonly seconds: number;
}

/** Cards for each of `workers` shares, summing to `draws`. */
export function shares(draws: number, workers: number): number[] {
  const base = Math.floor(draws / workers);
  return Array.from({ length: workers }, (_, i) => base + (i < draws % workers ? 1 : 0));
}

export async function dealOnWorkers(
  options: { draws: number; decks: number; predictionResistance: boolean; workers: number; lanes: number },
  onProgress: (cards: number) => void,
): Promise<ParallelDeal> {
  const started = performance.now();
  const progress = new Array<number>(options.workers).fill(0);
  const results = await Promise.all(
    shares(options.draws, options.workers).map(
      (cards, index) =>
        new Promise<Extract<DealWorkerMessage, { kind: 'done' }>>((resolve, reject) => {
          const share: DealShare = {
            cards,
            decks: options.decks,
            predictionResistance: options.predictionResistance,
            lanes: options.lanes,
          };
          const worker = new Worker(new URL('./rng-report-worker.ts', import.meta.url), { workerData: share });
          let finished = false;
          worker.on('message', (message: DealWorkerMessage) => {
            if (message.kind === 'progress') {
              progress[index] = message.cards;
              onProgress(progress.reduce((a, b) => a + b, 0));
            } else if (message.kind === 'done') {
              finished = true;
              resolve(message);
            } else {
              finished = true;
              reject(new Error(`rng-report worker ${index} failed: ${message.error}`));
            }
          });
          worker.on('error', reject);
          worker.on('exit', (code) => {
            if (!finished) reject(new Error(`rng-report worker ${index} stopped (exit code ${code})`));
          });
        }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const tally = new DealTally(options.decks);
  for (const result of results) tally.merge(result.tally);
  return {
    tally,
    reseeds: results.reduce((sum, r) => sum + r.reseeds, 0),
    requests: results.reduce((sum, r) => sum + r.requests, 0),
    source: results[0]!.source,
    hmacPath: results[0]!.hmacPath,
    seconds,
  };
}
