/**
 * One round, three commits (docs/architecture.md#where-the-money-goes):
 *   1. locked: the round is inserted and every bet debited (one stake row per spot);
 *   2. dealt: the cards, in deal order, before anyone can see them;
 *   3. settled: one win row per spot, the meters and the round's final state.
 * Events (`round-dealt`, `round-settled`) go out only after their commit returned. Critical
 * memory is checked before and after every round (docs/cabinet-rules.md#critical-memory).
 * A commit the journal refuses (a full or failing disk) raises the storage-fault tilt, and the round
 * is voided and refunded once the journal works again (docs/cabinet-rules.md#storage-faults).
 * REBET, on an empty table only, puts the last settled round's bets (×1 or ×2) down, checks every
 * limit and deals at once (docs/rules.md#round-buttons).
 */
import { dealRound, type RoundOutcome } from '../engine/round.ts';
import { roundFacts } from '../engine/round-facts.ts';
import { BET_SPOTS, settleLayout } from '../engine/bet-spot.ts';
import { SPOTS, type Bets } from '../engine/settlement.ts';
import { SIDE_BETS } from '../engine/side-bets.ts';
import { FreshShoe } from '../engine/shoe.ts';
import { postPerSpot, sumSpots } from '../money/ledger-postings.ts';
import type { RoundRecord } from '../model/round-record.ts';
import { now, requirePlayable, wallet, type CabinetContext } from './cabinet-context.ts';
import { CabinetError } from './cabinet-error.ts';
import { emit, emitState } from './cabinet-events.ts';
import { checkForDeal } from './bet-limits.ts';
import { cleanBets, requireEmptyTableForRebet, resetTable } from './betting.ts';
import { commit, memoryErrorRefusal, verifyCritical } from './critical-memory.ts';
import { roundResult } from './meters.ts';
import { guardStorage } from './storage-fault.ts';
import { checkRecords } from './verified-records.ts';
import { refillDemoCredits } from './money-in-out.ts';
import { assertTransition } from './round-machine.ts';
import { voidRound } from './void-round.ts';
import { endInCommit } from './player-session.ts';
import { requireSessionPlay } from './reality-check.ts';

export function deal(ctx: CabinetContext): RoundRecord {
  requirePlayable(ctx);
  const bets = cleanBets(ctx.layout);
  checkForDeal(ctx.config, bets, wallet(ctx));
  requireSessionPlay(ctx, sumSpots(bets));
  return playRound(ctx, bets);
}

export function rebet(ctx: CabinetContext, multiplier: 1 | 2): RoundRecord {
  if (multiplier !== 1 && multiplier !== 2) throw new CabinetError('not-permitted', 'REBET multiplier must be 1 or 2');
  return playRound(ctx, rebetBets(ctx, multiplier));
}

/**
 * REBET's layout: the last settled round's bets ×1 or ×2, on an empty table of a playable cabinet, checked against
 * every limit (docs/rules.md#round-buttons). A stadium terminal lays it for the table's deal (stadium-window.ts).
 */
export function rebetBets(ctx: CabinetContext, multiplier: 1 | 2): Bets {
  requirePlayable(ctx);
  requireEmptyTableForRebet(ctx);
  const last = ctx.rebetBets;
  if (!last) throw new CabinetError('no-previous-bets', 'there is no previous round to repeat');
  const bets: Bets = {};
  for (const spot of BET_SPOTS) {
    const v = last[spot];
    if (v) bets[spot] = v * multiplier;
  }
  checkForDeal(ctx.config, bets, wallet(ctx));
  requireSessionPlay(ctx, sumSpots(bets));
  return bets;
}

function playRound(ctx: CabinetContext, bets: Bets): RoundRecord {
  const roundId = lockRound(ctx, bets);
  // A listener (the hardware bridge) may have raised a fault that voided the round meanwhile.
  if (ctx.critical.openRoundId !== roundId) return ctx.journal.round(roundId)!;

  // 2. deal. A RandomSource that throws means the RNG is unhealthy: void, refund, tilt.
  let outcome: RoundOutcome;
  try {
    outcome = dealRound(new FreshShoe(ctx.config.profile.decks, ctx.random));
  } catch {
    // What failed is the RNG's own status to say: its device report carries the code (docs/cabinet-rules.md#door-and-tilt).
    return guardStorage(ctx, 'void', () =>
      voidRound(
        ctx,
        { roundId, bets, demo: ctx.config.demoMode },
        { kind: 'rng-fault', source: 'rng', reasonCode: { code: 'rng-deal-failure' } },
      ),
    );
  }
  recordDeal(ctx, roundId, outcome);
  if (ctx.critical.openRoundId !== roundId) return ctx.journal.round(roundId)!;
  return settleRound(ctx, roundId, bets, outcome);
}

/** Written in the commit of a round step beside its own rows (a stadium terminal's round row). */
export type AlsoInCommit = (roundId: number, at: string) => void;

/**
 * 1. locked: the round is inserted and its bets debited in one commit, after critical memory and the newest records
 * verified. Answers the new round's id. Shared by DEAL and a stadium terminal's close.
 */
