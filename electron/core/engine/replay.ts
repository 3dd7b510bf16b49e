/**
 * The replay check of game recall (docs/cabinet-rules.md#game-recall): the recorded cards are
 * dealt again, in their recorded order, through the same tableau (round.ts) and settled under
 * the round's rule profile (settlement.ts); the result is compared with what the journal says
 * happened. Pure: no journal, no clock.
 *
 * What "match" means:
 * - outcome: the replayed outcome equals the recorded one field by field (hands, totals, winner,
 *   naturals, pairs, deal order), and the tableau used every recorded card, no more and no fewer.
 *   A round voided before the deal has no cards and no outcome: it matches when both are absent.
 * - payouts: a settled round's recorded return per spot equals `settle(bets, winner, profile)`;
 *   a voided round pays nothing (its stake is refunded instead), so it matches when it recorded
 *   no return and refunded exactly its stake. A round still in progress has no payout yet.
 * Every difference is named (`outcome.winner: recorded banker, replayed player`).
 */
import { cardLabel, type Card } from '../cards/card.ts';
import { dealRound, type RoundOutcome } from './round.ts';
import type { RuleProfile } from './rule-profile.ts';
import { settle, SPOTS, type Bets, type Returns } from './settlement.ts';
import { FixedCardSource } from './shoe.ts';

/** What the replay needs of a recorded round (a RoundRecord has all of it). */
export interface RecordedRound {
  readonly roundId: number;
  readonly status: 'in-progress' | 'settled' | 'voided';
  readonly bets: Bets;
  readonly cards: readonly Card[];
  readonly outcome: RoundOutcome | null;
  readonly returns: Returns;
  readonly refundedMinor: number;
}

export interface ReplayReport {
  readonly roundId: number;
  readonly outcomeMatches: boolean;
  readonly payoutsMatch: boolean;
  readonly recordedOutcome: RoundOutcome | null;
  /** Null when there are no cards to deal, or too few for the tableau. */
  readonly replayedOutcome: RoundOutcome | null;
  readonly recordedReturns: Returns;
  readonly replayedReturns: Returns;
  /** The profile the round was settled under for the replay. */
  readonly profile: RuleProfile;
  /** False when the round predates profiles kept per round: the replay used the profile in force now. */
  readonly profileRecorded: boolean;
  /** One line per difference, naming the field; empty when everything matches. */
  readonly differences: readonly string[];
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'object' && value !== null && 'rank' in value && 'suit' in value) {
    return cardLabel(value as Card);
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Field-by-field differences between two JSON-like values, each named by its path. */
export function describeDifferences(path: string, recorded: unknown, replayed: unknown, out: string[] = []): string[] {
  if (Object.is(recorded, replayed)) return out;
  const bothObjects =
    typeof recorded === 'object' && recorded !== null && typeof replayed === 'object' && replayed !== null;
  const isCard = (v: unknown): boolean => typeof v === 'object' && v !== null && 'rank' in v && 'suit' in v;
  if (bothObjects && !(isCard(recorded) && isCard(replayed))) {
    if (Array.isArray(recorded) !== Array.isArray(replayed)) {
      out.push(`${path}: recorded ${show(recorded)}, replayed ${show(replayed)}`);
      return out;
    }
    const a = recorded as Record<string, unknown>;
    const b = replayed as Record<string, unknown>;
    const keys = Array.isArray(a)
      ? Array.from({ length: Math.max(a.length, (b as unknown as unknown[]).length) }, (_, i) => String(i))
      : [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const key of keys) describeDifferences(`${path}.${key}`, a[key], b[key], out);
    return out;
  }
  if (isCard(recorded) && isCard(replayed)) {
    const x = recorded as Card;
    const y = replayed as Card;
    if (x.rank === y.rank && x.suit === y.suit) return out;
  }
  out.push(`${path}: recorded ${show(recorded)}, replayed ${show(replayed)}`);
  return out;
}

function sumBets(bets: Bets): number {
  return SPOTS.reduce((sum, spot) => sum + (bets[spot] ?? 0), 0);
}

/** Deals the recorded cards again; null (with the reason in `differences`) when they cannot make a round. */
function redeal(cards: readonly Card[], differences: string[]): RoundOutcome | null {
  if (cards.length === 0) return null;
  const source = new FixedCardSource(cards);
  try {
    const outcome = dealRound(source);
    if (source.used < cards.length) {
      differences.push(
        `cards: ${cards.length} recorded, the tableau draws ${source.used} (extra: ${cards.slice(source.used).map(cardLabel).join(' ')})`,
      );
    }
    return outcome;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    differences.push(`cards: ${cards.length} recorded, too few for the tableau`);
    return null;
  }
}

/**
 * Replays one recorded round under `profile`. `profileRecorded` says whether that profile is the
 * one journaled with the round (true) or the one in force now (false, for rounds journaled
 * before the profile was kept); it is reported, not used.
 */
export function replayRound(round: RecordedRound, profile: RuleProfile, profileRecorded = true): ReplayReport {
  const differences: string[] = [];
  const replayedOutcome = redeal(round.cards, differences);
  if (round.outcome !== null && replayedOutcome !== null) {
    describeDifferences('outcome', round.outcome, replayedOutcome, differences);
  } else if (round.outcome !== null || replayedOutcome !== null) {
    differences.push(
      `outcome: recorded ${round.outcome ? round.outcome.winner : 'none'}, replayed ${replayedOutcome ? replayedOutcome.winner : 'none'}`,
    );
  }
  const outcomeMatches = differences.length === 0;

  let replayedReturns: Returns = {};
  const payoutDifferences: string[] = [];
  if (round.status === 'settled') {
    if (replayedOutcome === null) payoutDifferences.push('returns: no replayed outcome to settle');
    else replayedReturns = settle(round.bets, replayedOutcome.winner, profile);
    describeDifferences('returns', round.returns, replayedReturns, payoutDifferences);
  } else if (round.status === 'voided') {
    describeDifferences('returns', round.returns, replayedReturns, payoutDifferences);
    const stake = sumBets(round.bets);
    if (round.refundedMinor !== stake) {
      payoutDifferences.push(`refund: recorded ${round.refundedMinor}, the stake was ${stake}`);
    }
  } else {
    payoutDifferences.push('returns: the round is still in progress');
  }
  differences.push(...payoutDifferences);

  return {
    roundId: round.roundId,
    outcomeMatches,
    payoutsMatch: payoutDifferences.length === 0,
    recordedOutcome: round.outcome,
    replayedOutcome,
    recordedReturns: round.returns,
    replayedReturns,
    profile,
    profileRecorded,
    differences,
  };
}
