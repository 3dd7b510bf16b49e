/**
 * Whether two windows of road outcomes hold the same rounds with the same results. Main sends its whole window with
 * every snapshot, a fresh array each time; the panel redraws only when this says the rounds changed, so a bet, the
 * press of DEAL or a card's arrival never redraws the roads (docs/benchmarks.md#the-deals-frames).
 */
import type { RoadOutcome } from '../../../electron/core/roads/road-types.ts';

function sameOutcome(a: RoadOutcome, b: RoadOutcome): boolean {
  return (
    a.roundId === b.roundId &&
    a.winner === b.winner &&
    a.playerTotal === b.playerTotal &&
    a.bankerTotal === b.bankerTotal &&
    a.playerPair === b.playerPair &&
    a.bankerPair === b.bankerPair &&
    a.natural === b.natural
  );
}

export function sameRoadWindow(a: readonly RoadOutcome[], b: readonly RoadOutcome[]): boolean {
  return a === b || (a.length === b.length && a.every((o, i) => sameOutcome(o, b[i]!)));
}
