import type { Messages } from '../messages-shape.ts';

/** Pelisäännöt suomeksi (fi.ts:n osio `rulesPage`). */
const rulesPage: Messages['rulesPage'] = {
  tabsLabel: 'Sääntöjen osiot',
  close: 'Sulje säännöt',
  loading: 'Sääntöjä ladataan…',
  tab: {
    play: 'Näin pelaat',
    cards: 'Kenkä ja kortit',
    playerDraw: 'Pelaajan kolmas kortti',
    bankerDraw: 'Pankin kolmas kortti',
    payouts: 'Voitonmaksut',
    returns: 'Palautusprosentti',
    limits: 'Panosrajat',
    conduct: 'Viat ja tauot',
  },
  shoe: {
    title: 'Kenkä',
    decks: 'Korttipakkoja kengässä: {decks}, kortteja yhteensä {cards}.',
    fresh:
      'Jokainen kierros jaetaan juuri sekoitetusta kengästä, jossa ovat kaikki {cards} korttia, joten mikään ei siirry kierrokselta seuraavalle.',
  },
  cards: {
    title: 'Korttien arvot',
    rank: 'Kortti',
    value: 'Pisteet',
    total: 'Käden arvo on sen korttien summan viimeinen numero, joten summa on aina {low}–{high}.',
    example: '{cards} on yhteensä {sum}: käden arvo on {total}.',
  },
  drawing: {
    naturalTitle: 'Luonnolliset kädet',
    natural:
      'Jos kummalla tahansa kädellä on kahdella ensimmäisellä kortilla {totals}, käsi on luonnollinen: kumpikaan käsi ei saa enää kortteja.',
    playerTitle: 'Pelaajan kolmas kortti',
    playerIntro:
      'Ilman luonnollista kättä Pelaaja ottaa kolmannen kortin, kun kahden kortin summa on {draw}, ja jää, kun summa on {stand}.',
    playerTotal: 'Pelaajan summa',
    bankerTitle: 'Pankin kolmas kortti',
    bankerIntro:
      'Ilman luonnollista kättä Pankki toimii oman kahden korttinsa summan (rivit) ja Pelaajan toiminnan (sarakkeet) mukaan.',
    bankerTotal: 'Pankin summa',
    playerStood: 'Pelaaja jäi',
    playerThird: 'Pelaajan kolmas kortti',
    drawLetter: 'O',
    standLetter: 'J',
    naturalLetter: 'L',
    drawWord: 'ottaa kortin',
    standWord: 'jää',
    naturalWord: 'luonnollinen, jää',
    cellPlayer: 'Pelaajan summa {total}: {action}',
    cellBanker: 'Pankin summa {total}, {column}: {action}',
  },
  payouts: {
    title: 'Voitonmaksut',
    bet: 'Veto',
    pays: 'Maksaa',
    winHead: 'Voitto palauttaa',
    winOn: '{paid} panoksella {stake}',
    onTie: 'Tasapelissä',
    tieWins: 'voittaa',
    returned: 'panos palautetaan',
    lost: 'panos menetetään',
    part: '{amount} palautetaan',
    note: 'Summat sisältävät panoksen. Jokainen esimerkki käyttää vedon pienintä panosta. Saman kierroksen vedot eri ruuduille maksetaan kukin erikseen.',
    commission:
      'Pankin voitto maksaa {pays}: talo pitää {percent} voitosta, ja pienimmän rahayksikön osat pyöristetään alaspäin.',
    exampleTitle: 'Pankin voitto laskettuna',
    example: 'Panos {stake}: voitto {winnings}, saat takaisin {paid}.',
    exampleRounded:
      'Panos {stake}: voitto on tarkalleen {exact}, siitä maksetaan {winnings}, joten saat takaisin {paid}.',
  },
  returns: {
    title: 'Palautus pelaajalle',
    rules: 'Pakkoja: {decks} · Tasapeli maksaa {tie}',
    intro:
      'Laskettu tarkasti kaikista mahdollisista jaoista juuri sekoitetusta kengästä: pitkällä aikavälillä kukin veto palauttaa tämän osuuden siihen asetetuista panoksista.',
    bet: 'Veto',
    chance: 'Voiton todennäköisyys',
    rtp: 'Palautus',
    loading: 'Näiden sääntöjen lukuja lasketaan…',
  },
  limits: {
    title: 'Panosrajat',
    bet: 'Veto',
    min: 'Vähintään',
    max: 'Enintään',
    tableMax: 'Kierroksen kaikki panokset yhteensä enintään',
    maxWin: 'Suurin voitto yhdellä kierroksella',
  },
  conduct: {
    faultTitle: 'Jos laitteeseen tulee vika',
    fault:
      'Kierroksen aikana sattuva vika, esimerkiksi satunnaislukugeneraattorissa, muistissa tai virransyötössä, mitätöi kierroksen. Mikään tulos ei ole voimassa, kierroksen jokainen panos palautetaan saldoosi täsmälleen kerran, ja peli on pysähdyksissä, kunnes vika on korjattu.',
    idleTitle: 'Kun kukaan ei pelaa',
    idle: 'Kun sinulla on saldoa tai panoksia pöydällä ja {idle} kuluu ilman, että näyttöön kosketaan, laite kysyy ”{question}” ja laskee alaspäin {countdown}.',
    idleTouch: 'Kosketus mihin tahansa riittää jatkamiseen, ja panoksesi pysyvät paikallaan.',
    idleExpire: 'Jos aika loppuu, pöydällä olevat panokset palaavat saldoosi. Saldo jää laitteeseen.',
    idleNever: 'Kysymystä ei koskaan esitetä kierroksen aikana eikä laitteen ollessa lukittuna.',
  },
};
export default rulesPage;
