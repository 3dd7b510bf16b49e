import type { Messages } from '../messages-shape.ts';

/** Section `sideBets` of sv.ts. */
const sideBets: Messages['sideBets'] = {
  name: {
    'player-pair': 'Par Spelare',
    'banker-pair': 'Par Banken',
    'either-pair': 'Valfritt par',
    'perfect-pair': 'Perfekt par',
    'dragon-bonus-player': 'Drakbonus Spelare',
    'dragon-bonus-banker': 'Drakbonus Banken',
    'lucky-6': 'Tur-6',
    'dragon-7': 'Drake 7',
    'panda-8': 'Panda 8',
  },
  rule: {
    'player-pair': 'Vinner om Spelarens två första kort har samma valör.',
    'banker-pair': 'Vinner om Bankens två första kort har samma valör.',
    'either-pair': 'Vinner om någon av händerna börjar med två kort av samma valör.',
    'perfect-pair': 'Vinner om en hand börjar med två likadana kort, valör och färg; mer om båda gör det.',
    'dragon-bonus-player':
      'Vinner om Spelaren vinner med naturlig hand eller med minst 4 poäng; större marginal ger mer.',
    'dragon-bonus-banker':
      'Vinner om Banken vinner med naturlig hand eller med minst 4 poäng; större marginal ger mer.',
    'lucky-6': 'Vinner om Banken vinner med summan 6; en 6:a på tre kort betalar mer.',
    'dragon-7': 'Vinner om Banken vinner med summan 7 på tre kort.',
    'panda-8': 'Vinner om Spelaren vinner med summan 8 på tre kort.',
  },
  row: 'Sidospel',
  rtp: 'Återbetalning {percent}',
  issue: {
    notOffered: '{bet} spelas inte i varianten {variant}.',
    belowMinimumRtp: '{bet} återbetalar {rtp}, under lägsta tillåtna {limit}.',
  },
  field: {
    variant: 'Spelvariant',
    lucky6ThreeCardPays: 'Tur-6 betalar på en 6:a med tre kort (till 1)',
    minimumRtpPercent: 'Lägsta återbetalning till spelaren (%)',
    sideBets: 'Sidospel som erbjuds',
  },
  /** How a Banker win pays in the games without commission, under the paytable. */
  variantNote: {
    'no-commission': 'En bankvinst med 6 betalar 1:2 (halva insatsen); övriga bankvinster betalar 1:1.',
    ez: 'En bankvinst med 7 på tre kort ger insatsen tillbaka; övriga bankvinster betalar 1:1.',
  },
  /** The technician's figures for a draft setting. */
  candidate: {
    title: 'Återbetalning till spelaren med denna inställning',
    none: 'Visas när inställningen är giltig.',
  },
  variant: {
    commission: 'med provision',
    'no-commission': 'utan provision',
    ez: 'EZ',
  },
};
export default sideBets;
