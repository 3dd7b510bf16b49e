import type { Messages } from '../messages-shape.ts';

const roadPanel: Messages['roadPanel'] = {
  title: 'Roads',
  beadPlate: 'Bead plate',
  bigRoad: 'Big road',
  bigEyeBoy: 'Big eye boy',
  smallRoad: 'Small road',
  cockroachPig: 'Cockroach pig',
  askBanker: 'Als Deler wint',
  askPlayer: 'Als Speler wint',
  showTotals: 'Winnende totalen tonen',
  showLetters: 'Letters tonen',
  red: 'rood (herhaling)',
  blue: 'blauw (wisseling)',
  notYet: 'nog geen teken',
  preview: 'volgend teken als {side} wint: {marks}',
  rounds: 'Rondes',
  bankerPair: 'Delerpaar',
  playerPair: 'Spelerpaar',
  natural: 'Natural',
  empty: 'Nog geen rondes',
  count: '{what}: {n}',
  cell: '{winner} {total}',
  tie: 'gelijkspel',
  ties: '{n} keer gelijkspel',
  resetTitle: 'Roads',
  resetButton: 'Roads wissen',
  resetHelp: 'De roads aan de tafel beginnen leeg en vullen zich vanaf de volgende ronde. Verder verandert er niets.',
  resetDone: 'De roads zijn gewist.',
};

export default roadPanel;
