import type { Messages } from '../messages-shape.ts';

/** Spelreglerna på svenska (avsnittet `rulesPage` i sv.ts). */
const rulesPage: Messages['rulesPage'] = {
  tabsLabel: 'Regelavsnitt',
  close: 'Stäng reglerna',
  loading: 'Reglerna laddas…',
  tab: {
    play: 'Så spelar du',
    cards: 'Sko och kort',
    playerDraw: 'Spelarens tredje kort',
    bankerDraw: 'Bankens tredje kort',
    payouts: 'Utbetalningar',
    returns: 'Återbetalning',
    limits: 'Insatsgränser',
    conduct: 'Fel och pauser',
  },
  shoe: {
    title: 'Skon',
    decks: 'Kortlekar i skon: {decks}, totalt {cards} kort.',
    fresh:
      'Varje omgång delas ur en nyblandad sko med alla {cards} kort, så ingenting följer med från en omgång till nästa.',
  },
  cards: {
    title: 'Kortens värde',
    rank: 'Kort',
    value: 'Poäng',
    total: 'En hand är värd sista siffran i summan av korten, så summan är alltid mellan {low} och {high}.',
    example: '{cards} blir {sum}: handen är värd {total}.',
  },
  drawing: {
    naturalTitle: 'Naturliga händer',
    natural:
      'Har någon av händerna {totals} på de två första korten är det en naturlig hand: ingen av händerna får fler kort.',
    playerTitle: 'Spelarens tredje kort',
    playerIntro:
      'Utan naturlig hand drar Spelaren ett tredje kort när de två korten summerar till {draw} och stannar på {stand}.',
    playerTotal: 'Spelarens summa',
    bankerTitle: 'Bankens tredje kort',
    bankerIntro:
      'Utan naturlig hand beror Banken på sin egen summa av två kort (rader) och på vad Spelaren gjorde (kolumner).',
    bankerTotal: 'Bankens summa',
    playerStood: 'Spelaren stod',
    playerThird: 'Spelarens tredje kort',
    drawLetter: 'D',
    standLetter: 'S',
    naturalLetter: 'N',
    drawWord: 'drar ett kort',
    standWord: 'stannar',
    naturalWord: 'naturlig, stannar',
    cellPlayer: 'Spelarens summa {total}: {action}',
    cellBanker: 'Bankens summa {total}, {column}: {action}',
  },
  payouts: {
    title: 'Utbetalningar',
    bet: 'Insats',
    pays: 'Betalar',
    winHead: 'Vinst ger tillbaka',
    winOn: '{paid} på {stake}',
    onTie: 'Vid Lika',
    tieWins: 'vinner',
    returned: 'insatsen tillbaka',
    lost: 'insatsen förlorad',
    part: '{amount} tillbaka',
    note: 'Beloppen inkluderar insatsen. Varje exempel gäller insatsens minimum. Insatser på flera rutor i samma omgång betalas var för sig.',
    commission:
      'Vinst på Banken betalar {pays}: huset behåller {percent} av vinsten, och en bråkdel av den minsta myntenheten avrundas nedåt.',
    exampleTitle: 'Ett räkneexempel för Banken',
    example: 'Insats {stake}: vinsten blir {winnings}, du får tillbaka {paid}.',
    exampleRounded: 'Insats {stake}: vinsten blir {exact}, som betalas ut som {winnings}, så du får tillbaka {paid}.',
  },
  returns: {
    title: 'Återbetalning till spelaren',
    rules: 'Kortlekar: {decks} · Lika betalar {tie}',
    intro:
      'Exakt uträknat över alla möjliga givar ur en nyblandad sko: sett över många omgångar betalar varje insats tillbaka den här andelen av det som satsas på den.',
    bet: 'Insats',
    chance: 'Chans att vinna',
    rtp: 'Återbetalning',
    loading: 'Siffrorna för de här reglerna räknas ut…',
  },
  limits: {
    title: 'Insatsgränser',
    bet: 'Insats',
    min: 'Minst',
    max: 'Högst',
    tableMax: 'Alla insatser i en omgång tillsammans, högst',
    maxWin: 'Den största vinsten i en omgång',
  },
  conduct: {
    faultTitle: 'Om maskinen får fel',
    fault:
      'Ett fel under en omgång, till exempel i slumptalsgeneratorn, minnet eller strömmen, gör omgången ogiltig. Inget resultat gäller, varje insats i omgången går tillbaka till din kredit exakt en gång, och spelet står still tills felet är åtgärdat.',
    idleTitle: 'Inaktivitet',
    idle: 'När du har kredit eller insatser på bordet och ingen rör skärmen på {idle}, frågar maskinen ”{question}” och räknar ner {countdown}.',
    idleTouch: 'En beröring var som helst så fortsätter du, och dina insatser ligger kvar.',
    idleExpire:
      'Om nedräkningen tar slut går insatserna på bordet tillbaka till din kredit. Krediten stannar kvar i maskinen.',
    idleNever: 'Frågan ställs aldrig under en omgång eller när maskinen är låst.',
  },
};
export default rulesPage;
