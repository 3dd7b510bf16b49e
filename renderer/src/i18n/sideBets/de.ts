import type { Messages } from '../messages-shape.ts';

/** Section `sideBets` of de.ts. */
const sideBets: Messages['sideBets'] = {
  name: {
    'player-pair': 'Spielerpaar',
    'banker-pair': 'Bankerpaar',
    'either-pair': 'Beliebiges Paar',
    'perfect-pair': 'Perfektes Paar',
    'dragon-bonus-player': 'Drachenbonus Spieler',
    'dragon-bonus-banker': 'Drachenbonus Banker',
    'lucky-6': 'Glücks-6',
    'dragon-7': 'Drache 7',
    'panda-8': 'Panda 8',
  },
  rule: {
    'player-pair': 'Gewinnt, wenn die ersten zwei Karten des Spielers denselben Rang haben.',
    'banker-pair': 'Gewinnt, wenn die ersten zwei Karten des Bankers denselben Rang haben.',
    'either-pair': 'Gewinnt, wenn eine der Hände mit zwei Karten desselben Rangs beginnt.',
    'perfect-pair':
      'Gewinnt, wenn eine Hand mit zwei gleichen Karten (Rang und Farbe) beginnt; mehr, wenn beide es tun.',
    'dragon-bonus-player':
      'Gewinnt, wenn der Spieler mit einem Natural oder mit 4 Punkten Vorsprung gewinnt; je größer, desto mehr.',
    'dragon-bonus-banker':
      'Gewinnt, wenn der Banker mit einem Natural oder mit 4 Punkten Vorsprung gewinnt; je größer, desto mehr.',
    'lucky-6': 'Gewinnt, wenn der Banker mit 6 Punkten gewinnt; eine 6 aus drei Karten zahlt mehr.',
    'dragon-7': 'Gewinnt, wenn der Banker mit 7 Punkten aus drei Karten gewinnt.',
    'panda-8': 'Gewinnt, wenn der Spieler mit 8 Punkten aus drei Karten gewinnt.',
  },
  row: 'Nebenwetten',
  rtp: 'Auszahlungsquote {percent}',
  issue: {
    notOffered: '{bet} gibt es im Spiel „{variant}“ nicht.',
    belowMinimumRtp: '{bet} zahlt {rtp} aus, weniger als das Minimum von {limit}.',
  },
  field: {
    variant: 'Spielvariante',
    lucky6ThreeCardPays: 'Glücks-6 zahlt bei einer 6 aus drei Karten (zu 1)',
    minimumRtpPercent: 'Mindest-Auszahlungsquote (%)',
    sideBets: 'Angebotene Nebenwetten',
  },
  /** How a Banker win pays in the games without commission, under the paytable. */
  variantNote: {
    'no-commission':
      'Gewinnt der Banker mit 6, zahlt er 1:2 (den halben Einsatz); jeder andere Banker-Gewinn zahlt 1:1.',
    ez: 'Gewinnt der Banker mit einer 7 aus drei Karten, gibt es den Einsatz zurück; jeder andere Banker-Gewinn zahlt 1:1.',
  },
  /** The technician's figures for a draft setting. */
  candidate: {
    title: 'Auszahlungsquote dieser Einstellung',
    none: 'Erscheint, sobald die Einstellung gültig ist.',
  },
  variant: {
    commission: 'mit Kommission',
    'no-commission': 'ohne Kommission',
    ez: 'EZ',
  },
};
export default sideBets;
