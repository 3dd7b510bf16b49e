/**
 * Monte-Carlo simulation split into fixed-size chunks so the result depends only
 * on (rounds, seed, decks), never on how many threads ran it: chunk i always
 * plays the same rounds with its own generator SeededRandomSource(seed, i), and
 * the integer tallies are added in chunk order. Large runs use every core
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

/** The chunks of a run: all CHUNK_ROUNDS long except possibly the last. */
export function planChunks(rounds: number, seed: number, decks: number, rng: SimulationRng): ChunkRequest[] {
  const chunks: ChunkRequest[] = [];
  for (let index = 0, start = 0; start < rounds; index++, start += CHUNK_ROUNDS) {
    chunks.push({ index, rounds: Math.min(CHUNK_ROUNDS, rounds - start), seed, decks, rng });
  }
  return chunks;
}

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/** Runs the whole simulation and returns the summed tally. */
export async function runSimulation(request: SimulationRequest): Promise<SimulationTally> {
  const rng = request.rng ?? 'seeded';
  const chunks = planChunks(request.rounds, request.seed, request.decks, rng);
  const workers = Math.min(request.workers ?? defaultWorkers(), chunks.length);
  const tallies: SimulationTally[] = new Array<SimulationTally>(chunks.length);
  let roundsDone = 0;
  const finished = (chunk: ChunkRequest, tally: SimulationTally): void => {
    tallies[chunk.index] = tally;
    roundsDone += chunk.rounds;
    request.onProgress?.(roundsDone, request.rounds);
  };

  if (workers <= 1) {
    for (const chunk of chunks) {
      finished(chunk, simulateChunk(chunk));
      // Let timers and stream writes (progress, signals) run between chunks.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  } else {
    await runOnWorkers(chunks, workers, finished);
  }
  const total = emptyTally();
  for (const tally of tallies) addTally(total, tally);
  return total;
}

function runOnWorkers(
  chunks: readonly ChunkRequest[],
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
      const chunk = chunks[nextChunk++];
      if (chunk !== undefined) worker.postMessage(chunk);
    };
    for (let i = 0; i < count; i++) {
      const worker = new Worker(new URL('./simulation-worker.ts', import.meta.url));
      pool.push(worker);
      worker.on('message', (result: ChunkResult) => {
        const chunk = chunks[result.index];
        if (result.error !== undefined || result.tally === undefined || chunk === undefined) {
          fail(new Error(`simulation worker failed on chunk ${result.index}: ${result.error ?? 'no result'}`));
          return;
        }
        finished(chunk, result.tally);
        done++;
        if (done === chunks.length) {
          stopAll();
          resolve();
        } else {
          feed(worker);
        }
      });
      worker.on('error', (error) => fail(error));
      worker.on('exit', (code) => {
        if (code !== 0 && done < chunks.length) fail(new Error(`simulation worker exited with code ${code}`));
      });
      feed(worker);
    }
  });
}
