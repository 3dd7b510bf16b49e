import type { Messages } from '../messages-shape.ts';

/** Section `stadium` of sv.ts. */
const stadium: Messages['stadium'] = {
  closesIn: 'Insatserna stängs om {time}',
  closing: 'Inga fler insatser',
  waiting: 'Väntar på nästa omgång',
  locked: 'Insatser lagda: bordet delar ut',
  skippingOpen: 'Du står över omgången',
  skippingWaiting: 'Du står över nästa omgång',
  terminals: {
    one: '{n} spelterminal vid bordet',
    few: '{n} spelterminaler vid bordet',
    other: '{n} spelterminaler vid bordet',
  },
  skip: 'Stå över',
  skipOn: 'Står över',
  skipOnHint: 'Tryck för att spela igen',
  satOut: 'Du hade inga insatser i den här omgången',
  unreachable: {
    title: 'Det gemensamma bordet går inte att nå',
    credit: 'Din kredit är säker i den här maskinen.',
    refund: 'Insatser i en omgång som inte kan slutföras återbetalas i sin helhet till din kredit.',
    locked:
      'Dina insatser i omgång {round} betalas när resultatet kommer, eller återbetalas i sin helhet om omgången inte kan slutföras.',
    resume: 'Ingen ny omgång öppnar förrän bordet är tillbaka. Spelet fortsätter av sig självt.',
  },
  staff: {
    title: 'Stadionbord',
    broker: 'Meddelandeserver',
    table: 'Bord',
    link: 'Förbindelse',
    linkConnecting: 'Ansluter',
    linkConnected: 'Ansluten',
    linkUnreachable: 'Går inte att nå',
    round: 'Aktuell omgång',
    window: 'Insatsfönster',
    windowOpen: 'Öppet',
    windowClosed: 'Stängt',
    lockedRound: 'Omgång med låsta insatser',
    lastRound: 'Senast avslutade omgång',
    lag: 'Fördröjning',
    terminals: 'Spelterminaler vid bordet',
    skipping: 'Står över nästa omgång',
    yes: 'Ja',
    no: 'Nej',
  },
};
export default stadium;
