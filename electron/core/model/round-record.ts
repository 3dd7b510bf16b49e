import type { Card } from '../cards/card.ts';
import type { RoundOutcome } from '../engine/round.ts';
import type { RuleProfile } from '../engine/rule-profile.ts';
import type { Bets, Returns } from '../engine/settlement.ts';
import type { MinorUnits } from '../money/minor-units.ts';
import type { VoidReason } from './journal-message.ts';

export type RoundStatus = 'in-progress' | 'settled' | 'voided';

/** One entry of game recall (docs/cabinet-rules.md#game-recall). */
export interface RoundRecord {
  readonly roundId: number;
  readonly status: RoundStatus;
  readonly demo: boolean;
  readonly bets: Bets;
  /** Cards in deal order; recorded before any is shown. Empty if voided before the deal. */
  readonly cards: readonly Card[];
  readonly outcome: RoundOutcome | null;
  readonly returns: Returns;
  readonly creditsBeforeMinor: MinorUnits;
  readonly creditsAfterMinor: MinorUnits;
  readonly startedAt: string;
  readonly endedAt: string | null;
  /** Why the round was voided, as a code with typed parameters; null when it was not. */
  readonly voidCode: VoidReason | null;
  readonly refundedMinor: MinorUnits;
  /**
   * The rule profile in force when the round was locked (decks, Tie pays, commission). Absent or
   * null for rounds journaled before the profile was kept with each round (before schema v3): their
   * replay uses the profile in force now and says so.
   */
  readonly profile?: RuleProfile | null;
}

/** Where an unfinished round stands inside the journal (a finer view than RoundStatus). */
export interface OpenRound {
  readonly roundId: number;
  readonly status: 'locked' | 'dealt';
  readonly demo: boolean;
  readonly bets: Bets;
  readonly stakeMinor: MinorUnits;
}
