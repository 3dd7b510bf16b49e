/**
 * One rng-report worker thread: its own certified DRBG instances over OS entropy (fresh instantiates, so
 * independent of every other worker's; four in lockstep by default), deals rounds until its share of cards, posts the tally.
 * OS entropy does not fail as a device can, so an RNG error here ends the report rather than voiding a round.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DealTally } from '../certification/deal-statistics.ts';
import { dealRound } from '../core/engine/round.ts';
import { FreshShoe } from '../core/engine/shoe.ts';
import { createRngService } from '../devices/rng/rng-service.ts';
import { reportRandomSource, type DealShare, type DealWorkerMessage } from './rng-report-workers.ts';

const port = parentPort;
if (port === null) throw new Error('rng-report-worker.ts must run as a worker thread');
const post = (message: DealWorkerMessage) => port.postMessage(message);
const share = workerData as DealShare;

try {
  const service = createRngService({ portPath: null, predictionResistance: share.predictionResistance });
  await service.start();
  const random = reportRandomSource(share.lanes, service.entropy, share.predictionResistance, service.random);
  const tally = new DealTally(share.decks);
  while (tally.cards < share.cards) {
    tally.add(dealRound(new FreshShoe(share.decks, random)));
    if ((tally.rounds & 0xffff) === 0) post({ kind: 'progress', cards: tally.cards });
  }
  post({
    kind: 'done',
    tally: tally.snapshot(),
    reseeds: random.reseeds,
    requests: random.requests,
    source: service.entropy.description,
    hmacPath: random.hmacPath,
  });
  await service.stop();
} catch (error) {
  post({ kind: 'failed', error: error instanceof Error ? error.message : String(error) });
}
