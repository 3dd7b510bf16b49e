/**
 * What the table and the terminals need of the broker, and nothing more (docs/stadium.md#the-broker-seam): a stream
 * that keeps a table's messages, a publish the stream deduplicates by message id, the last message on a subject, and
 * a durable consumer whose messages stay owed until acked. nats-broker.ts implements it on NATS JetStream; the rest
 * of electron/stadium/ depends on this file only, so the broker can be swapped or stood in without touching the game.
 */

export interface StreamSpec {
  /** A JetStream stream name: letters, digits, dash and underscore. */
  readonly name: string;
  readonly subjects: readonly string[];
  /** A second publish with the same message id inside this window is dropped by the broker. */
  readonly duplicateWindowMs: number;
  /** Copies kept across a cluster's nodes: 1 on one server, 3 at a venue (docs/stadium.md#venue-set-up). */
  readonly replicas: number;
}

export interface PublishAck {
  /** The stream's sequence number of the message (of the first one, for a duplicate). */
  readonly sequence: number;
  /** True when the broker already held a message with this id and kept only that one. */
  readonly duplicate: boolean;
}

export interface StoredMessage {
  readonly subject: string;
  readonly sequence: number;
  readonly data: Uint8Array;
}

export interface DeliveredMessage extends StoredMessage {
  /** True when the broker delivered it before and was never told it was done. */
  readonly redelivered: boolean;
  /** Resolves once the broker has recorded the ack; until then the message is owed again after a restart. */
  ack(): Promise<void>;
  /**
   * Sends the ack and does not wait for the broker's confirmation, which costs a second round trip per message
   * (docs/stadium.md#the-link). An ack lost on the way leaves the message owed: it comes again after the ack wait.
   */
  ackWithoutConfirmation(): void;
  /** Not done: the broker delivers it again after `delayMs`, before anything after it (max one owed, see below). */
  nak(delayMs: number): void;
}

/** Where a durable consumer starts the first time it is created; once it exists it goes on where it stood. */
export type ConsumerStart = 'first' | 'new';

export interface DurableConsumerOptions {
  /** `first` (default): the stream's first message; `new`: only messages stored after the consumer was created. */
  readonly start?: ConsumerStart;
  /**
   * 1: the broker hands out the next message only once this one is acked, so a message not acked (or nak'd) is
   * delivered again before any later one and the reader sees the stream strictly in order. Default: the broker's.
   */
  readonly maxAckPending?: number;
}

/** The connection's state as the client reports it: `disconnected` at once when the link drops, `connected` again after. */
export type LinkStatus = 'connected' | 'disconnected';

export interface DurableConsumer {
  /** The next message owed to this consumer, or null when none came within `waitMs` (at least 1000). */
  next(waitMs: number): Promise<DeliveredMessage | null>;
}

export interface Broker {
  /** Creates the stream, or updates it to `spec` when it exists. */
  ensureStream(spec: StreamSpec): Promise<void>;
  /** Creates the stream when it does not exist; one that exists is left as it is (no right to change it is needed). */
  createStreamIfMissing(spec: StreamSpec): Promise<void>;
  /** Resolves once the stream has stored the message durably (its replicas included). */
  publish(subject: string, data: Uint8Array, messageId: string): Promise<PublishAck>;
  /** The newest message on `subject` in `stream`, or null when there is none. */
  lastOnSubject(stream: string, subject: string): Promise<StoredMessage | null>;
  /**
   * A consumer by name that outlives this connection, with explicit acks, from the stream's first message; a message
   * not acked within `ackWaitMs` is delivered again.
   */
  durableConsumer(
    stream: string,
    name: string,
    filterSubject: string,
    ackWaitMs: number,
    options?: DurableConsumerOptions,
  ): Promise<DurableConsumer>;
  /** Core (not stored) publish: sent once to whoever listens now; for presence, which is worthless a moment later. */
  announce(subject: string, data: Uint8Array): void;
  /** Core subscription (wildcards allowed): live messages only, none from before or during an outage. */
  subscribe(subject: string, onMessage: (subject: string, data: Uint8Array) => void): () => void;
  /** Calls `listener` on every change of the connection; returns the unsubscribe. */
  onStatus(listener: (status: LinkStatus) => void): () => void;
  close(): Promise<void>;
}

/** Why the broker could not do what was asked; `what` names the step, the message the broker's own answer. */
export class BrokerError extends Error {
  override readonly name = 'BrokerError';
  readonly code: 'unreachable' | 'refused';

  constructor(code: 'unreachable' | 'refused', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
