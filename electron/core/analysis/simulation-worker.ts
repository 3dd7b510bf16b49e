/**
 * Worker thread for parallel-simulation.ts: plays the chunks it is sent and
 * posts each chunk's integer tally back. Runs as a .ts file under Node's type
 * stripping, like every other entry point.
 */
import { parentPort } from 'node:worker_threads';
import { simulateChunk, type ChunkRequest, type ChunkResult } from './parallel-simulation.ts';

const port = parentPort;
if (port === null) throw new Error('simulation-worker.ts must run as a worker thread');

port.on('message', (request: ChunkRequest) => {
  try {
    const result: ChunkResult = { index: request.index, tally: simulateChunk(request) };
    port.postMessage(result);
  } catch (error) {
    port.postMessage({ index: request.index, error: error instanceof Error ? error.message : String(error) });
  }
});
