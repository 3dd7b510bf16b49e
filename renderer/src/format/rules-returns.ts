/**
 * The return-to-player section of the rules screen (docs/rules.md#published-returns): main's exact analysis
 * of the active profile, as the paytable channel carries it. Figures for another profile (the paytable not
 * yet reloaded after a technician's change) are never shown next to the new rules.
 */
import type { RuleProfile } from '../../../electron/core/engine/rule-profile.ts';
import { payoutLabel } from '../../../electron/core/engine/payout-label.ts';
import { SPOTS, type Spot } from '../../../electron/core/engine/settlement.ts';
import { SIDE_BETS, type SideBet } from '../../../electron/core/engine/side-bets.ts';
import type { Paytable } from '../../../electron/ipc/contract.ts';

export interface ReturnRow {
  readonly spot: Spot;
  /** Expected return per unit staked, stake included. */
  readonly rtp: number;
  readonly probability: number;
}

/** Whether the paytable's figures were computed for this profile. */
export function paytableMatches(paytable: Paytable, profile: RuleProfile): boolean {
  return (
    paytable.profileId === profile.id &&
    paytable.decks === profile.decks &&
    SPOTS.every((s) => paytable.spots[s].pays === payoutLabel(s, profile))
  );
}

/** One row per spot, or null while there are no figures for the active profile. */
export function returnRows(paytable: Paytable | null, profile: RuleProfile | null): ReturnRow[] | null {
  if (!paytable || !profile || !paytableMatches(paytable, profile)) return null;
  return SPOTS.map((spot) => ({ spot, rtp: paytable.spots[spot].rtp, probability: paytable.spots[spot].probability }));
}

export interface SideReturnRow {
  readonly bet: SideBet;
  readonly rtp: number;
  readonly pays: string;
}

/** One row per side bet the venue offers, in SIDE_BETS order, or none while the figures are another profile's. */
export function sideReturnRows(paytable: Paytable | null, profile: RuleProfile | null): SideReturnRow[] {
  if (!paytable || !profile || !paytableMatches(paytable, profile) || paytable.variant !== profile.variant) return [];
  return SIDE_BETS.flatMap((bet) => {
    const figures = paytable.sideBets[bet];
    return figures ? [{ bet, rtp: figures.rtp, pays: figures.pays }] : [];
  });
}

/** Decimals of a return on this screen: the same as the paytable's, so the two screens print one figure. */
export const RTP_DECIMALS = 2;

/** A return as a percentage in the locale: (0.98942, "de") → "98,94 %". */
export function formatPercent(x: number, locale: string, decimals = RTP_DECIMALS): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(x);
}
