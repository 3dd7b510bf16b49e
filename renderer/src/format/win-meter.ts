/**
 * What the WIN meter says after a round, and how it looks (docs/rules.md#the-win-meter): only a net win is
 * labelled and styled as a win, and the figure is that net; a partial return, a push and a void's refund are
 * named for what they are, in neutral style; a loss shows nothing won. The outcome class comes from the same
 * rule as the result banner (roundResultKind), so the meter and the banner never disagree. Pure: TheMeters
 * only draws it.
 */
import { roundResultKind, type RoundResultKind } from '../../../electron/core/engine/round-result-kind.ts';
import type { RoundRecord } from '../../../electron/core/model/round-record.ts';
import { sumBets } from './money.ts';

/** `none`: no round finished yet, or a new round is being revealed. */
export type WinMeterClass = RoundResultKind | 'void' | 'none';

/** A finished round as the meter needs it: what was staked, what came back, and whether it was voided. */
export interface FinishedRound {
  readonly stakedMinor: number;
  /** Settled: everything paid back, stake included. Voided: the refund. */
  readonly returnedMinor: number;
  readonly voided: boolean;
}

export interface WinMeter {
  readonly outcomeClass: WinMeterClass;
  /** The meter's label, as a message key. */
  readonly labelKey: 'meters.lastWin' | 'winMeter.returned' | 'winMeter.refunded';
  readonly amountMinor: number;
  /** Drawn in the win colour: true only for a net win. */
  readonly winStyled: boolean;
}

const NOTHING: WinMeter = { outcomeClass: 'none', labelKey: 'meters.lastWin', amountMinor: 0, winStyled: false };

export function winMeter(round: FinishedRound | null): WinMeter {
  if (round === null || round.stakedMinor === 0) return NOTHING;
  if (round.voided) {
    return { outcomeClass: 'void', labelKey: 'winMeter.refunded', amountMinor: round.returnedMinor, winStyled: false };
  }
  const result = roundResultKind(round.stakedMinor, round.returnedMinor);
  switch (result.kind) {
    case 'win':
      return { outcomeClass: 'win', labelKey: 'meters.lastWin', amountMinor: result.netMinor, winStyled: true };
    case 'returned':
    case 'push':
      return {
        outcomeClass: result.kind,
        labelKey: 'winMeter.returned',
        amountMinor: result.paidMinor,
        winStyled: false,
      };
    case 'loss':
      return { outcomeClass: 'loss', labelKey: 'meters.lastWin', amountMinor: 0, winStyled: false };
  }
}

/** Main's last finished round as the meter reads it; null for none or one still in progress. */
export function finishedRound(record: RoundRecord | null | undefined): FinishedRound | null {
  if (!record || record.status === 'in-progress') return null;
  const voided = record.status === 'voided';
  return {
    stakedMinor: sumBets(record.bets),
    returnedMinor: voided ? record.refundedMinor : sumBets(record.returns),
    voided,
  };
}
