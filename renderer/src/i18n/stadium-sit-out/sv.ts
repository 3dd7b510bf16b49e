/**
 * Why a stadium terminal locked nothing at its close, in Swedish (`stadiumSitOut`; the view's `sitOut`,
 * docs/stadium.md#one-round-at-a-terminal). Every language has the same keys.
 */
export default {
  skipped: 'Du stod över den här omgången.',
  'no-bets': 'Inga insatser lades i den här omgången.',
  tilted: 'Maskinen är pausad, så inga insatser togs emot i den här omgången.',
  'round-in-progress':
    'Din förra omgång väntar fortfarande på sitt resultat, så inga insatser togs emot i den här omgången.',
  'below-spot-min': 'En insats låg under minimum för sin ruta, så inga insatser togs emot i den här omgången.',
  'above-spot-max': 'En insats låg över maximum för sin ruta, så inga insatser togs emot i den här omgången.',
  'above-table-max': 'Dina insatser låg över bordets maximum, så inga insatser togs emot i den här omgången.',
  'above-max-win':
    'Dina insatser kunde ha vunnit mer än den högsta vinsten per omgång, så inga insatser togs emot i den här omgången.',
  'insufficient-credits': 'Din kredit räckte inte till insatserna, så inga insatser togs emot i den här omgången.',
  'reality-check-open': 'Din verklighetskoll väntade på svar, så inga insatser togs emot i den här omgången.',
  'session-limit':
    'Din session har nått en gräns som spelstället har satt, så inga insatser togs emot i den här omgången.',
};
