/**
 * Monte-Carlo simulation split into fixed-size chunks so the result depends only
 * on (rounds, seed, decks), never on how many threads ran it: chunk i always
 * plays the same rounds with its own generator SeededRandomSource(seed, i), and
 * the integer tallies are added exactly. Large runs use every core
 * through worker_threads; small ones run inline.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { BatchedCryptoRandomSource } from '../random/batched-crypto-random-source.ts';
import { SeededRandomSource } from '../random/seeded-random-source.ts';
import type { RandomSource } from '../random/random-source.ts';
import { addTally, emptyTally, simulateRounds, type SimulationTally } from './fast-simulation.ts';

/** Rounds per chunk. Fixed: changing it changes which generator plays which round. */
export const CHUNK_ROUNDS = 1 << 20;

/** `seeded`: reproducible xoshiro128** per chunk. `crypto`: the OS CSPRNG (not reproducible). */
export type SimulationRng = 'seeded' | 'crypto';

export interface SimulationRequest {
  readonly rounds: number;
  readonly seed: number;
  readonly decks: number;
  readonly rng?: SimulationRng;
  /** Worker threads; default every core. 1 (or a single chunk) runs inline. */
  readonly workers?: number;
  /** Called after each finished chunk with the rounds done so far. */
  readonly onProgress?: (roundsDone: number, rounds: number) => void;
}

export interface ChunkRequest {
  readonly index: number;
  readonly rounds: number;
  readonly seed: number;
  readonly decks: number;
  readonly rng: SimulationRng;
}

export interface ChunkResult {
  readonly index: number;
  readonly tally?: SimulationTally;
  readonly error?: string;
}

/** The random source for one chunk. */
export function chunkRandom(rng: SimulationRng, seed: number, index: number): RandomSource {
  return rng === 'seeded' ? new SeededRandomSource(seed, index) : new BatchedCryptoRandomSource();
}

export function simulateChunk(request: ChunkRequest): SimulationTally {
  return simulateRounds(request.rounds, request.decks, chunkRandom(request.rng, request.seed, request.index));
}

/** Chunk `index` of a run: CHUNK_ROUNDS rounds, except possibly the last. */
export function chunkAt(index: number, rounds: number, seed: number, decks: number, rng: SimulationRng): ChunkRequest {
  return { index, rounds: Math.min(CHUNK_ROUNDS, rounds - index * CHUNK_ROUNDS), seed, decks, rng };
}

export function chunkCount(rounds: number): number {
  return Math.ceil(rounds / CHUNK_ROUNDS);
}

/** Every chunk of a run (tests and small runs; long runs create them one at a time). */
export function planChunks(rounds: number, seed: number, decks: number, rng: SimulationRng): ChunkRequest[] {
  return Array.from({ length: chunkCount(rounds) }, (_, index) => chunkAt(index, rounds, seed, decks, rng));
}

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/**
 * Runs the whole simulation and returns the summed tally. Tallies are integer counts far below
 * 2^53, so adding them in whatever order the chunks finish gives exactly the in-order sum.
 */
export async function runSimulation(request: SimulationRequest): Promise<SimulationTally> {
  const rng = request.rng ?? 'seeded';
  const { rounds, seed, decks } = request;
  if (!Number.isSafeInteger(rounds) || rounds < 0)
    throw new RangeError(`rounds must be a whole number ≥ 0, got ${rounds}`);
  const chunks = chunkCount(rounds);
  const chunk = (index: number): ChunkRequest => chunkAt(index, rounds, seed, decks, rng);
  const workers = Math.min(request.workers ?? defaultWorkers(), chunks);
  const total = emptyTally();
  let roundsDone = 0;
  const finished = (done: ChunkRequest, tally: SimulationTally): void => {
    addTally(total, tally);
    roundsDone += done.rounds;
    request.onProgress?.(roundsDone, rounds);
  };

  if (workers <= 1) {
    for (let index = 0; index < chunks; index++) {
      const request = chunk(index);
      finished(request, simulateChunk(request));
      // Let timers and stream writes (progress, signals) run between chunks.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  } else {
    await runOnWorkers(chunks, chunk, workers, finished);
  }
  return total;
}

function runOnWorkers(
  chunks: number,
  chunk: (index: number) => ChunkRequest,
  count: number,
  finished: (chunk: ChunkRequest, tally: SimulationTally) => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const pool: Worker[] = [];
    let nextChunk = 0;
    let done = 0;
    let failed = false;
    const stopAll = (): void => {
      for (const worker of pool) void worker.terminate();
    };
    const fail = (error: Error): void => {
      if (failed) return;
      failed = true;
      stopAll();
      reject(error);
    };
    const feed = (worker: Worker): void => {
      if (nextChunk < chunks) worker.postMessage(chunk(nextChunk++));
    };
    for (let i = 0; i < count; i++) {
      const worker = new Worker(new URL('./simulation-worker.ts', import.meta.url));
      pool.push(worker);
      worker.on('message', (result: ChunkResult) => {
        if (failed) return;
        if (result.error !== undefined || result.tally === undefined) {
          fail(new Error(`simulation worker failed on chunk ${result.index}: ${result.error ?? 'no result'}`));
          return;
        }
        finished(chunk(result.index), result.tally);
        done++;
        if (done === chunks) {
          stopAll();
          resolve();
        } else {
          feed(worker);
        }
      });
      worker.on('error', (error) => fail(error));
      worker.on('exit', (code) => {
        if (code !== 0 && done < chunks) fail(new Error(`simulation worker exited with code ${code}`));
      });
      feed(worker);
    }
  });
}
