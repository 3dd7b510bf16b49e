import type { Messages } from '../messages-shape.ts';

const roadPanel: Messages['roadPanel'] = {
  title: 'Vägar',
  beadPlate: 'Pärlplatta',
  bigRoad: 'Stora vägen',
  bigEyeBoy: 'Stora ögat',
  smallRoad: 'Lilla vägen',
  cockroachPig: 'Kackerlackan',
  askBanker: 'Om Banken',
  askPlayer: 'Om Spelaren',
  showTotals: 'Visa vinnande summor',
  showLetters: 'Visa bokstäver',
  red: 'röd (upprepning)',
  blue: 'blå (växling)',
  notYet: 'inget märke än',
  preview: 'nästa märke om {side} vinner: {marks}',
  rounds: 'Omgångar',
  bankerPair: 'Bankens par',
  playerPair: 'Spelarens par',
  natural: 'Naturlig',
  empty: 'Inga omgångar än',
  count: '{what}: {n}',
  cell: '{winner} {total}',
  tie: 'lika',
  ties: '{n} gånger lika',
  resetTitle: 'Vägar',
  resetButton: 'Nollställ vägarna',
  resetHelp: 'Vägarna vid bordet börjar om tomma och fylls från nästa omgång. Inget annat ändras.',
  resetDone: 'Vägarna har nollställts.',
};

export default roadPanel;
