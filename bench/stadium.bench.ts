/**
 * Stadium benchmark (docs/stadium.md#scale): one broker, many terminals.
 *
 * - **Fan-out.** `--terminals N` lightweight terminals in this process (default 500), each with its own broker
 *   connection and its own durable consumer with explicit ack on the table's conclusions, made and acked as a
 *   cabinet's link makes and acks it.
 *   For each of `--rounds` results the bench, standing in for the table, signs a dealt round and publishes it; every
 *   terminal reads it, checks it against the schema and the table's Ed25519 key, and acks it. Fan-out is the time
 *   from the publish to the last terminal's ack; p50 and p99 over the rounds, and per delivery. The same again with
 *   the signature checks left out: in one process the 500 checks queue on one thread, at a venue each terminal
 *   checks on its own CPU, so the difference is this process's, not the broker's.
 * - **The ceiling**, measured in the same run: the same result on plain NATS (no stream, no ack) to the same
 *   number of subscribers, publish to the last receipt. What the broker costs at the least.
 * - **Close to result.** A real table server process (`npm run table-server`) with a short window: from the
 *   terminal's reading of the round's close (the open's arrival plus closesInMs) to the arrival of its result,
 *   which is the table's deal, journal commit, signature and publish, and one delivery.
 * All processes are real (nats-server -js on 127.0.0.1 with a temporary store). Prints figures only; it never
 * asserts a timing.
 *
 *   node bench/stadium.bench.ts [--terminals N] [--rounds N] [--json]
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connect } from '@nats-io/transport-node';
import { createCryptoRandomSource } from '../electron/core/random/crypto-random-source.ts';
import { dealRound } from '../electron/core/engine/round.ts';
import { FreshShoe } from '../electron/core/engine/shoe.ts';
import type { Broker, DurableConsumer } from '../electron/stadium/broker.ts';
import { connectNatsBroker } from '../electron/stadium/nats-broker.ts';
import { signResult, verifyResult } from '../electron/stadium/result-signature.ts';
import { DUPLICATE_WINDOW_MS, tableOutcome } from '../electron/stadium/table-server.ts';
import {
  conclusionId,
  encodeMessage,
  OpenMessageSchema,
  ResultMessageSchema,
  tableStream,
  tableSubjects,
} from '../electron/stadium/table-messages.ts';
import { startNatsServer } from '../electron/testing/nats-server.ts';
import { osEntropyVenueFile, startTableServer } from '../electron/testing/table-server-process.ts';
import { reportFigures } from './figures.ts';

const { values } = parseArgs({
  options: { terminals: { type: 'string' }, rounds: { type: 'string' }, json: { type: 'boolean' } },
  strict: true,
});
const terminalCount = values.terminals ? Number(values.terminals) : 500;
const rounds = values.rounds ? Number(values.rounds) : 30;
if (!Number.isSafeInteger(terminalCount) || terminalCount < 1 || terminalCount > 5000) {
  process.stderr.write('stadium.bench: --terminals must be a whole number from 1 to 5000\n');
  process.exit(2);
}
if (!Number.isSafeInteger(rounds) || rounds < 3 || rounds > 10_000) {
  process.stderr.write('stadium.bench: --rounds must be a whole number from 3 to 10000\n');
  process.exit(2);
}

function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? 0;
}
const sorted = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);
const ms = (x: number): string => `${x.toFixed(1)} ms`;

const TABLE = 'BENCH';
const subjects = tableSubjects(TABLE);
const stream = tableStream(TABLE);
const nats = await startNatsServer();
const work = mkdtempSync(join(tmpdir(), 'stadium-bench-'));
const brokers: Broker[] = [];

/** One lightweight terminal: its own connection and durable consumer; reads, checks and acks until stopped. */
async function terminal(
  index: number,
  onAck: (round: number, at: number) => void,
  stop: AbortSignal,
): Promise<{ done: Promise<void> }> {
  const broker = await connectNatsBroker(nats.url, { name: `bench terminal ${index}` });
  brokers.push(broker);
  // As the link makes it (electron/stadium/terminal-conclusions.ts): new messages only, one owed at a time.
  const consumer: DurableConsumer = await broker.durableConsumer(stream, `terminal-${index}`, subjects.result, 30_000, {
    start: 'new',
    maxAckPending: 1,
  });
  const done = (async () => {
    while (!stop.aborted) {
      const message = await consumer.next(1_000).catch(() => null);
      if (message === null) continue;
      const result = ResultMessageSchema.parse(JSON.parse(new TextDecoder().decode(message.data)));
      if (checking.signatures && !verifyResult(result, publicKey)) {
        throw new Error(`terminal ${index}: a bad signature on ${result.round}`);
      }
      // The link acks without waiting for the broker's confirmation (docs/stadium.md#scale).
      message.ackWithoutConfirmation();
      onAck(result.round, performance.now());
    }
  })();
  return { done };
}

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
/**
 * Whether the terminals check each result's signature, as the link does. At a venue each terminal checks on its own
 * CPU; here 500 checks share one thread, so the run is measured both ways to show the broker's share apart.
 */
