import type { Messages } from '../messages-shape.ts';

/** Section `stadium` of nl.ts. */
const stadium: Messages['stadium'] = {
  closesIn: 'Inzetten sluiten over {time}',
  closing: 'Niets gaat meer',
  waiting: 'Wachten op de volgende ronde',
  locked: 'Uw inzet staat: de tafel deelt',
  skippingOpen: 'U slaat deze ronde over',
  skippingWaiting: 'U slaat de volgende ronde over',
  terminals: {
    one: '{n} terminal aan deze tafel',
    few: '{n} terminals aan deze tafel',
    other: '{n} terminals aan deze tafel',
  },
  skip: 'Ronde overslaan',
  skipOn: 'Slaat over',
  skipOnHint: 'Tik om weer mee te spelen',
  satOut: 'U had geen inzetten in deze ronde',
  unreachable: {
    title: 'De gedeelde tafel is niet bereikbaar',
    credit: 'Uw tegoed is veilig op deze automaat.',
    refund: 'Inzet in een ronde die niet kan worden afgemaakt, wordt volledig teruggestort op uw tegoed.',
    locked:
      'Uw inzet in ronde {round} wordt uitbetaald zodra de uitslag binnenkomt, of volledig terugbetaald als de ronde niet kan worden afgemaakt.',
    resume: 'Er opent geen nieuwe ronde tot de tafel terug is. Daarna gaat het spel vanzelf verder.',
  },
  staff: {
    title: 'Stadiontafel',
    broker: 'Berichtenserver',
    table: 'Tafel',
    link: 'Verbinding',
    linkConnecting: 'Verbinden',
    linkConnected: 'Verbonden',
    linkUnreachable: 'Niet bereikbaar',
    round: 'Huidige ronde',
    window: 'Inzetvenster',
    windowOpen: 'Open',
    windowClosed: 'Gesloten',
    lockedRound: 'Ronde met vastgezette inzet',
    lastRound: 'Laatst afgeronde ronde',
    lag: 'Vertraging',
    terminals: 'Terminals aan de tafel',
    skipping: 'Slaat de volgende ronde over',
    yes: 'Ja',
    no: 'Nee',
  },
};
export default stadium;
