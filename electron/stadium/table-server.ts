/**
 * The stadium table's round loop (docs/stadium.md#the-round): open a round, wait its window, deal blind with the
 * certified RNG through the cabinet's own engine, journal the round, then publish its result. Every step is durable
 * in the table journal before the broker hears of it, and a restart picks up from the journal:
 * - a round still open (never dealt) is voided and `void` is published: its window is gone;
 * - a round dealt or voided but not yet published is published again with the same message id, which the stream
 *   drops if it already holds it;
 * - the next round is the journal's newest plus one, so a round number never repeats.
 * The table never hears any terminal's bets: it subscribes to nothing.
 */
import type { KeyObject } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { dealRound, type RoundOutcome } from '../core/engine/round.ts';
import type { RuleProfile } from '../core/engine/rule-profile.ts';
import { FreshShoe } from '../core/engine/shoe.ts';
import { RngUnavailableError } from '../core/random/drbg-random-source.ts';
import type { RandomSource } from '../core/random/random-source.ts';
import type { Broker } from './broker.ts';
import { signResult } from './result-signature.ts';
import type { TableJournal } from './table-journal.ts';
import {
  conclusionId,
  encodeMessage,
  openId,
  tableStream,
  tableSubjects,
  type TableOutcome,
} from './table-messages.ts';

/** How long the stream remembers a message id: far longer than any restart (docs/stadium.md#crashes). */
export const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Waits between publish attempts while the broker does not answer. */
const RETRY_MS = [100, 250, 500, 1000, 2000] as const;

export interface TableServerParts {
  readonly table: string;
  readonly broker: Broker;
  readonly journal: TableJournal;
  readonly privateKey: KeyObject;
  readonly profile: RuleProfile;
  /** The certified RNG (the cabinet's DRBG path). */
  readonly random: RandomSource;
  readonly bettingMs: number;
  /** Copies of the stream across the cluster (docs/stadium.md#venue-set-up). */
  readonly replicas: number;
  /** One line per event worth a log (a void, a retried publish). */
  readonly log: (line: string) => void;
}

export function tableOutcome(outcome: RoundOutcome): TableOutcome {
  return {
    winner: outcome.winner,
    playerTotal: outcome.player.total,
    bankerTotal: outcome.banker.total,
    natural: outcome.natural,
    playerPair: outcome.playerPair,
    bankerPair: outcome.bankerPair,
  };
}

export class TableServer {
  private readonly parts: TableServerParts;
  private readonly subjects: ReturnType<typeof tableSubjects>;
  private readonly stopping = new AbortController();

  constructor(parts: TableServerParts) {
    this.parts = parts;
    this.subjects = tableSubjects(parts.table);
  }

  /** Makes sure the stream exists and publishes whatever the journal owes the broker; then the table may serve. */
  async recover(): Promise<void> {
    const { broker, table, journal, replicas } = this.parts;
    await broker.ensureStream({
      name: tableStream(table),
      subjects: [this.subjects.all],
      duplicateWindowMs: DUPLICATE_WINDOW_MS,
      replicas,
    });
    const last = journal.last();
    if (last?.status === 'open') {
      journal.voided(last.round, 'table-restarted');
      this.parts.log(`round ${last.round} was open when the table stopped: void`);
    }
    await this.publishConclusion();
  }

  /** Runs rounds until stop(); the round in progress is finished first. */
  async serve(): Promise<void> {
    while (!this.stopping.signal.aborted) await this.playRound();
  }

  stop(): void {
    this.stopping.abort();
  }

  private async playRound(): Promise<void> {
    const { journal, table, bettingMs } = this.parts;
    const round = journal.open(bettingMs);
    await this.publish(this.subjects.open, encodeMessage({ table, round, closesInMs: bettingMs }), openId(round));
    // The window is counted from the broker's ack of the open, the moment terminals can have heard it.
    await sleep(bettingMs);
    this.deal(round);
    await this.publishConclusion();
  }

  /** Deals the round blind and journals it; a failing RNG voids it instead (nothing is ever dealt on doubt). */
  private deal(round: number): void {
    const { journal, table, profile, random, privateKey } = this.parts;
    let outcome: RoundOutcome;
    try {
      outcome = dealRound(new FreshShoe(profile.decks, random));
    } catch (error) {
      if (!(error instanceof RngUnavailableError)) throw error;
      journal.voided(round, 'rng-unavailable');
      this.parts.log(`round ${round}: the RNG is unavailable (${error.message}): void`);
      return;
    }
    const result = signResult(
      { table, round, cards: [...outcome.dealOrder], outcome: tableOutcome(outcome) },
      privateKey,
    );
    journal.dealt(round, JSON.stringify(result));
  }

  /** Publishes the newest round's result or void if the journal has it unpublished, then marks it published. */
  private async publishConclusion(): Promise<void> {
    const { journal, table } = this.parts;
    const last = journal.last();
    if (last === null || last.status === 'open' || last.published) return;
    if (last.status === 'dealt') {
      await this.publish(this.subjects.result, new TextEncoder().encode(last.resultJson), conclusionId(last.round));
    } else {
      await this.publish(this.subjects.void, encodeMessage({ table, round: last.round }), conclusionId(last.round));
    }
    journal.published(last.round);
  }

  /** Publishes until the stream has it: a broker that is away delays the table, never skips a message. */
  private async publish(subject: string, data: Uint8Array, id: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.parts.broker.publish(subject, data, id);
        return;
      } catch (error) {
        // Stopping with a message unpublished is safe: the journal owes it, and the next start publishes it.
        if (this.stopping.signal.aborted) throw error;
        const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!;
        const why = error instanceof Error ? error.message : String(error);
        this.parts.log(`publish of ${subject} id ${id} failed (${why}); again in ${wait} ms`);
        await sleep(wait);
      }
    }
  }
}