const checking = { signatures: true };
const random = createCryptoRandomSource();

interface FanOut {
  perRound: number[];
  perDelivery: number[];
  unchecked: number[];
}

async function fanOut(): Promise<FanOut> {
  const table = await connectNatsBroker(nats.url, { name: 'bench table' });
  brokers.push(table);
  await table.ensureStream({
    name: stream,
    subjects: [subjects.all],
    duplicateWindowMs: DUPLICATE_WINDOW_MS,
    replicas: 1,
  });
  const acks = new Map<number, number[]>();
  let wake: (() => void) | null = null;
  const onAck = (round: number, at: number): void => {
    const list = acks.get(round) ?? [];
    list.push(at);
    acks.set(round, list);
    if (list.length === terminalCount) wake?.();
  };
  const stop = new AbortController();
  const loops: Promise<void>[] = [];
  for (let i = 0; i < terminalCount; i++) loops.push((await terminal(i, onAck, stop.signal)).done);
  const perRound: number[] = [];
  const perDelivery: number[] = [];
  const unchecked: number[] = [];
  for (let round = 1; round <= 2 * rounds; round++) {
    checking.signatures = round <= rounds;
    const outcome = dealRound(new FreshShoe(8, random));
    const result = signResult(
      { table: TABLE, round, cards: [...outcome.dealOrder], outcome: tableOutcome(outcome) },
      privateKey,
    );
    const all = new Promise<void>((resolve) => (wake = resolve));
    const t0 = performance.now();
    await table.publish(subjects.result, encodeMessage(result), conclusionId(round));
    await all;
    const times = acks.get(round)!;
    if (!checking.signatures) {
      unchecked.push(Math.max(...times) - t0);
      continue;
    }
    perRound.push(Math.max(...times) - t0);
    for (const t of times) perDelivery.push(t - t0);
  }
  stop.abort();
  await Promise.all(loops);
  return { perRound, perDelivery, unchecked };
}

/** The same result on plain NATS to as many subscribers: publish to the last receipt. */
async function ceiling(): Promise<number[]> {
  const connections = await Promise.all(
    Array.from({ length: terminalCount }, (_, i) => connect({ servers: nats.url, name: `ceiling ${i}` })),
  );
  const subject = 'bench.ceiling';
  let received = 0;
  let wake: (() => void) | null = null;
  for (const nc of connections) {
    nc.subscribe(subject, {
      callback: () => {
        received++;
        if (received === terminalCount) wake?.();
      },
    });
    await nc.flush();
  }
  const publisher = connections[0]!;
  const data = encodeMessage({ table: TABLE, round: 1, closesInMs: 1 });
  const perRound: number[] = [];
  for (let round = 0; round < rounds; round++) {
    received = 0;
    const all = new Promise<void>((resolve) => (wake = resolve));
    const t0 = performance.now();
    publisher.publish(subject, data);
    await all;
    perRound.push(performance.now() - t0);
  }
  await Promise.all(connections.map((nc) => nc.close()));
  return perRound;
}

