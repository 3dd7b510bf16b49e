/**
 * The reality check and the session limits, in English (`responsible`; docs/responsible-gaming.md). Every language
 * has the same keys. A net loss is always worded as a loss with its minus sign, never as a win.
 */
export default {
  title: 'Reality check',
  intro: 'You have been playing for {time}. This is your session so far:',
  time: 'Session time',
  totalBet: 'Total bet',
  result: 'Net result',
  loss: 'Loss {amount}',
  win: 'Win +{amount}',
  even: 'Even {amount}',
  continue: 'Continue playing',
  cashOut: 'Cash out',
  minutes: '{minutes} min',
  hoursMinutes: '{hours} h {minutes} min',
  limitTitle: 'Session limit reached',
  limitLoss: 'Your session has reached the loss limit of {limit} set by this venue. Play has stopped.',
  limitTime: 'Your session has reached the time limit of {time} set by this venue. Play has stopped.',
  limitCashOut: 'Cash out your credit of {amount} to finish the session.',
  refusal: {
    'reality-check-open': 'Answer the reality check first: continue playing or cash out.',
    'session-loss-limit-reached': 'Play has stopped: your session lost {loss}, the limit is {limit}. You can cash out.',
    'session-time-limit-reached':
      'Play has stopped: your session has run {time}, the limit is {limit}. You can cash out.',
    'session-loss-limit-ahead':
      'This bet could take your session past its loss limit: you can lose at most {left} more.',
  },
} as const;
