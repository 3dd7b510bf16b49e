/**
 * GLI-style meters (docs/cabinet-rules.md#meters). Precise definitions:
 * - billsInMinor / billsByDenomination: notes credited (stacked), by value in minor units.
 * - cashOutMinor: credits collected by the player; handpayMinor: the part paid as a handpay
 *   (on this cabinet every collect is a handpay, so both grow together).
 * - wageredMinor / wageredBySpot: stakes of SETTLED rounds. A voided round's stake is refunded and
 *   counted in refundsMinor and roundsVoided instead, never in wagered.
 * - wonMinor / wonBySpot: everything a settled round paid back, stake included (a push returns the
 *   stake); wonMinor / wageredMinor is the realised return to player.
 * - roundsPlayed: settled rounds. For a multi-spot round, from the player's side:
 *   won = total return > total stake; lost = total return < total stake; tied = equal (a push).
 *   So played = won + lost + tied.
 * - roundsVoided, refundsMinor: voided rounds and the stakes refunded.
 * - powerUps, doorOpens: counted always (they are cabinet events, not play).
 * Demo (free-play) rounds and demo credits never touch any meter.
 */
import type { BySpot, Meters } from '../model/meters.ts';

export type MutableMeters = {
  -readonly [K in Exclude<keyof Meters, 'billsByDenomination' | 'wageredBySpot' | 'wonBySpot'>]: Meters[K];
} & {
  billsByDenomination: Record<string, number>;
  wageredBySpot: BySpot;
  wonBySpot: BySpot;
};

export function zeroMeters(): MutableMeters {
  return {
    billsInMinor: 0,
    billsByDenomination: {},
    cashOutMinor: 0,
    handpayMinor: 0,
    wageredMinor: 0,
    wonMinor: 0,
    wageredBySpot: { player: 0, banker: 0, tie: 0 },
    wonBySpot: { player: 0, banker: 0, tie: 0 },
    roundsPlayed: 0,
    roundsWon: 0,
    roundsLost: 0,
    roundsTied: 0,
    roundsVoided: 0,
    refundsMinor: 0,
    powerUps: 0,
    doorOpens: 0,
  };
}

export function copyMeters(m: Meters): MutableMeters {
  return {
    ...m,
    billsByDenomination: { ...m.billsByDenomination },
    wageredBySpot: { ...m.wageredBySpot },
    wonBySpot: { ...m.wonBySpot },
  };
}

export type RoundResult = 'won' | 'lost' | 'tied';

export function roundResult(stakeMinor: number, returnMinor: number): RoundResult {
  return returnMinor > stakeMinor ? 'won' : returnMinor < stakeMinor ? 'lost' : 'tied';
}
