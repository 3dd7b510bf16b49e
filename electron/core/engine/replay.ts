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
 * Every difference is data naming the field (`{ code: 'replay-field', path: 'outcome.winner', recorded:
 * 'banker', replayed: 'player' }`), so the staff menu words it in the technician's language;
 * `differenceLine` gives the same in English for logs and command-line tools.
 */
import { cardLabel, type Card } from '../cards/card.ts';
import { dealRound, type RoundOutcome, type Winner } from './round.ts';
import { roundFacts } from './round-facts.ts';
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

/** A recorded or replayed value at one path: a card, a winner, an amount in minor units, a flag, or absent (null). */
export type ReplayValue =
  Card | string | number | boolean | null | readonly unknown[] | Readonly<Record<string, unknown>>;

/** One difference between the record and the replay. */
export type ReplayDifference =
  /** A field differs; `path` names it (`outcome.winner`, `returns.tie`); amounts under `returns` are minor units. */
  | {
      readonly code: 'replay-field';
      readonly path: string;
      readonly recorded: ReplayValue;
      readonly replayed: ReplayValue;
    }
  | {
      readonly code: 'replay-extra-cards';
      readonly recorded: number;
      readonly drawn: number;
      readonly extra: readonly Card[];
    }
  | { readonly code: 'replay-too-few-cards'; readonly recorded: number }
  /** One side has an outcome and the other has none. */
  | { readonly code: 'replay-outcome-presence'; readonly recorded: Winner | null; readonly replayed: Winner | null }
  | { readonly code: 'replay-nothing-to-settle' }
  | { readonly code: 'replay-refund'; readonly recordedMinor: number; readonly stakeMinor: number }
  | { readonly code: 'replay-in-progress' };

export type ReplayDifferenceCode = ReplayDifference['code'];
export const REPLAY_DIFFERENCE_CODES = [
  'replay-field',
  'replay-extra-cards',
  'replay-too-few-cards',
  'replay-outcome-presence',
  'replay-nothing-to-settle',
  'replay-refund',
  'replay-in-progress',
] as const satisfies readonly ReplayDifferenceCode[];
const codesListed: [ReplayDifferenceCode] extends [(typeof REPLAY_DIFFERENCE_CODES)[number]] ? true : false = true;
void codesListed;

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
  /** One entry per difference, naming the field; empty when everything matches. */
  readonly differences: readonly ReplayDifference[];
}

function isCardValue(v: unknown): v is Card {
  return typeof v === 'object' && v !== null && 'rank' in v && 'suit' in v;
}

/** A value as the report carries it (undefined, which JSON cannot carry, becomes null). */
function asValue(value: unknown): ReplayValue {
  return value === undefined ? null : (value as ReplayValue);
}

function show(value: unknown): string {
  if (value === undefined || value === null) return 'nothing';
  if (typeof value === 'object' && value !== null && 'rank' in value && 'suit' in value) {
    return cardLabel(value as Card);
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The English line of one difference, for logs and command-line tools (the screen words the code itself). */
export function differenceLine(d: ReplayDifference): string {
  switch (d.code) {
    case 'replay-field':
      return `${d.path}: recorded ${show(d.recorded)}, replayed ${show(d.replayed)}`;
    case 'replay-extra-cards':
      return `cards: ${d.recorded} recorded, the tableau draws ${d.drawn} (extra: ${d.extra.map(cardLabel).join(' ')})`;
    case 'replay-too-few-cards':
      return `cards: ${d.recorded} recorded, too few for the tableau`;
    case 'replay-outcome-presence':
      return `outcome: recorded ${d.recorded ?? 'none'}, replayed ${d.replayed ?? 'none'}`;
    case 'replay-nothing-to-settle':
      return 'returns: no replayed outcome to settle';
    case 'replay-refund':
      return `refund: recorded ${d.recordedMinor}, the stake was ${d.stakeMinor}`;
    case 'replay-in-progress':
      return 'returns: the round is still in progress';
  }
}

/** Field-by-field differences between two JSON-like values, each named by its path. */
export function describeDifferences(
  path: string,
  recorded: unknown,
  replayed: unknown,
  out: ReplayDifference[] = [],
): ReplayDifference[] {
  if (Object.is(recorded, replayed)) return out;
  const field = (): ReplayDifference => ({
    code: 'replay-field',
    path,
    recorded: asValue(recorded),
    replayed: asValue(replayed),
  });
  const bothObjects =
    typeof recorded === 'object' && recorded !== null && typeof replayed === 'object' && replayed !== null;
  const isCard = isCardValue;
  if (bothObjects && !(isCard(recorded) && isCard(replayed))) {
    if (Array.isArray(recorded) !== Array.isArray(replayed)) {
      out.push(field());
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
  out.push(field());
  return out;
}

function sumBets(bets: Bets): number {
  return SPOTS.reduce((sum, spot) => sum + (bets[spot] ?? 0), 0);
}

/** Deals the recorded cards again; null (with the reason in `differences`) when they cannot make a round. */
function redeal(cards: readonly Card[], differences: ReplayDifference[]): RoundOutcome | null {
  if (cards.length === 0) return null;
  const source = new FixedCardSource(cards);
  try {
    const outcome = dealRound(source);
    if (source.used < cards.length) {
      differences.push({
        code: 'replay-extra-cards',
        recorded: cards.length,
        drawn: source.used,
        extra: cards.slice(source.used),
      });
    }
    return outcome;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    differences.push({ code: 'replay-too-few-cards', recorded: cards.length });
    return null;
  }
}

/**
 * Replays one recorded round under `profile`. `profileRecorded` says whether that profile is the
 * one journaled with the round (true) or the one in force now (false, for rounds journaled
 * before the profile was kept); it is reported, not used.
 */
export function replayRound(round: RecordedRound, profile: RuleProfile, profileRecorded = true): ReplayReport {
  const differences: ReplayDifference[] = [];
  const replayedOutcome = redeal(round.cards, differences);
  if (round.outcome !== null && replayedOutcome !== null) {
    describeDifferences('outcome', round.outcome, replayedOutcome, differences);
  } else if (round.outcome !== null || replayedOutcome !== null) {
    differences.push({
      code: 'replay-outcome-presence',
      recorded: round.outcome ? round.outcome.winner : null,
      replayed: replayedOutcome ? replayedOutcome.winner : null,
    });
  }
  const outcomeMatches = differences.length === 0;

  let replayedReturns: Returns = {};
  const payoutDifferences: ReplayDifference[] = [];
  if (round.status === 'settled') {
    if (replayedOutcome === null) payoutDifferences.push({ code: 'replay-nothing-to-settle' });
    else replayedReturns = settle(round.bets, roundFacts(replayedOutcome), profile);
    describeDifferences('returns', round.returns, replayedReturns, payoutDifferences);
  } else if (round.status === 'voided') {
    describeDifferences('returns', round.returns, replayedReturns, payoutDifferences);
    const stake = sumBets(round.bets);
    if (round.refundedMinor !== stake) {
      payoutDifferences.push({ code: 'replay-refund', recordedMinor: round.refundedMinor, stakeMinor: stake });
    }
  } else {
    payoutDifferences.push({ code: 'replay-in-progress' });
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
