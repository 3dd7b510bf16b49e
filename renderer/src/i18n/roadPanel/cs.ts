import type { Messages } from '../messages-shape.ts';

const roadPanel: Messages['roadPanel'] = {
  title: 'Tabule výsledků',
  beadPlate: 'Perlová tabule',
  bigRoad: 'Velká cesta',
  bigEyeBoy: 'Velké oko',
  smallRoad: 'Malá cesta',
  cockroachPig: 'Šváb',
  askBanker: 'Když Bankéř',
  askPlayer: 'Když Hráč',
  showTotals: 'Zobrazit vítězné součty',
  showLetters: 'Zobrazit písmena',
  red: 'červená (opakování)',
  blue: 'modrá (střídání)',
  notYet: 'zatím bez značky',
  preview: 'další značka, když vyhraje {side}: {marks}',
  rounds: 'Kola',
  bankerPair: 'Pár Bankéře',
  playerPair: 'Pár Hráče',
  natural: 'Přirozená',
  empty: 'Zatím žádná kola',
  count: '{what}: {n}',
  cell: '{winner} {total}',
  tie: 'remíza',
  ties: '{n}× remíza',
  resetTitle: 'Tabule výsledků',
  resetButton: 'Vynulovat tabule',
  resetHelp: 'Tabule výsledků u stolu začnou znovu prázdné a plní se od dalšího kola. Nic jiného se nemění.',
  resetDone: 'Tabule výsledků byly vynulovány.',
};

export default roadPanel;
