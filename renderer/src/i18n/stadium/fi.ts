import type { Messages } from '../messages-shape.ts';

/** Section `stadium` of fi.ts. */
const stadium: Messages['stadium'] = {
  closesIn: 'Panostusaikaa {time}',
  closing: 'Ei enää panoksia',
  waiting: 'Odotetaan seuraavaa kierrosta',
  locked: 'Panokset sisällä: pöytä jakaa',
  skippingOpen: 'Jätät kierroksen väliin',
  skippingWaiting: 'Jätät seuraavan kierroksen väliin',
  terminals: {
    one: '{n} pelipääte tässä pöydässä',
    few: '{n} pelipäätettä tässä pöydässä',
    other: '{n} pelipäätettä tässä pöydässä',
  },
  skip: 'Jätä kierros väliin',
  skipOn: 'Tauolla',
  skipOnHint: 'Napauta pelataksesi taas',
  satOut: 'Sinulla ei ollut panoksia tällä kierroksella',
  unreachable: {
    title: 'Yhteiseen pöytään ei saada yhteyttä',
    credit: 'Saldosi on tallessa tässä laitteessa.',
    refund: 'Panokset kierrokselta, jota ei voida viedä loppuun, palautetaan kokonaan saldoosi.',
    locked:
      'Kierroksen {round} panoksesi maksetaan, kun sen tulos saapuu, tai palautetaan kokonaan, jos kierrosta ei voida viedä loppuun.',
    resume: 'Uusi kierros alkaa vasta, kun pöytä on taas tavoitettavissa. Peli jatkuu silloin itsestään.',
  },
  staff: {
    title: 'Stadionpöytä',
    broker: 'Viestipalvelin',
    table: 'Pöytä',
    link: 'Yhteys',
    linkConnecting: 'Yhdistetään',
    linkConnected: 'Yhdistetty',
    linkUnreachable: 'Ei tavoitettavissa',
    round: 'Nykyinen kierros',
    window: 'Panostusaika',
    windowOpen: 'Auki',
    windowClosed: 'Suljettu',
    lockedRound: 'Kierros, jossa on lukittuja panoksia',
    lastRound: 'Viimeksi päättynyt kierros',
    lag: 'Viive',
    terminals: 'Pelipäätteitä pöydässä',
    skipping: 'Jättää seuraavan kierroksen väliin',
    yes: 'Kyllä',
    no: 'Ei',
  },
};
export default stadium;
