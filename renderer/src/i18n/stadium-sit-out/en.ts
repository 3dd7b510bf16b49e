/**
 * Why a stadium terminal locked nothing at its close, in English (`stadiumSitOut`; the view's `sitOut`,
 * docs/stadium.md#one-round-at-a-terminal). Every language has the same keys.
 */
export default {
  skipped: 'You sat this round out.',
  'no-bets': 'No bets were placed in this round.',
  tilted: 'The machine is paused, so no bets were taken in this round.',
  'round-in-progress': 'Your previous round is still waiting for its result, so no bets were taken in this round.',
  'below-spot-min': 'A bet was below the minimum for its spot, so no bets were taken in this round.',
  'above-spot-max': 'A bet was above the maximum for its spot, so no bets were taken in this round.',
  'above-table-max': 'Your bets were above the table maximum, so no bets were taken in this round.',
  'above-max-win': 'Your bets could have won more than the maximum win per round, so no bets were taken in this round.',
  'insufficient-credits': 'Your credit did not cover these bets, so no bets were taken in this round.',
  'reality-check-open': 'Your reality check was waiting for an answer, so no bets were taken in this round.',
  'session-limit': 'Your session has reached a limit set by the venue, so no bets were taken in this round.',
};
