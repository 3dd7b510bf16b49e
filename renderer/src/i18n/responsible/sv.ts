/** Verklighetskollen och sessionsgränserna på svenska (`responsible`); samma nycklar som en.ts. */
export default {
  title: 'Verklighetskoll',
  intro: 'Du har spelat i {time}. Så här ser din session ut hittills:',
  time: 'Speltid',
  totalBet: 'Total insats',
  result: 'Nettoresultat',
  loss: 'Förlust {amount}',
  win: 'Vinst +{amount}',
  even: 'Jämnt {amount}',
  continue: 'Fortsätt spela',
  cashOut: 'Ta ut',
  minutes: '{minutes} min',
  hoursMinutes: '{hours} tim {minutes} min',
  limitTitle: 'Sessionsgränsen är nådd',
  limitLoss: 'Din session har nått förlustgränsen på {limit} som spelstället har satt. Spelet har stoppats.',
  limitTime: 'Din session har nått tidsgränsen på {time} som spelstället har satt. Spelet har stoppats.',
  limitCashOut: 'Ta ut din kredit på {amount} för att avsluta sessionen.',
  refusal: {
    'reality-check-open': 'Svara på verklighetskollen först: fortsätt spela eller ta ut.',
    'session-loss-limit-reached':
      'Spelet har stoppats: din session har förlorat {loss}, gränsen är {limit}. Du kan ta ut.',
    'session-time-limit-reached':
      'Spelet har stoppats: din session har pågått i {time}, gränsen är {limit}. Du kan ta ut.',
    'session-loss-limit-ahead':
      'Den här insatsen kan föra sessionen förbi förlustgränsen: du kan förlora högst {left} till.',
  },
} as const;
