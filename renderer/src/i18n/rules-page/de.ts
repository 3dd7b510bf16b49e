import type { Messages } from '../messages-shape.ts';

/** Die Spielregeln auf Deutsch (Abschnitt `rulesPage` in de.ts). */
const rulesPage: Messages['rulesPage'] = {
  tabsLabel: 'Abschnitte der Regeln',
  close: 'Regeln schließen',
  loading: 'Regeln werden geladen…',
  tab: {
    play: 'So wird gespielt',
    cards: 'Schlitten und Karten',
    playerDraw: 'Dritte Karte Spieler',
    bankerDraw: 'Dritte Karte Banker',
    payouts: 'Auszahlungen',
    returns: 'Auszahlungsquote',
    limits: 'Einsatzgrenzen',
    conduct: 'Störungen und Pausen',
  },
  shoe: {
    title: 'Der Schlitten',
    decks: 'Kartenspiele im Schlitten: {decks}, zusammen {cards} Karten.',
    fresh:
      'Jede Runde wird aus einem frisch gemischten Schlitten mit allen {cards} Karten gegeben. Von einer Runde bleibt nichts für die nächste übrig.',
  },
  cards: {
    title: 'Kartenwerte',
    rank: 'Karte',
    value: 'Punkte',
    total:
      'Eine Hand zählt die letzte Ziffer der Summe ihrer Karten; die Summe liegt also immer zwischen {low} und {high}.',
    example: '{cards} ergibt {sum}: Die Hand zählt {total}.',
  },
  drawing: {
    naturalTitle: 'Naturals',
    natural:
      'Hat eine der beiden Hände mit den ersten zwei Karten {totals}, ist das ein Natural: Keine Hand bekommt eine weitere Karte.',
    playerTitle: 'Die dritte Karte des Spielers',
    playerIntro:
      'Ohne Natural zieht der Spieler bei einer Summe von {draw} aus zwei Karten eine dritte Karte und bleibt bei {stand} stehen.',
    playerTotal: 'Summe des Spielers',
    bankerTitle: 'Die dritte Karte des Bankers',
    bankerIntro:
      'Ohne Natural richtet sich der Banker nach der Summe seiner zwei Karten (Zeilen) und danach, was der Spieler getan hat (Spalten).',
    bankerTotal: 'Summe des Bankers',
    playerStood: 'Spieler blieb stehen',
    playerThird: 'Dritte Karte des Spielers',
    drawLetter: 'Z',
    standLetter: 'S',
    naturalLetter: 'N',
    drawWord: 'zieht eine Karte',
    standWord: 'bleibt stehen',
    naturalWord: 'Natural, bleibt stehen',
    cellPlayer: 'Summe des Spielers {total}: {action}',
    cellBanker: 'Summe des Bankers {total}, {column}: {action}',
  },
  payouts: {
    title: 'Auszahlungen',
    bet: 'Wette',
    pays: 'Zahlt',
    winHead: 'Ein Gewinn bringt',
    winOn: '{paid} bei {stake} Einsatz',
    onTie: 'Bei Unentschieden',
    tieWins: 'gewinnt',
    returned: 'Einsatz zurück',
    lost: 'Einsatz verloren',
    part: '{amount} zurück',
    note: 'Die Beträge enthalten den Einsatz. Jedes Beispiel rechnet mit dem Mindesteinsatz der Wette. Wetten auf mehrere Felder in derselben Runde werden einzeln ausgezahlt.',
    commission:
      'Ein Gewinn auf den Banker zahlt {pays}: Das Haus behält {percent} des Gewinns, und Bruchteile der kleinsten Münze werden abgerundet.',
    exampleTitle: 'Ein Banker-Gewinn, durchgerechnet',
    example: 'Einsatz {stake}: Gewinn {winnings}, Sie erhalten {paid} zurück.',
    exampleRounded:
      'Einsatz {stake}: Der Gewinn beträgt genau {exact}, ausgezahlt werden {winnings}, Sie erhalten also {paid} zurück.',
  },
  returns: {
    title: 'Auszahlungsquote',
    rules: 'Kartenspiele: {decks} · Unentschieden zahlt {tie}',
    intro:
      'Exakt berechnet über alle möglichen Verteilungen aus einem frisch gemischten Schlitten: Auf lange Sicht zahlt jede Wette diesen Anteil ihrer Einsätze zurück.',
    bet: 'Wette',
    chance: 'Gewinnchance',
    rtp: 'Quote',
    loading: 'Die Zahlen für diese Regeln werden berechnet…',
  },
  limits: {
    title: 'Einsatzgrenzen',
    bet: 'Wette',
    min: 'Mindestens',
    max: 'Höchstens',
    tableMax: 'Alle Einsätze einer Runde zusammen, höchstens',
    maxWin: 'Der höchste Gewinn einer Runde',
  },
  conduct: {
    faultTitle: 'Bei einer Störung',
    fault:
      'Eine Störung während einer Runde, etwa im Zufallszahlengenerator, im Speicher oder in der Stromversorgung, macht die Runde ungültig. Kein Ergebnis zählt, jeder Einsatz dieser Runde geht genau einmal auf Ihr Guthaben zurück, und das Spiel ruht, bis die Störung behoben ist.',
    idleTitle: 'Wenn niemand spielt',
    idle: 'Haben Sie Guthaben oder Einsätze auf dem Tisch und berührt {idle} lang niemand den Bildschirm, fragt das Gerät „{question}“ und zählt {countdown} herunter.',
    idleTouch: 'Eine Berührung an beliebiger Stelle genügt zum Weiterspielen; Ihre Einsätze bleiben liegen.',
    idleExpire:
      'Läuft der Countdown ab, gehen die Einsätze auf dem Tisch auf Ihr Guthaben zurück. Das Guthaben bleibt im Gerät.',
    idleNever: 'Während einer Runde oder wenn das Gerät gesperrt ist, wird nie gefragt.',
  },
};
export default rulesPage;
