import type { Messages } from '../messages-shape.ts';

/** Section `sideBets` of cs.ts. */
const sideBets: Messages['sideBets'] = {
  name: {
    'player-pair': 'Pár hráče',
    'banker-pair': 'Pár bankéře',
    'either-pair': 'Libovolný pár',
    'perfect-pair': 'Dokonalý pár',
    'dragon-bonus-player': 'Dračí bonus hráč',
    'dragon-bonus-banker': 'Dračí bonus bankéř',
    'lucky-6': 'Šťastná 6',
    'dragon-7': 'Drak 7',
    'panda-8': 'Panda 8',
  },
  rule: {
    'player-pair': 'Vyhrává, když první dvě karty hráče mají stejnou hodnotu.',
    'banker-pair': 'Vyhrává, když první dvě karty bankéře mají stejnou hodnotu.',
    'either-pair': 'Vyhrává, když kterákoli ruka začíná dvěma kartami stejné hodnoty.',
    'perfect-pair': 'Vyhrává, když ruka začíná dvěma stejnými kartami (hodnota i barva); víc, když obě ruce.',
    'dragon-bonus-player':
      'Vyhrává, když hráč vyhraje přirozenou kombinací nebo o 4 body a víc; čím větší rozdíl, tím víc.',
    'dragon-bonus-banker':
      'Vyhrává, když bankéř vyhraje přirozenou kombinací nebo o 4 body a víc; čím větší rozdíl, tím víc.',
    'lucky-6': 'Vyhrává, když bankéř vyhraje se součtem 6; šestka ze tří karet platí víc.',
    'dragon-7': 'Vyhrává, když bankéř vyhraje se součtem 7 ze tří karet.',
    'panda-8': 'Vyhrává, když hráč vyhraje se součtem 8 ze tří karet.',
  },
  row: 'Vedlejší sázky',
  rtp: 'Návratnost {percent}',
  issue: {
    notOffered: '{bet} se ve hře {variant} nehraje.',
    belowMinimumRtp: '{bet} vrací {rtp}, méně než minimum {limit}.',
  },
  field: {
    variant: 'Varianta hry',
    lucky6ThreeCardPays: 'Šťastná 6 platí za šestku ze tří karet (k 1)',
    minimumRtpPercent: 'Nejnižší návratnost pro hráče (%)',
    sideBets: 'Nabízené vedlejší sázky',
  },
  /** How a Banker win pays in the games without commission, under the paytable. */
  variantNote: {
    'no-commission': 'Výhra bankéře se 6 platí 1:2 (polovinu sázky); každá jiná výhra bankéře platí 1:1.',
    ez: 'Výhra bankéře se 7 ze tří karet vrací sázku; každá jiná výhra bankéře platí 1:1.',
  },
  /** The technician's figures for a draft setting. */
  candidate: {
    title: 'Návratnost pro hráče s tímto nastavením',
    none: 'Zobrazí se, jakmile je nastavení platné.',
  },
  variant: {
    commission: 's provizí',
    'no-commission': 'bez provize',
    ez: 'EZ',
  },
};
export default sideBets;
