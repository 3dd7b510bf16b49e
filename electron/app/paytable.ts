/** The paytable screen's figures: the exact analysis of the running profile (cached per profile). */
import type { CabinetSnapshot } from '../core/cabinet/cabinet-api.ts';
import { analyzeProfile, type ExactAnalysis } from '../core/analysis/exact-analysis.ts';
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
  const bankerPays = (100 - profile.bankerCommissionPercent) / 100;
  return {
    profileId: profile.id,
    decks: profile.decks,
    spots: {
      player: { probability: analysis.probabilities.player, rtp: analysis.rtp.player, pays: '1:1' },
      banker: { probability: analysis.probabilities.banker, rtp: analysis.rtp.banker, pays: `${bankerPays}:1` },
      tie: { probability: analysis.probabilities.tie, rtp: analysis.rtp.tie, pays: `${profile.tiePays}:1` },
    },
    limits: snapshot.limits,
  };
}
