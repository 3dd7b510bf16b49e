import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectNatsBroker } from '../stadium/nats-broker.ts';
import type { Broker, PublishAck } from '../stadium/broker.ts';
import { startNatsCluster, type NatsCluster } from './nats-cluster.ts';

/**
 * The node that leads the stream's replicas now, by its server name (node-1 … node-3). Right after a node died the
 * cluster may be electing a new meta leader and answer nothing for a while: the request is made again until it does.
 */
async function streamLeader(url: string, stream: string): Promise<string> {
  const nc = await connect({ servers: url.split(',') });
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const info = await (await jetstreamManager(nc, { timeout: 1_000 })).streams.info(stream);
        if (info.cluster?.leader) return info.cluster.leader;
      } catch (error) {
        if (attempt === 30) throw error;
      }
    }
  } finally {
    await nc.close();
  }
}

describe('a 3-node cluster with an R3 stream', () => {
  let cluster: NatsCluster;
  let broker: Broker;
  beforeAll(async () => {
    cluster = await startNatsCluster(3);
    broker = await connectNatsBroker(cluster.url, { name: 'cluster test' });
  }, 60_000);
  afterAll(async () => {
    await broker?.close();
    await cluster?.stop();
  });

  it('keeps every message, and takes new ones, while the node leading it is down; a re-publish stays one', async () => {
    await broker.ensureStream({ name: 'R3', subjects: ['r3.>'], duplicateWindowMs: 60_000, replicas: 3 });
    // As the table does (docs/stadium.md#crashes): a publish the stream does not confirm is sent again, with the
    // same id, until it does. A new stream, and one whose leader just died, answer nothing until they elect one.
    const send = async (n: number): Promise<PublishAck> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await broker.publish('r3.round', new TextEncoder().encode(String(n)), String(n));
        } catch (error) {
          if (attempt === 120) throw error;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
    };
    for (let n = 1; n <= 3; n++) expect((await send(n)).duplicate).toBe(false);

    const leader = await streamLeader(cluster.url, 'R3');
    const node = cluster.nodes[Number(leader.replace('node-', '')) - 1]!;
    await node.kill();
    expect((await send(4)).duplicate).toBe(false);
    expect((await send(2)).duplicate).toBe(true);
    expect(await streamLeader(cluster.url, 'R3')).not.toBe(leader);
    await node.restart();

    const consumer = await broker.durableConsumer('R3', 'reader', 'r3.>', 5_000);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const message = await consumer.next(5_000);
      if (message === null) break;
      seen.push(new TextDecoder().decode(message.data));
      await message.ack();
    }
    expect(seen).toEqual(['1', '2', '3', '4']);
  }, 120_000);
});
