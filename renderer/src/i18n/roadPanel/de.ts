import type { Messages } from '../messages-shape.ts';

const roadPanel: Messages['roadPanel'] = {
  title: 'Roads',
  beadPlate: 'Bead Plate',
  bigRoad: 'Big Road',
  bigEyeBoy: 'Big Eye Boy',
  smallRoad: 'Small Road',
  cockroachPig: 'Cockroach Pig',
  askBanker: 'Wenn Banker',
  askPlayer: 'Wenn Spieler',
  showTotals: 'Gewinnende Summen zeigen',
  showLetters: 'Buchstaben zeigen',
  red: 'rot (Wiederholung)',
  blue: 'blau (Wechsel)',
  notYet: 'noch keine Marke',
  preview: 'nächste Marke, wenn {side} gewinnt: {marks}',
  rounds: 'Runden',
  bankerPair: 'Banker-Paar',
  playerPair: 'Spieler-Paar',
  natural: 'Natural',
  empty: 'Noch keine Runden',
  count: '{what}: {n}',
  cell: '{winner} {total}',
  tie: 'Unentschieden',
  ties: '{n} Unentschieden',
  resetTitle: 'Roads',
  resetButton: 'Roads zurücksetzen',
  resetHelp: 'Die Roads am Tisch beginnen leer und füllen sich ab der nächsten Runde. Sonst ändert sich nichts.',
  resetDone: 'Die Roads wurden zurückgesetzt.',
};

export default roadPanel;
