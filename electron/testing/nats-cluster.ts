/**
 * A real 3-node NATS cluster with JetStream for tests (docs/stadium.md#venue-set-up): each node a `nats-server -js`
 * of its own (electron/testing/nats-server.ts) on 127.0.0.1, its client port picked by the server, its cluster port
 * free when asked, and routes to the other two. Ready means every node is ready and the cluster's JetStream has a
 * meta leader (a client's account-info request answers); never a sleep. One node can be killed and restarted on its
 * own store, as a venue loses and regains a machine.
 */
import { createServer } from 'node:net';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { startNatsServer, type NatsServer } from './nats-server.ts';

const META_LEADER_WITHIN_MS = 20_000;

export interface NatsCluster {
  readonly nodes: readonly NatsServer[];
  /** Every node's client URL, comma-separated, as a venue's processes are given them. */
  readonly url: string;
  stop(): Promise<void>;
}

/** A TCP port nothing listens on right now (the OS picks it; the cluster binds it a moment later). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function nodeConfig(name: string, clusterPort: number, routePorts: readonly number[]): string {
  return [
    `server_name: ${name}`,
    'jetstream {}',
    'cluster {',
    '  name: stadium-test',
    `  listen: 127.0.0.1:${clusterPort}`,
    `  routes: [ ${routePorts.map((p) => `nats-route://127.0.0.1:${p}`).join(', ')} ]`,
    '}',
    '',
  ].join('\n');
}

/** Resolves once the cluster's JetStream answers a request, i.e. it has elected its meta leader. */
async function metaLeader(url: string): Promise<void> {
  const nc = await connect({ servers: url.split(','), timeout: 2_000 });
  try {
    const deadline = Date.now() + META_LEADER_WITHIN_MS;
    for (;;) {
      try {
        const jsm = await jetstreamManager(nc, { timeout: 1_000 });
        await jsm.getAccountInfo();
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`the cluster elected no JetStream leader: ${String(error)}`);
        // The request itself waits up to its timeout; asking again at once is the wait.
      }
    }
  } finally {
    await nc.close();
  }
}

export async function startNatsCluster(size = 3): Promise<NatsCluster> {
  const clusterPorts: number[] = [];
  for (let i = 0; i < size; i++) clusterPorts.push(await freePort());
  const nodes: NatsServer[] = [];
  try {
    for (let i = 0; i < size; i++) {
      const routes = clusterPorts.filter((_, j) => j !== i);
      nodes.push(await startNatsServer({ config: nodeConfig(`node-${i + 1}`, clusterPorts[i]!, routes) }));
    }
    const url = nodes.map((n) => n.url).join(',');
    await metaLeader(url);
    return { nodes, url, stop: async () => void (await Promise.all(nodes.map((n) => n.stop()))) };
  } catch (error) {
    await Promise.all(nodes.map((n) => n.stop()));
    throw error;
  }
}
