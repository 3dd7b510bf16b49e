/**
 * Why a stadium terminal locked nothing at its close, in German (`stadiumSitOut`; the view's `sitOut`,
 * docs/stadium.md#one-round-at-a-terminal). Every language has the same keys.
 */
export default {
  skipped: 'Sie haben diese Runde ausgesetzt.',
  'no-bets': 'In dieser Runde wurden keine Einsätze gesetzt.',
  tilted: 'Das Gerät ist pausiert, daher wurden in dieser Runde keine Einsätze angenommen.',
  'round-in-progress':
    'Ihre vorige Runde wartet noch auf ihr Ergebnis, daher wurden in dieser Runde keine Einsätze angenommen.',
  'below-spot-min':
    'Ein Einsatz lag unter dem Minimum seines Feldes, daher wurden in dieser Runde keine Einsätze angenommen.',
  'above-spot-max':
    'Ein Einsatz lag über dem Maximum seines Feldes, daher wurden in dieser Runde keine Einsätze angenommen.',
  'above-table-max':
    'Ihre Einsätze lagen über dem Tischmaximum, daher wurden in dieser Runde keine Einsätze angenommen.',
  'above-max-win':
    'Ihre Einsätze hätten mehr als den Höchstgewinn pro Runde gewinnen können, daher wurden in dieser Runde keine Einsätze angenommen.',
  'insufficient-credits':
    'Ihr Guthaben reichte für diese Einsätze nicht, daher wurden in dieser Runde keine Einsätze angenommen.',
  'reality-check-open':
    'Ihr Realitätscheck wartete auf eine Antwort, daher wurden in dieser Runde keine Einsätze angenommen.',
  'session-limit':
    'Ihre Sitzung hat ein vom Haus gesetztes Limit erreicht, daher wurden in dieser Runde keine Einsätze angenommen.',
};
