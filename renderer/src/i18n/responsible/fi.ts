/** Todellisuustarkistus ja pelisession rajat suomeksi (`responsible`); samat avaimet kuin en.ts. */
export default {
  title: 'Todellisuustarkistus',
  intro: 'Olet pelannut {time}. Pelisessiosi tähän asti:',
  time: 'Peliaika',
  totalBet: 'Panokset yhteensä',
  result: 'Nettotulos',
  loss: 'Tappio {amount}',
  win: 'Voitto +{amount}',
  even: 'Ei voittoa eikä tappiota {amount}',
  continue: 'Jatka pelaamista',
  cashOut: 'Kotiuta',
  minutes: '{minutes} min',
  hoursMinutes: '{hours} h {minutes} min',
  limitTitle: 'Pelisession raja täynnä',
  limitLoss: 'Pelisessiosi on saavuttanut pelipaikan asettaman {limit} tappiorajan. Pelaaminen on pysäytetty.',
  limitTime: 'Pelisessiosi on saavuttanut pelipaikan asettaman {time} aikarajan. Pelaaminen on pysäytetty.',
  limitCashOut: 'Kotiuta {amount} saldosi lopettaaksesi pelisession.',
  refusal: {
    'reality-check-open': 'Vastaa ensin todellisuustarkistukseen: jatka pelaamista tai kotiuta.',
    'session-loss-limit-reached':
      'Pelaaminen on pysäytetty: pelisessiosi tappio on {loss}, raja on {limit}. Voit kotiuttaa.',
    'session-time-limit-reached':
      'Pelaaminen on pysäytetty: pelisessiosi on kestänyt {time}, raja on {limit}. Voit kotiuttaa.',
    'session-loss-limit-ahead':
      'Tämä panos voisi viedä pelisessiosi yli tappiorajan: voit hävitä enintään {left} lisää.',
  },
} as const;
