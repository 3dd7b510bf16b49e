/** Der Realitätscheck und die Sitzungslimits auf Deutsch (`responsible`); dieselben Schlüssel wie en.ts. */
export default {
  title: 'Realitätscheck',
  intro: 'Sie spielen seit {time} – so steht Ihre Sitzung bisher:',
  time: 'Spielzeit',
  totalBet: 'Gesamteinsatz',
  result: 'Nettoergebnis',
  loss: 'Verlust {amount}',
  win: 'Gewinn +{amount}',
  even: 'Ausgeglichen {amount}',
  continue: 'Weiterspielen',
  cashOut: 'Auszahlen',
  minutes: '{minutes} Min.',
  hoursMinutes: '{hours} Std. {minutes} Min.',
  limitTitle: 'Sitzungslimit erreicht',
  limitLoss: 'Ihre Sitzung hat das vom Haus gesetzte Verlustlimit von {limit} erreicht. Das Spiel ist beendet.',
  limitTime: 'Ihre Sitzung hat das vom Haus gesetzte Zeitlimit von {time} erreicht. Das Spiel ist beendet.',
  limitCashOut: 'Lassen Sie Ihr Guthaben von {amount} auszahlen, um die Sitzung zu beenden.',
  refusal: {
    'reality-check-open': 'Bitte zuerst den Realitätscheck beantworten: weiterspielen oder auszahlen.',
    'session-loss-limit-reached':
      'Das Spiel ist beendet: Ihre Sitzung hat {loss} verloren, das Limit ist {limit}. Sie können auszahlen.',
    'session-time-limit-reached':
      'Das Spiel ist beendet: Ihre Sitzung läuft seit {time}, das Limit ist {limit}. Sie können auszahlen.',
    'session-loss-limit-ahead':
      'Dieser Einsatz könnte Ihre Sitzung über das Verlustlimit bringen: Sie können höchstens noch {left} verlieren.',
  },
} as const;
