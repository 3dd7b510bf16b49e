import type { Messages } from '../messages-shape.ts';

/** Section `sideBets` of fi.ts. */
const sideBets: Messages['sideBets'] = {
  name: {
    'player-pair': 'Pelaajan pari',
    'banker-pair': 'Pankin pari',
    'either-pair': 'Kumpi tahansa pari',
    'perfect-pair': 'Täydellinen pari',
    'dragon-bonus-player': 'Lohikäärmebonus Pelaaja',
    'dragon-bonus-banker': 'Lohikäärmebonus Pankki',
    'lucky-6': 'Onnen 6',
    'dragon-7': 'Lohikäärme 7',
    'panda-8': 'Panda 8',
  },
  rule: {
    'player-pair': 'Voittaa, jos Pelaajan kaksi ensimmäistä korttia ovat samaa arvoa.',
    'banker-pair': 'Voittaa, jos Pankin kaksi ensimmäistä korttia ovat samaa arvoa.',
    'either-pair': 'Voittaa, jos jompikumpi käsi alkaa kahdella samanarvoisella kortilla.',
    'perfect-pair': 'Voittaa, jos käsi alkaa kahdella täysin samalla kortilla (arvo ja maa); enemmän, jos molemmat.',
    'dragon-bonus-player':
      'Voittaa, jos Pelaaja voittaa luonnollisella tai vähintään 4 pisteellä; isompi ero maksaa enemmän.',
    'dragon-bonus-banker':
      'Voittaa, jos Pankki voittaa luonnollisella tai vähintään 4 pisteellä; isompi ero maksaa enemmän.',
    'lucky-6': 'Voittaa, jos Pankki voittaa summalla 6; kolmen kortin 6 maksaa enemmän.',
    'dragon-7': 'Voittaa, jos Pankki voittaa kolmen kortin summalla 7.',
    'panda-8': 'Voittaa, jos Pelaaja voittaa kolmen kortin summalla 8.',
  },
  row: 'Sivupanokset',
  rtp: 'Palautusprosentti {percent}',
  issue: {
    notOffered: '{bet} ei kuulu peliin {variant}.',
    belowMinimumRtp: '{bet} palauttaa {rtp}, alle vähimmäisrajan {limit}.',
  },
  field: {
    variant: 'Pelimuunnelma',
    lucky6ThreeCardPays: 'Onnen 6 maksaa kolmen kortin 6:sta (1:een)',
    minimumRtpPercent: 'Pienin palautusprosentti (%)',
    sideBets: 'Tarjotut sivupanokset',
  },
  /** How a Banker win pays in the games without commission, under the paytable. */
  variantNote: {
    'no-commission': 'Pankin voitto summalla 6 maksaa 1:2 (puolet panoksesta); muut pankin voitot maksavat 1:1.',
    ez: 'Pankin voitto kolmen kortin 7:llä palauttaa panoksen; muut pankin voitot maksavat 1:1.',
  },
  /** The technician's figures for a draft setting. */
  candidate: {
    title: 'Tämän asetuksen palautusprosentti',
    none: 'Näytetään, kun asetus on kelvollinen.',
  },
  variant: {
    commission: 'komissiolla',
    'no-commission': 'ilman komissiota',
    ez: 'EZ',
  },
};
export default sideBets;
