import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServer } from '../testing/nats-server.ts';
import { BrokerError, type Broker } from './broker.ts';
import { connectNatsBroker } from './nats-broker.ts';

const text = (s: string) => new TextEncoder().encode(s);
const read = (b: Uint8Array) => new TextDecoder().decode(b);
const STREAM = { name: 'SEAM', subjects: ['seam.>'], duplicateWindowMs: 60_000, replicas: 1 };

describe('the broker seam on a real nats-server', () => {
  let server: NatsServer;
  let broker: Broker;
  beforeAll(async () => {
    server = await startNatsServer();
    broker = await connectNatsBroker(server.url, { name: 'seam test' });
    await broker.ensureStream(STREAM);
  });
  afterAll(async () => {
    await broker?.close();
    await server?.stop();
  });

  it('keeps one message for two publishes with the same message id', async () => {
    const first = await broker.publish('seam.dedupe', text('a'), 'id-1');
    const again = await broker.publish('seam.dedupe', text('a'), 'id-1');
    expect(first.duplicate).toBe(false);
    expect(again).toEqual({ sequence: first.sequence, duplicate: true });
    expect(read((await broker.lastOnSubject('SEAM', 'seam.dedupe'))!.data)).toBe('a');
  });

  it('answers null for a subject with no message, and the newest for one with several', async () => {
    expect(await broker.lastOnSubject('SEAM', 'seam.empty')).toBeNull();
    await broker.publish('seam.last', text('1'), 'last-1');
    await broker.publish('seam.last', text('2'), 'last-2');
    expect(read((await broker.lastOnSubject('SEAM', 'seam.last'))!.data)).toBe('2');
  });

  it('delivers a message not acked again to the same durable consumer on a new connection, and an acked one never', async () => {
    await broker.publish('seam.owed', text('x'), 'owed-1');
    await broker.publish('seam.owed', text('y'), 'owed-2');
    const first = await broker.durableConsumer('SEAM', 'terminal-1', 'seam.owed', 1_000);
    const x = await first.next(1_000);
    await x!.ack();
    const y = await first.next(1_000);
    expect(read(y!.data)).toBe('y');
    // The terminal dies before it acks y: its consumer is owed y again, and only y.
    const other = await connectNatsBroker(server.url, { name: 'seam test after restart' });
    try {
      const again = await (await other.durableConsumer('SEAM', 'terminal-1', 'seam.owed', 1_000)).next(3_000);
      expect({ data: read(again!.data), redelivered: again!.redelivered }).toEqual({ data: 'y', redelivered: true });
      await again!.ack();
    } finally {
      await other.close();
    }
  });

  it('keeps the stream through a crash of the broker', async () => {
    await broker.publish('seam.crash', text('kept'), 'crash-1');
    await server.kill();
    await server.restart();
    const after = await connectNatsBroker(server.url, { name: 'seam test after crash' });
    try {
      expect(read((await after.lastOnSubject('SEAM', 'seam.crash'))!.data)).toBe('kept');
      expect((await after.publish('seam.crash', text('kept'), 'crash-1')).duplicate).toBe(true);
    } finally {
      await after.close();
    }
  });
});

describe('a broker that is not there', () => {
  it('is a BrokerError "unreachable" naming the URL', async () => {
    const server = await startNatsServer();
    await server.stop();
    const error = await connectNatsBroker(server.url, { name: 'nobody' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrokerError);
    expect(error).toMatchObject({ code: 'unreachable', message: expect.stringContaining(server.url) });
  });
});
