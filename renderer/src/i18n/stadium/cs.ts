import type { Messages } from '../messages-shape.ts';

/** Section `stadium` of cs.ts. */
const stadium: Messages['stadium'] = {
  closesIn: 'Sázky se uzavřou za {time}',
  closing: 'Sázky jsou uzavřeny',
  waiting: 'Čeká se na další kolo',
  locked: 'Sázky přijaty: stůl rozdává',
  skippingOpen: 'Toto kolo vynecháváte',
  skippingWaiting: 'Další kolo vynecháte',
  terminals: {
    one: '{n} terminál u tohoto stolu',
    few: '{n} terminály u tohoto stolu',
    other: '{n} terminálů u tohoto stolu',
  },
  skip: 'Vynechat kolo',
  skipOn: 'Vynechává',
  skipOnHint: 'Klepněte a hrajte dál',
  satOut: 'V tomto kole jste neměli žádné sázky',
  unreachable: {
    title: 'Společný stůl není dostupný',
    credit: 'Váš kredit je v tomto automatu v bezpečí.',
    refund: 'Sázky v kole, které nelze dokončit, se vám v plné výši vrátí do kreditu.',
    locked:
      'Vaše sázky v kole {round} budou vyplaceny, jakmile dorazí jeho výsledek, nebo vráceny v plné výši, pokud kolo nelze dokončit.',
    resume: 'Dokud se stůl nevrátí, žádné nové kolo nezačne. Hra pak pokračuje sama.',
  },
  staff: {
    title: 'Stadionový stůl',
    broker: 'Server zpráv',
    table: 'Stůl',
    link: 'Spojení',
    linkConnecting: 'Připojuje se',
    linkConnected: 'Připojeno',
    linkUnreachable: 'Nedostupné',
    round: 'Aktuální kolo',
    window: 'Okno pro sázky',
    windowOpen: 'Otevřeno',
    windowClosed: 'Zavřeno',
    lockedRound: 'Kolo se zamčenými sázkami',
    lastRound: 'Poslední uzavřené kolo',
    lag: 'Zpoždění',
    terminals: 'Terminály u stolu',
    skipping: 'Vynechá další kolo',
    yes: 'Ano',
    no: 'Ne',
  },
};
export default stadium;
