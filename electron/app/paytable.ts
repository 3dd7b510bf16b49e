/**
 * The paytable screen's figures: the exact analysis of the running profile (cached per set of rules), the main
 * spots and every side bet the venue offers, each return computed live from the settings (docs/rules.md#side-bet-returns).
 * The cabinet's paytable is counted on a worker (paytable-analysis.ts); `paytableFor` counts on the caller's thread,
 * for tools and tests.
 */
import type { ExactAnalysis } from '../core/analysis/exact-analysis.ts';
import type { CabinetSnapshot } from '../core/cabinet/cabinet-api.ts';
import { cachedAnalysis } from '../core/config/side-bet-settings.ts';
import { payoutLabel } from '../core/engine/payout-label.ts';
import type { Spot } from '../core/engine/settlement.ts';
import { sideBetPaysLabel } from '../core/engine/side-bet-label.ts';
import { SIDE_BETS, type SideBet } from '../core/engine/side-bets.ts';
import type { Paytable, SideBetFigures } from '../ipc/contract.ts';
import type { PaytableAnalyses } from './paytable-analysis.ts';

/** The paytable of `snapshot`, counted on this thread. */
export function paytableFor(snapshot: CabinetSnapshot): Paytable {
  return paytableOf(snapshot, cachedAnalysis(snapshot.profile));
}

/** The paytable of `snapshot` once the worker has counted its profile. */
export async function paytableOnWorker(analyses: PaytableAnalyses, snapshot: CabinetSnapshot): Promise<Paytable> {
  return paytableOf(snapshot, await analyses.analysis(snapshot.profile));
}

/** `analysis` must be the exact analysis of `snapshot.profile`'s rules. */
function paytableOf(snapshot: CabinetSnapshot, analysis: ExactAnalysis): Paytable {
  const profile = snapshot.profile;
  const pays = (spot: Spot): string => payoutLabel(spot, profile);
  const sideBets: Partial<Record<SideBet, SideBetFigures>> = {};
  for (const bet of SIDE_BETS) {
    const figure = analysis.sideBets[bet];
    if (snapshot.limits.sideBets[bet] === undefined || figure === undefined) continue;
    sideBets[bet] = { rtp: figure.rtp, pays: sideBetPaysLabel(bet, profile) };
  }
  return {
    profileId: profile.id,
    decks: profile.decks,
    spots: {
      player: { probability: analysis.probabilities.player, rtp: analysis.rtp.player, pays: pays('player') },
      banker: { probability: analysis.probabilities.banker, rtp: analysis.rtp.banker, pays: pays('banker') },
      tie: { probability: analysis.probabilities.tie, rtp: analysis.rtp.tie, pays: pays('tie') },
    },
    variant: profile.variant,
    sideBets,
    limits: snapshot.limits,
  };
}
