/**
 * The table's conclusions as one terminal reads them (docs/stadium.md#the-link): a durable consumer named by the
 * terminal's id on the table's stream, explicit acks, at most one message owed at a time so the stream is read
 * strictly in order. Each message is decoded against table-messages.ts, a result's signature verified against the
 * table's public key and its table id checked, and then handed to the core. The ack goes only after the core's call
 * returned: a call that throws (its journal failed) leaves the message owed and the broker delivers it again.
 * Gaps and replays are the core's to judge (it has the journal): every conclusion is passed on, in order.
 */
import type { KeyObject } from 'node:crypto';
import type { ConclusionOutcome, StadiumTerminalPort } from '../core/model/stadium-terminal.ts';
import type { Broker, DeliveredMessage, DurableConsumer } from './broker.ts';
import { verifyResult } from './result-signature.ts';
import { ResultMessageSchema, tableStream, tableSubjects, VoidMessageSchema } from './table-messages.ts';

/** How long the broker waits for an ack before it delivers a message again (a terminal that died mid-commit). */
export const CONCLUSION_ACK_WAIT_MS = 5_000;
/** After a core call threw, the message comes again after this long. */
export const RETRY_AFTER_FAILURE_MS = 1_000;
/** One pull's wait: a stop is heard within this. */
const PULL_WAIT_MS = 1_000;
/** Between attempts while the broker does not answer. */
const BROKER_RETRY_MS = 250;

export interface ConclusionParts {
  readonly broker: Broker;
  readonly port: Pick<StadiumTerminalPort, 'stadiumResult' | 'stadiumVoid' | 'stadiumFault'>;
  readonly table: string;
  readonly terminal: string;
  readonly publicKey: KeyObject;
  /** The conclusion of `round` reached the core (whatever it did with it); `outcome` null for a fault. */
  readonly concluded: (round: number, outcome: ConclusionOutcome | null) => void;
  readonly log: (line: string) => void;
}

/** What one message asks of the core, decided before any call, so a fault and a conclusion take one path. */
type Verdict =
  | { readonly kind: 'skip' }
  | { readonly kind: 'fault'; readonly cause: 'bad-message' | 'bad-signature'; readonly round: number | null }
  | { readonly kind: 'result' | 'void'; readonly round: number; readonly call: () => ConclusionOutcome };

function roundIn(body: unknown): number | null {
  const round = (body as { round?: unknown } | null)?.round;
  return typeof round === 'number' && Number.isInteger(round) && round >= 1 ? round : null;
}

/**
 * A message that will never be good (bad JSON, a shape the schemas refuse, another table's id, a signature that does
 * not verify) is a fault and is acked: delivered again it would only tilt again.
 */
export function judge(
  message: Pick<DeliveredMessage, 'subject' | 'data'>,
  parts: Pick<ConclusionParts, 'port' | 'table' | 'publicKey'>,
): Verdict {
  const kind = message.subject.slice(message.subject.lastIndexOf('.') + 1);
  // The table's opens share its stream; they are heard live (terminal-link.ts), never from here.
  if (kind === 'open') return { kind: 'skip' };
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(message.data));
  } catch {
    return { kind: 'fault', cause: 'bad-message', round: null };
  }
  const bad = { kind: 'fault', cause: 'bad-message', round: roundIn(body) } as const;
  if (kind === 'result') {
    const parsed = ResultMessageSchema.safeParse(body);
    if (!parsed.success || parsed.data.table !== parts.table) return bad;
    const result = parsed.data;
    if (!verifyResult(result, parts.publicKey)) return { kind: 'fault', cause: 'bad-signature', round: result.round };
    const { table, round, cards, outcome } = result;
    return { kind, round, call: () => parts.port.stadiumResult({ table, round, cards, outcome }) };
  }
  if (kind === 'void') {
    const parsed = VoidMessageSchema.safeParse(body);
    if (!parsed.success || parsed.data.table !== parts.table) return bad;
    const round = parsed.data.round;
    return { kind, round, call: () => parts.port.stadiumVoid(round, 'table-void') };
  }
  return bad;
}

/** Reads conclusions until stop(); start() resolves once the consumer exists (retrying while the broker is away). */
export class ConclusionReader {
  private readonly parts: ConclusionParts;
  private stopped = false;
  private loop: Promise<void> = Promise.resolve();
  private consumerMade: () => void = () => undefined;
  /** Resolves once the durable consumer exists: from then on every conclusion is owed to this terminal. */
  readonly ready = new Promise<void>((resolve) => (this.consumerMade = resolve));

  constructor(parts: ConclusionParts) {
    this.parts = parts;
  }

  start(): void {
    this.loop = this.run();
  }

  /**
   * Waits for the pull in flight (at most PULL_WAIT_MS) so a message it brings is handed back; a request stuck on a
   * broker that does not answer is not waited for: closing the connection ends it.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.race([this.loop, this.pause(PULL_WAIT_MS + BROKER_RETRY_MS)]);
  }

  private async run(): Promise<void> {
    let consumer: DurableConsumer | null = null;
    while (!this.stopped) {
      consumer ??= await this.consumer();
      if (consumer === null) return; // stopped while the broker was away
      this.consumerMade();
      let message: DeliveredMessage | null;
      try {
        message = await consumer.next(PULL_WAIT_MS);
      } catch {
        // The broker is away, or lost the consumer: it is looked up (or made again) once the broker answers.
        consumer = null;
        await this.pause(BROKER_RETRY_MS);
        continue;
      }
      if (message === null) continue;
      // Stopping: hand it straight back so the next reader of this consumer gets it at once.
      if (this.stopped) message.nak(0);
      else this.handle(message);
    }
  }

  private async consumer(): Promise<DurableConsumer | null> {
    const { broker, table, terminal, log } = this.parts;
    let told = '';
    while (!this.stopped) {
      try {
        // `new`: a terminal joining for the first time owes nothing from before; once made, it goes on where it stood.
        return await broker.durableConsumer(
          tableStream(table),
          terminal,
          tableSubjects(table).all,
          CONCLUSION_ACK_WAIT_MS,
          { start: 'new', maxAckPending: 1 },
        );
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        if (why !== told) log(`the conclusions consumer: ${why}; tried again until the broker answers`);
        told = why;
        await this.pause(BROKER_RETRY_MS);
      }
    }
    return null;
  }

  private handle(message: DeliveredMessage): void {
    const { port, concluded, log } = this.parts;
    const verdict = judge(message, this.parts);
    let outcome: ConclusionOutcome | null = null;
    try {
      if (verdict.kind === 'fault') {
        log(`${message.subject} #${message.sequence}: ${verdict.cause}`);
        port.stadiumFault(verdict.cause, verdict.round);
      } else if (verdict.kind !== 'skip') {
        outcome = verdict.call();
      }
    } catch (error) {
      // Nothing was committed: the broker delivers it again, before anything after it.
      const why = error instanceof Error ? error.message : String(error);
      log(`${message.subject} #${message.sequence} not taken (${why})`);
      message.nak(RETRY_AFTER_FAILURE_MS);
      return;
    }
    // Not waiting for the broker's confirmation halves the fan-out (docs/stadium.md#the-link). An ack lost on the way
    // leaves the message owed; it comes again after the ack wait, and the core answers it already-concluded.
    message.ackWithoutConfirmation();
    if (verdict.kind !== 'skip' && verdict.round !== null) concluded(verdict.round, outcome);
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}