export function lockRound(ctx: CabinetContext, bets: Bets, alsoInCommit?: AlsoInCommit): number {
  const { journal } = ctx;
  if (!verifyCritical(ctx, 'before-round', false)) throw memoryErrorRefusal();
  // The newest recorded rows verify too (docs/cabinet-rules.md#verified-records); after critical memory,
  // which could otherwise mark memory good again over a broken record.
  if (!guardStorage(ctx, 'other', () => checkRecords(ctx, 'before-round'))) throw memoryErrorRefusal();
  assertTransition(ctx.phase, 'locked');
  const demo = ctx.config.demoMode;
  const profile = ctx.config.profile;
  const stake = sumSpots(bets);
  const roundId = ctx.critical.lastRoundId + 1;
  const creditsBefore = wallet(ctx);

  const startedAt = now(ctx);
  guardStorage(ctx, 'lock', () =>
    commit(ctx, (s) => {
      journal.insertRound({
        roundId,
        demo,
        bets,
        stakeMinor: stake,
        creditsBeforeMinor: creditsBefore,
        at: startedAt,
        profile,
      });
      const balance = postPerSpot((e) => journal.appendLedger(e), {
        kind: 'stake',
        demo,
        roundId,
        at: startedAt,
        amounts: bets,
        balanceBeforeMinor: creditsBefore,
      });
      if (demo) s.demoCreditsMinor = balance;
      else s.creditsMinor = balance;
      s.lastRoundId = roundId;
      s.openRoundId = roundId;
      alsoInCommit?.(roundId, startedAt);
    }),
  );
  ctx.phase = 'locked';
  resetTable(ctx);
  emitState(ctx);
  return roundId;
}

/** 3. dealt: the cards are committed before anyone can see them. */
export function recordDeal(ctx: CabinetContext, roundId: number, outcome: RoundOutcome): void {
  const { journal } = ctx;
  const dealtAt = now(ctx);
  guardStorage(ctx, 'deal', () => journal.transaction(() => journal.markDealt(roundId, outcome, dealtAt)));
  assertTransition(ctx.phase, 'dealt');
  ctx.phase = 'dealt';
  const dealtRecord = journal.round(roundId);
  if (dealtRecord) emit(ctx, { type: 'round-dealt', round: dealtRecord });
}

/** 4. settled: wins credited with the round's final state, the meters counted; then the after-round checks. */
export function settleRound(
  ctx: CabinetContext,
  roundId: number,
  bets: Bets,
  outcome: RoundOutcome,
  alsoInCommit?: AlsoInCommit,
): RoundRecord {
  const { journal } = ctx;
  const demo = ctx.config.demoMode;
  const stake = sumSpots(bets);
  // Main spots and side bets settle from the same facts, in the same commit (docs/rules.md#side-bets).
  const returns = settleLayout(bets, roundFacts(outcome), ctx.config.profile);
  const totalReturn = sumSpots(returns);
  const endedAt = now(ctx);
  let sessionEnded = false;
  guardStorage(ctx, 'settle', () =>
    commit(ctx, (s) => {
      const balance = postPerSpot((e) => journal.appendLedger(e), {
        kind: 'win',
        demo,
        roundId,
        at: endedAt,
        amounts: returns,
        balanceBeforeMinor: demo ? s.demoCreditsMinor : s.creditsMinor,
      });
      journal.markSettled(roundId, returns, totalReturn, balance, endedAt);
      if (demo) s.demoCreditsMinor = balance;
      else {
        s.creditsMinor = balance;
        const m = s.meters;
        m.roundsPlayed++;
        m.wageredMinor += stake;
        m.wonMinor += totalReturn;
        for (const spot of SPOTS) {
          m.wageredBySpot[spot] += bets[spot] ?? 0;
          m.wonBySpot[spot] += returns[spot] ?? 0;
        }
        // A side bet's meters appear with its first stake, so stored meters from before side bets stay as they were.
        for (const bet of SIDE_BETS) {
          const stakeOnBet = bets[bet];
          if (stakeOnBet === undefined) continue;
          m.wageredBySpot[bet] = (m.wageredBySpot[bet] ?? 0) + stakeOnBet;
          m.wonBySpot[bet] = (m.wonBySpot[bet] ?? 0) + (returns[bet] ?? 0);
        }
        const result = roundResult(stake, totalReturn);
        if (result === 'won') m.roundsWon++;
        else if (result === 'lost') m.roundsLost++;
        else m.roundsTied++;
      }
      s.openRoundId = null;
      // A round that leaves the balance at zero ends the player session (player-session.ts).
      if (!demo) sessionEnded = endInCommit(ctx, s, endedAt, false);
      alsoInCommit?.(roundId, endedAt);
    }),
  );
  assertTransition(ctx.phase, 'settled');
  ctx.phase = 'settled';
  if (sessionEnded) ctx.session = null;
  const record = journal.round(roundId)!;
  ctx.lastRound = record;
  ctx.rebetBets = bets;
  emit(ctx, { type: 'round-settled', round: record });
  // Free play never runs dry: below the smallest spot minimum the demo credits are topped up.
  if (demo && wallet(ctx) < Math.min(...SPOTS.map((sp) => ctx.config.limits.spots[sp].minMinor))) {
    refillDemoCredits(ctx);
  }
  emitState(ctx);

  // Check critical memory after every round. A failure tilts; the settled round stands.
  verifyCritical(ctx, 'after-round', false);
  // A checkpoint write the disk refuses raises the storage fault; the settled round still stands.
  try {
    guardStorage(ctx, 'other', () => checkRecords(ctx, 'after-round'));
  } catch (error) {
    if (!(error instanceof CabinetError)) throw error;
  }
  return record;
}
