/**
 * The rogue of the stadium fleet chaos (docs/stadium.md#fleet-chaos): a process-like client of the broker of its own
 * that hears the table's opens and publishes a result for the round in play on the table's result subject, signed
 * with a key that is not the table's. It goes through the broker as any rogue would (a plain publish the table's
 * stream captures); a terminal must find the signature bad and settle nothing on it.
 */
import { generateKeyPairSync } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { outcomeOfDeal } from '../../core/engine/stated-deal.ts';
import type { Card } from '../../core/cards/card.ts';
import { signResult } from '../../stadium/result-signature.ts';
import { encodeMessage, OpenMessageSchema, tableSubjects } from '../../stadium/table-messages.ts';

/** A player natural: cards whose stated outcome the engine agrees with, so only the signature is wrong. */
const FORGED_CARDS: readonly Card[] = [
  { rank: '9', suit: 'S' },
  { rank: '2', suit: 'H' },
  { rank: 'K', suit: 'D' },
  { rank: '3', suit: 'C' },
] as Card[];

export interface Forger {
  /** The newest round the table opened, as heard; null before the first. */
  lastOpen(): number | null;
  /** Publishes a forged result for `round`; resolves once the broker has it (a flush). */
  forge(round: number): Promise<void>;
  close(): Promise<void>;
}

export async function startForger(url: string, table: string): Promise<Forger> {
  const nc: NatsConnection = await connect({ servers: url.split(','), timeout: 5_000, maxReconnectAttempts: -1 });
  const subjects = tableSubjects(table);
  const wrongKey = generateKeyPairSync('ed25519').privateKey;
  let last: number | null = null;
  const opens = nc.subscribe(subjects.open);
  void (async () => {
    for await (const m of opens) {
      const open = OpenMessageSchema.safeParse(m.json());
      if (open.success) last = Math.max(last ?? 0, open.data.round);
    }
  })();
  return {
    lastOpen: () => last,
    forge: async (round) => {
      const cards = [...FORGED_CARDS];
      const message = signResult({ table, round, cards, outcome: outcomeOfDeal(cards) }, wrongKey);
      nc.publish(subjects.result, encodeMessage(message));
      await nc.flush();
    },
    close: async () => {
      opens.unsubscribe();
      await nc.close();
    },
  };
}
