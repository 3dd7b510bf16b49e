import type { Messages } from '../messages-shape.ts';

/** Pravidla hry česky (oddíl `rulesPage` v cs.ts). */
const rulesPage: Messages['rulesPage'] = {
  tabsLabel: 'Oddíly pravidel',
  close: 'Zavřít pravidla',
  loading: 'Načítají se pravidla…',
  tab: {
    play: 'Jak hrát',
    cards: 'Bota a karty',
    playerDraw: 'Třetí karta Hráče',
    bankerDraw: 'Třetí karta Bankéře',
    payouts: 'Výplaty',
    returns: 'Návratnost',
    limits: 'Limity sázek',
    conduct: 'Poruchy a přestávky',
  },
  shoe: {
    title: 'Bota',
    decks: 'Počet balíčků v botě: {decks}, celkem karet: {cards}.',
    fresh:
      'Každé kolo se rozdává z nově zamíchané boty se všemi kartami (celkem {cards}), takže z jednoho kola nic nepřechází do dalšího.',
  },
  cards: {
    title: 'Hodnoty karet',
    rank: 'Karta',
    value: 'Body',
    total: 'Ruka má hodnotu poslední číslice součtu svých karet, součet je tedy vždy od {low} do {high}.',
    example: '{cards} dává dohromady {sum}: ruka má hodnotu {total}.',
  },
  drawing: {
    naturalTitle: 'Přirozené ruce',
    natural:
      'Má-li kterákoli ruka z prvních dvou karet {totals}, jde o přirozenou ruku: žádná ruka už další kartu nedostane.',
    playerTitle: 'Třetí karta Hráče',
    playerIntro: 'Bez přirozené ruky si Hráč bere třetí kartu při součtu dvou karet {draw} a při součtu {stand} stojí.',
    playerTotal: 'Součet Hráče',
    bankerTitle: 'Třetí karta Bankéře',
    bankerIntro: 'Bez přirozené ruky se Bankéř řídí součtem svých dvou karet (řádky) a tím, co udělal Hráč (sloupce).',
    bankerTotal: 'Součet Bankéře',
    playerStood: 'Hráč nebral',
    playerThird: 'Třetí karta Hráče',
    drawLetter: 'B',
    standLetter: 'S',
    naturalLetter: 'P',
    drawWord: 'bere kartu',
    standWord: 'stojí',
    naturalWord: 'přirozená ruka, stojí',
    cellPlayer: 'Součet Hráče {total}: {action}',
    cellBanker: 'Součet Bankéře {total}, {column}: {action}',
  },
  payouts: {
    title: 'Výplaty',
    bet: 'Sázka',
    pays: 'Vyplácí',
    winHead: 'Výhra vrací',
    winOn: '{paid} při sázce {stake}',
    onTie: 'Při Remíze',
    tieWins: 'vyhrává',
    returned: 'sázka se vrací',
    lost: 'sázka propadá',
    part: 'vrací se {amount}',
    note: 'Částky zahrnují vsazenou částku. Každý příklad počítá s minimální sázkou. Sázky na více polí v jednom kole se vyplácejí každá zvlášť.',
    commission:
      'Výhra sázky na Bankéře vyplácí {pays}: kasino si ponechá {percent} z výhry a zlomky nejmenší mince se zaokrouhlují dolů.',
    exampleTitle: 'Výhra na Bankéře v příkladu',
    example: 'Sázka {stake}: výhra {winnings}, dostanete zpět {paid}.',
    exampleRounded:
      'Sázka {stake}: výhra vychází přesně na {exact}, vyplácí se {winnings}, dostanete tedy zpět {paid}.',
  },
  returns: {
    title: 'Návratnost pro hráče',
    rules: 'Počet balíčků: {decks} · Remíza vyplácí {tie}',
    intro:
      'Spočteno přesně přes všechna možná rozdání z nově zamíchané boty: za mnoho kol vrátí každá sázka tento podíl z toho, co se na ni vsadí.',
    bet: 'Sázka',
    chance: 'Šance na výhru',
    rtp: 'Návratnost',
    loading: 'Počítají se údaje pro tato pravidla…',
  },
  limits: {
    title: 'Limity sázek',
    bet: 'Sázka',
    min: 'Nejméně',
    max: 'Nejvíce',
    tableMax: 'Všechny sázky jednoho kola dohromady nejvýše',
    maxWin: 'Nejvyšší výhra v jednom kole',
  },
  conduct: {
    faultTitle: 'Když automat selže',
    fault:
      'Porucha během kola, například generátoru náhodných čísel, paměti nebo napájení, kolo zruší. Žádný výsledek neplatí, každá sázka z tohoto kola se vrátí do vašeho kreditu právě jednou a hra stojí, dokud porucha není odstraněna.',
    idleTitle: 'Když nikdo nehraje',
    idle: 'Máte-li kredit nebo sázky na stole a od posledního dotyku obrazovky uběhne doba {idle}, automat se zeptá „{question}“ a odpočítává {countdown}.',
    idleTouch: 'Stačí se kdekoli dotknout a hrajete dál; vaše sázky zůstanou na místě.',
    idleExpire: 'Když odpočet doběhne, sázky na stole se vrátí do vašeho kreditu. Kredit zůstává v automatu.',
    idleNever: 'Během kola ani při zablokovaném automatu se tato otázka nikdy neobjeví.',
  },
};
export default rulesPage;