/** A real table server with a short window: the terminal's close (open + closesInMs) to its result's arrival. */
async function closeToResult(): Promise<number[]> {
  const table = await startTableServer([
    '--nats',
    nats.url,
    '--table',
    'CLOSE',
    '--journal',
    join(work, 'table.sqlite'),
    '--betting-ms',
    '300',
    '--venue-config',
    osEntropyVenueFile(work),
  ]);
  const reader = await connectNatsBroker(nats.url, { name: 'bench close reader' });
  brokers.push(reader);
  const closeSubjects = tableSubjects('CLOSE');
  const consumer = await reader.durableConsumer(tableStream('CLOSE'), 'close-reader', closeSubjects.all, 30_000);
  const closes = new Map<number, number>();
  const out: number[] = [];
  try {
    while (out.length < Math.min(rounds, 40)) {
      const message = await consumer.next(5_000);
      if (message === null) continue;
      const at = performance.now();
      await message.ack();
      const body: unknown = JSON.parse(new TextDecoder().decode(message.data));
      if (message.subject === closeSubjects.open) {
        const open = OpenMessageSchema.parse(body);
        closes.set(open.round, at + open.closesInMs);
      } else if (message.subject === closeSubjects.result) {
        const result = ResultMessageSchema.parse(body);
        const close = closes.get(result.round);
        if (close !== undefined) out.push(at - close);
      }
    }
  } finally {
    await table.stop();
  }
  return out;
}

try {
  const { perRound, perDelivery, unchecked } = await fanOut();
  const ceilingRounds = await ceiling();
  const close = await closeToResult();
  const fan = sorted(perRound);
  const delivery = sorted(perDelivery);
  const roof = sorted(ceilingRounds);
  const c = sorted(close);
  const figures = {
    terminals: terminalCount,
    rounds,
    fanout_p50_ms: percentile(fan, 50),
    fanout_p99_ms: percentile(fan, 99),
    delivery_p50_ms: percentile(delivery, 50),
    delivery_p99_ms: percentile(delivery, 99),
    fanout_unchecked_p50_ms: percentile(sorted(unchecked), 50),
    fanout_unchecked_p99_ms: percentile(sorted(unchecked), 99),
    ceiling_plain_nats_p50_ms: percentile(roof, 50),
    ceiling_plain_nats_p99_ms: percentile(roof, 99),
    close_to_result_p50_ms: percentile(c, 50),
    close_to_result_p99_ms: percentile(c, 99),
    close_to_result_rounds: c.length,
  };
  reportFigures({
    fanout_p50_ms: {
      value: figures.fanout_p50_ms,
      unit: 'ms',
      better: 'lower',
      ceiling: figures.ceiling_plain_nats_p50_ms,
    },
    fanout_p99_ms: {
      value: figures.fanout_p99_ms,
      unit: 'ms',
      better: 'lower',
      ceiling: figures.ceiling_plain_nats_p99_ms,
    },
    close_to_result_p50_ms: { value: figures.close_to_result_p50_ms, unit: 'ms', better: 'lower' },
    close_to_result_p99_ms: { value: figures.close_to_result_p99_ms, unit: 'ms', better: 'lower' },
  });
  if (values.json) process.stdout.write(`${JSON.stringify(figures)}\n`);
  else {
    process.stdout.write(
      [
        `stadium: ${terminalCount} terminals, each with its own connection and durable consumer, ${rounds} results`,
        `  fan-out, publish to the last terminal's ack:   p50 ${ms(figures.fanout_p50_ms)}  p99 ${ms(figures.fanout_p99_ms)}`,
        `  each delivery, publish to that terminal's ack: p50 ${ms(figures.delivery_p50_ms)}  p99 ${ms(figures.delivery_p99_ms)}`,
        `  fan-out, no signature checked by the terminals: p50 ${ms(figures.fanout_unchecked_p50_ms)}  p99 ${ms(figures.fanout_unchecked_p99_ms)}`,
        `  ceiling, plain NATS to as many subscribers:    p50 ${ms(figures.ceiling_plain_nats_p50_ms)}  p99 ${ms(figures.ceiling_plain_nats_p99_ms)}`,
        `  close to result (a real table, ${c.length} rounds):   p50 ${ms(figures.close_to_result_p50_ms)}  p99 ${ms(figures.close_to_result_p99_ms)}`,
        '',
      ].join('\n'),
    );
  }
} finally {
  await Promise.all(brokers.map((b) => b.close().catch(() => undefined)));
  await nats.stop();
  rmSync(work, { recursive: true, force: true });
}
