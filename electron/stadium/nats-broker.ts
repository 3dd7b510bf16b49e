/**
 * The broker seam (broker.ts) on NATS JetStream through @nats-io/transport-node and @nats-io/jetstream
 * (docs/stadium.md#the-broker-seam). The first connect fails fast with a BrokerError naming the URL, so a process
 * started against a broker that is down says so at once; once connected, the client reconnects by itself for as long
 * as the process lives, and a publish during an outage fails and is tried again by its caller.
 */
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import {
  BrokerError,
  type Broker,
  type DeliveredMessage,
  type DurableConsumer,
  type LinkStatus,
  type StreamSpec,
} from './broker.ts';

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
  /**
   * How often the client asks the server for a pong; two unanswered and the connection counts as lost. The client's
   * default is 2 minutes, too slow for a terminal that must show a cut link at once (docs/stadium.md#the-link).
   */
  readonly pingIntervalMs?: number;
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
      ...(options.pingIntervalMs !== undefined ? { pingInterval: options.pingIntervalMs, maxPingOut: 2 } : {}),
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

  const keepStream = async (spec: StreamSpec, update: boolean): Promise<void> => {
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
    if (!exists) await m.streams.add(config).catch(refused(`creating stream ${spec.name}`));
    else if (update) await m.streams.update(spec.name, config).catch(refused(`updating stream ${spec.name}`));
  };

  const statusListeners = new Set<(status: LinkStatus) => void>();
  void (async () => {
    for await (const s of nc.status()) {
      const status: LinkStatus | null =
        s.type === 'disconnect' ? 'disconnected' : s.type === 'reconnect' ? 'connected' : null;
      if (status !== null) for (const listener of statusListeners) listener(status);
    }
  })();

  return {
    ensureStream: (spec) => keepStream(spec, true),
    createStreamIfMissing: (spec) => keepStream(spec, false),
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
    durableConsumer: async (stream, name, filterSubject, ackWaitMs, options = {}): Promise<DurableConsumer> => {
      const m = await jsm().catch(refused('JetStream is not enabled on the broker'));
      // An existing consumer goes on where it stood: its start applies only the first time.
      const exists = await m.consumers.info(stream, name).then(
        () => true,
        () => false,
      );
      if (!exists) {
        await m.consumers
          .add(stream, {
            durable_name: name,
            ack_policy: AckPolicy.Explicit,
            deliver_policy: options.start === 'new' ? DeliverPolicy.New : DeliverPolicy.All,
            filter_subject: filterSubject,
            ack_wait: ackWaitMs * NANOS_PER_MS,
            ...(options.maxAckPending !== undefined ? { max_ack_pending: options.maxAckPending } : {}),
          })
          .catch(refused(`creating consumer ${name} on ${stream}`));
      }
      const consumer = await js.consumers.get(stream, name).catch(refused(`opening consumer ${name}`));
      // One standing pull for the consumer's life, not one pull request per message (docs/stadium.md#scale): the
      // message the pull brings while nobody waits is kept for the next call, never dropped.
      const messages = await consumer.consume({ max_messages: 1 }).catch(refused(`reading consumer ${name}`));
      const iterator = messages[Symbol.asyncIterator]();
      let pending: Promise<IteratorResult<JsMsg>> | null = null;
      return {
        next: async (waitMs): Promise<DeliveredMessage | null> => {
          pending ??= iterator.next();
          let timer: ReturnType<typeof setTimeout> | undefined;
          const timedOut = new Promise<'timeout'>((resolve) => {
            timer = setTimeout(() => resolve('timeout'), Math.max(1000, waitMs));
          });
          const got = await Promise.race([pending, timedOut]).finally(() => clearTimeout(timer));
          if (got === 'timeout') return null;
          pending = null;
          if (got.done) throw new BrokerError('unreachable', `the consumer ${name} stopped reading`);
          const msg = got.value;
          return {
            subject: msg.subject,
            sequence: msg.seq,
            data: msg.data,
            redelivered: msg.redelivered,
            ack: async () => {
              const done = await msg.ackAck();
              if (!done) throw new BrokerError('refused', `the broker did not confirm the ack of ${msg.subject}`);
            },
            ackWithoutConfirmation: () => msg.ack(),
            nak: (delayMs) => msg.nak(delayMs),
          };
        },
      };
    },
    announce: (subject, data) => nc.publish(subject, data),
    subscribe: (subject, onMessage) => {
      const subscription = nc.subscribe(subject, { callback: (_error, msg) => onMessage(msg.subject, msg.data) });
      return () => subscription.unsubscribe();
    },
    onStatus: (listener) => {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
    close: async () => {
      statusListeners.clear();
      await nc.drain().catch(() => nc.close());
    },
  };
}
