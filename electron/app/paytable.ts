/** The paytable screen's figures: the exact analysis of the running profile (cached per profile). */
import type { CabinetSnapshot } from '../core/cabinet/cabinet-api.ts';
import { analyzeProfile, type ExactAnalysis } from '../core/analysis/exact-analysis.ts';
import { payoutLabel } from '../core/engine/payout-label.ts';
import type { Spot } from '../core/engine/settlement.ts';
import type { Paytable } from '../ipc/contract.ts';

const cache = new Map<string, ExactAnalysis>();

export function paytableFor(snapshot: CabinetSnapshot): Paytable {
  const profile = snapshot.profile;
  const key = JSON.stringify(profile);
  let analysis = cache.get(key);
  if (!analysis) {
    analysis = analyzeProfile(profile);
    cache.set(key, analysis);
  }
  const pays = (spot: Spot): string => payoutLabel(spot, profile);
  return {
    profileId: profile.id,
    decks: profile.decks,
    spots: {
      player: { probability: analysis.probabilities.player, rtp: analysis.rtp.player, pays: pays('player') },
      banker: { probability: analysis.probabilities.banker, rtp: analysis.rtp.banker, pays: pays('banker') },
      tie: { probability: analysis.probabilities.tie, rtp: analysis.rtp.tie, pays: pays('tie') },
    },
    limits: snapshot.limits,
  };
}
