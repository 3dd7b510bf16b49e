/** De realiteitscheck en de sessielimieten in het Nederlands (`responsible`); dezelfde sleutels als en.ts. */
export default {
  title: 'Realiteitscheck',
  intro: 'U speelt nu {time}. Zo staat uw sessie tot nu toe:',
  time: 'Speeltijd',
  totalBet: 'Totale inzet',
  result: 'Nettoresultaat',
  loss: 'Verlies {amount}',
  win: 'Winst +{amount}',
  even: 'Gelijk {amount}',
  continue: 'Verder spelen',
  cashOut: 'Uitbetalen',
  minutes: '{minutes} min',
  hoursMinutes: '{hours} u {minutes} min',
  limitTitle: 'Sessielimiet bereikt',
  limitLoss:
    'Uw sessie heeft de verlieslimiet van {limit} bereikt die dit casino heeft ingesteld. Het spel is gestopt.',
  limitTime: 'Uw sessie heeft de tijdslimiet van {time} bereikt die dit casino heeft ingesteld. Het spel is gestopt.',
  limitCashOut: 'Laat uw tegoed van {amount} uitbetalen om de sessie af te sluiten.',
  refusal: {
    'reality-check-open': 'Beantwoord eerst de realiteitscheck: verder spelen of uitbetalen.',
    'session-loss-limit-reached':
      'Het spel is gestopt: uw sessie verloor {loss}, de limiet is {limit}. U kunt uitbetalen.',
    'session-time-limit-reached':
      'Het spel is gestopt: uw sessie duurt nu {time}, de limiet is {limit}. U kunt uitbetalen.',
    'session-loss-limit-ahead':
      'Deze inzet kan uw sessie voorbij de verlieslimiet brengen: u kunt nog hooguit {left} verliezen.',
  },
} as const;
