/**
 * The broker seam (broker.ts) on NATS JetStream through @nats-io/transport-node and @nats-io/jetstream
 * (docs/stadium.md#the-broker-seam). The first connect fails fast with a BrokerError naming the URL, so a process
 * started against a broker that is down says so at once; once connected, the client reconnects by itself for as long
 * as the process lives, and a publish during an outage fails and is tried again by its caller.
 */
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { BrokerError, type Broker, type DeliveredMessage, type DurableConsumer, type StreamSpec } from './broker.ts';

const NANOS_PER_MS = 1_000_000;
/** How long the first connect may take before the broker counts as unreachable. */
const CONNECT_TIMEOUT_MS = 2_000;
/** Between reconnect attempts after a connection was lost. */
const RECONNECT_WAIT_MS = 250;
/** How long a publish waits for the stream's ack before it counts as failed. */
const PUBLISH_TIMEOUT_MS = 2_000;

function why(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface NatsBrokerOptions {
  /** The connection's name in the broker's monitoring (e.g. "table T1"). */
  readonly name: string;
  readonly user?: string;
  readonly pass?: string;
}

/** Connects to `url` (one or more comma-separated servers of a cluster); throws BrokerError 'unreachable'. */
export async function connectNatsBroker(url: string, options: NatsBrokerOptions): Promise<Broker> {
  const servers = url.split(',').map((s) => s.trim());
  let nc;
  try {
    nc = await connect({
      servers,
      name: options.name,
      timeout: CONNECT_TIMEOUT_MS,
      maxReconnectAttempts: -1,
      reconnectTimeWait: RECONNECT_WAIT_MS,
      ...(options.user !== undefined ? { user: options.user, pass: options.pass ?? '' } : {}),
    });
  } catch (error) {
    throw new BrokerError('unreachable', `cannot reach the broker at ${url} (${why(error)})`, { cause: error });
  }
  const js = jetstream(nc, { timeout: PUBLISH_TIMEOUT_MS });
  let manager: JetStreamManager | null = null;
  const jsm = async (): Promise<JetStreamManager> => (manager ??= await jetstreamManager(nc));

  const refused = (what: string) => (error: unknown) => {
    throw new BrokerError('refused', `${what}: ${why(error)}`, { cause: error });
  };

  return {
    ensureStream: async (spec: StreamSpec) => {
      const m = await jsm().catch(refused('JetStream is not enabled on the broker'));
      const config = {
        name: spec.name,
        subjects: [...spec.subjects],
        duplicate_window: spec.duplicateWindowMs * NANOS_PER_MS,
        num_replicas: spec.replicas,
      };
      const exists = await m.streams.info(spec.name).then(
        () => true,
        () => false,
      );
      if (exists) await m.streams.update(spec.name, config).catch(refused(`updating stream ${spec.name}`));
      else await m.streams.add(config).catch(refused(`creating stream ${spec.name}`));
    },
    publish: async (subject, data, messageId) => {
      const ack = await js.publish(subject, data, { msgID: messageId }).catch(refused(`publishing on ${subject}`));
      return { sequence: ack.seq, duplicate: ack.duplicate };
    },
    lastOnSubject: async (stream, subject) => {
      const m = await jsm().catch(refused('JetStream is not enabled on the broker'));
      const stored = await m.streams.getMessage(stream, { last_by_subj: subject }).catch((error: unknown) => {
        // "no message found" is the one answer that means there is none; any other is a fault.
        if (/no message found/i.test(why(error))) return null;
        return refused(`reading the last message on ${subject}`)(error);
      });
      return stored ? { subject: stored.subject, sequence: stored.seq, data: stored.data } : null;
    },
    durableConsumer: async (stream, name, filterSubject, ackWaitMs): Promise<DurableConsumer> => {
      const m = await jsm().catch(refused('JetStream is not enabled on the broker'));
      await m.consumers
        .add(stream, {
          durable_name: name,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          filter_subject: filterSubject,
          ack_wait: ackWaitMs * NANOS_PER_MS,
        })
        .catch(refused(`creating consumer ${name} on ${stream}`));
      const consumer = await js.consumers.get(stream, name).catch(refused(`opening consumer ${name}`));
      return {
        next: async (waitMs): Promise<DeliveredMessage | null> => {
          const msg = await consumer.next({ expires: Math.max(1000, waitMs) });
          if (msg === null) return null;
          return {
            subject: msg.subject,
            sequence: msg.seq,
            data: msg.data,
            redelivered: msg.redelivered,
            ack: async () => {
              const done = await msg.ackAck();
              if (!done) throw new BrokerError('refused', `the broker did not confirm the ack of ${msg.subject}`);
            },
          };
        },
      };
    },
    close: async () => {
      await nc.drain().catch(() => nc.close());
    },
  };
}
