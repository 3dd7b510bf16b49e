import type { Messages } from '../messages-shape.ts';

const roadPanel: Messages['roadPanel'] = {
  title: 'Tulostaulut',
  beadPlate: 'Helmitaulu',
  bigRoad: 'Iso tie',
  bigEyeBoy: 'Iso silmä',
  smallRoad: 'Pieni tie',
  cockroachPig: 'Torakka',
  askBanker: 'Jos Pankki',
  askPlayer: 'Jos Pelaaja',
  showTotals: 'Näytä voittavat summat',
  showLetters: 'Näytä kirjaimet',
  red: 'punainen (toistuu)',
  blue: 'sininen (vaihtelee)',
  notYet: 'ei vielä merkkiä',
  preview: 'seuraava merkki, jos {side} voittaa: {marks}',
  rounds: 'Kierrokset',
  bankerPair: 'Pankin pari',
  playerPair: 'Pelaajan pari',
  natural: 'Luonnollinen',
  empty: 'Ei vielä kierroksia',
  count: '{what}: {n}',
  cell: '{winner} {total}',
  tie: 'tasapeli',
  ties: '{n} tasapeliä',
  resetTitle: 'Tulostaulut',
  resetButton: 'Nollaa tulostaulut',
  resetHelp: 'Pöydän tulostaulut alkavat tyhjinä ja täyttyvät seuraavasta kierroksesta alkaen. Muu ei muutu.',
  resetDone: 'Tulostaulut nollattiin.',
};

export default roadPanel;
