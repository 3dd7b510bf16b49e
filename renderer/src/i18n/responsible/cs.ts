/** Kontrola reality a limity herní relace česky (`responsible`); stejné klíče jako en.ts. */
export default {
  title: 'Kontrola reality',
  intro: 'Hrajete již {time}. Takto zatím vypadá vaše herní relace:',
  time: 'Doba hraní',
  totalBet: 'Celková sázka',
  result: 'Čistý výsledek',
  loss: 'Ztráta {amount}',
  win: 'Výhra +{amount}',
  even: 'Vyrovnáno {amount}',
  continue: 'Hrát dál',
  cashOut: 'Vyplatit',
  minutes: '{minutes} min',
  hoursMinutes: '{hours} h {minutes} min',
  limitTitle: 'Limit relace dosažen',
  limitLoss: 'Vaše herní relace dosáhla limitu ztráty {limit}, který stanovilo herní místo. Hra byla zastavena.',
  limitTime: 'Vaše herní relace dosáhla časového limitu {time}, který stanovilo herní místo. Hra byla zastavena.',
  limitCashOut: 'Nechte si vyplatit kredit {amount} a relaci ukončete.',
  refusal: {
    'reality-check-open': 'Nejprve odpovězte na kontrolu reality: hrát dál, nebo vyplatit.',
    'session-loss-limit-reached':
      'Hra byla zastavena: vaše relace prohrála {loss}, limit je {limit}. Můžete si nechat vyplatit.',
    'session-time-limit-reached':
      'Hra byla zastavena: vaše relace trvá {time}, limit je {limit}. Můžete si nechat vyplatit.',
    'session-loss-limit-ahead': 'Tato sázka by mohla relaci posunout za limit ztráty: prohrát můžete nejvýše {left}.',
  },
} as const;
