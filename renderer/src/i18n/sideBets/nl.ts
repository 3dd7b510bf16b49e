import type { Messages } from '../messages-shape.ts';

/** Section `sideBets` of nl.ts. */
const sideBets: Messages['sideBets'] = {
  name: {
    'player-pair': 'Spelerpaar',
    'banker-pair': 'Delerpaar',
    'either-pair': 'Elk paar',
    'perfect-pair': 'Perfect paar',
    'dragon-bonus-player': 'Drakenbonus Speler',
    'dragon-bonus-banker': 'Drakenbonus Deler',
    'lucky-6': 'Geluks-6',
    'dragon-7': 'Draak 7',
    'panda-8': 'Panda 8',
  },
  rule: {
    'player-pair': 'Wint als de eerste twee kaarten van de Speler dezelfde waarde hebben.',
    'banker-pair': 'Wint als de eerste twee kaarten van de Deler dezelfde waarde hebben.',
    'either-pair': 'Wint als een van beide handen begint met twee kaarten van dezelfde waarde.',
    'perfect-pair':
      'Wint als een hand begint met twee gelijke kaarten, waarde en kleur; meer als beide handen dat doen.',
    'dragon-bonus-player':
      'Wint als de Speler wint met een natural of met 4 punten of meer verschil; hoe groter, hoe meer.',
    'dragon-bonus-banker':
      'Wint als de Deler wint met een natural of met 4 punten of meer verschil; hoe groter, hoe meer.',
    'lucky-6': 'Wint als de Deler wint met 6; een 6 uit drie kaarten betaalt meer.',
    'dragon-7': 'Wint als de Deler wint met 7 uit drie kaarten.',
    'panda-8': 'Wint als de Speler wint met 8 uit drie kaarten.',
  },
  row: 'Zijweddenschappen',
  rtp: 'Uitbetalingspercentage {percent}',
  issue: {
    notOffered: '{bet} hoort niet bij het spel {variant}.',
    belowMinimumRtp: '{bet} keert {rtp} uit, onder het minimum van {limit}.',
  },
  field: {
    variant: 'Spelvariant',
    lucky6ThreeCardPays: 'Geluks-6 betaalt op een 6 uit drie kaarten (tegen 1)',
    minimumRtpPercent: 'Minimaal uitbetalingspercentage (%)',
    sideBets: 'Aangeboden zijweddenschappen',
  },
  /** How a Banker win pays in the games without commission, under the paytable. */
  variantNote: {
    'no-commission':
      'Wint de Deler met 6, dan betaalt dat 1:2 (de halve inzet); elke andere winst van de Deler betaalt 1:1.',
    ez: 'Wint de Deler met 7 uit drie kaarten, dan krijgt u de inzet terug; elke andere winst van de Deler betaalt 1:1.',
  },
  /** The technician's figures for a draft setting. */
  candidate: {
    title: 'Uitbetalingspercentage van deze instelling',
    none: 'Verschijnt zodra de instelling geldig is.',
  },
  variant: {
    commission: 'met commissie',
    'no-commission': 'zonder commissie',
    ez: 'EZ',
  },
};
export default sideBets;
