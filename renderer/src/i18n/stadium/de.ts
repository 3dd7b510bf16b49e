import type { Messages } from '../messages-shape.ts';

/** Section `stadium` of de.ts. */
const stadium: Messages['stadium'] = {
  closesIn: 'Einsätze schließen in {time}',
  closing: 'Nichts geht mehr',
  waiting: 'Warten auf die nächste Runde',
  locked: 'Einsätze stehen: Der Tisch gibt',
  skippingOpen: 'Sie setzen diese Runde aus',
  skippingWaiting: 'Sie setzen die nächste Runde aus',
  terminals: {
    one: '{n} Terminal an diesem Tisch',
    few: '{n} Terminals an diesem Tisch',
    other: '{n} Terminals an diesem Tisch',
  },
  skip: 'Runde aussetzen',
  skipOn: 'Setzt aus',
  skipOnHint: 'Tippen, um wieder mitzuspielen',
  satOut: 'Sie hatten in dieser Runde keine Einsätze',
  unreachable: {
    title: 'Der gemeinsame Tisch ist nicht erreichbar',
    credit: 'Ihr Guthaben ist auf diesem Gerät sicher.',
    refund: 'Einsätze in einer Runde, die nicht zu Ende gespielt werden kann, werden Ihrem Guthaben voll erstattet.',
    locked:
      'Ihre Einsätze in Runde {round} werden ausgezahlt, sobald das Ergebnis eintrifft, oder voll erstattet, wenn die Runde nicht zu Ende gespielt werden kann.',
    resume: 'Bis der Tisch zurück ist, beginnt keine neue Runde. Das Spiel geht dann von selbst weiter.',
  },
  staff: {
    title: 'Stadion-Tisch',
    broker: 'Nachrichtenserver',
    table: 'Tisch',
    link: 'Verbindung',
    linkConnecting: 'Verbindung wird aufgebaut',
    linkConnected: 'Verbunden',
    linkUnreachable: 'Nicht erreichbar',
    round: 'Aktuelle Runde',
    window: 'Setzfenster',
    windowOpen: 'Offen',
    windowClosed: 'Geschlossen',
    lockedRound: 'Runde mit gesperrten Einsätzen',
    lastRound: 'Zuletzt abgeschlossene Runde',
    lag: 'Verzögerung',
    terminals: 'Terminals am Tisch',
    skipping: 'Setzt die nächste Runde aus',
    yes: 'Ja',
    no: 'Nein',
  },
};
export default stadium;
