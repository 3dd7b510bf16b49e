/**
 * Section `sideBets` of en.ts: each side bet's name and one-line rule (docs/rules.md#side-bets), and the
 * technician's words for a side-bet setting the venue config refuses (docs/cabinet-rules.md#side-bets-at-the-cabinet).
 */
export default {
  name: {
    'player-pair': 'Player Pair',
    'banker-pair': 'Banker Pair',
    'either-pair': 'Either Pair',
    'perfect-pair': 'Perfect Pair',
    'dragon-bonus-player': 'Dragon Bonus Player',
    'dragon-bonus-banker': 'Dragon Bonus Banker',
    'lucky-6': 'Lucky 6',
    'dragon-7': 'Dragon 7',
    'panda-8': 'Panda 8',
  },
  rule: {
    'player-pair': "Wins if the Player's first two cards are of one rank.",
    'banker-pair': "Wins if the Banker's first two cards are of one rank.",
    'either-pair': 'Wins if either hand starts with two cards of one rank.',
    'perfect-pair': 'Wins if a hand starts with two identical cards, rank and suit; more if both hands do.',
    'dragon-bonus-player':
      'Wins if Player wins with a natural, or by 4 points or more; the wider the margin, the more.',
    'dragon-bonus-banker':
      'Wins if Banker wins with a natural, or by 4 points or more; the wider the margin, the more.',
    'lucky-6': 'Wins if Banker wins with a total of 6; a three-card 6 pays more.',
    'dragon-7': 'Wins if Banker wins with a total of 7 on three cards.',
    'panda-8': 'Wins if Player wins with a total of 8 on three cards.',
  },
  /** The side bets row on the felt. */
  row: 'Side bets',
  /** The paytable's return column. */
  rtp: 'Return to player {percent}',
  issue: {
    notOffered: '{bet} is not played in the {variant} game.',
    belowMinimumRtp: '{bet} returns {rtp}, below the minimum of {limit}.',
  },
  /** Labels of the configuration editor's side-bet fields. */
  field: {
    variant: 'Game variant',
    lucky6ThreeCardPays: 'Lucky 6 pays on a three-card 6 (to 1)',
    minimumRtpPercent: 'Minimum return to player (%)',
    sideBets: 'Side bets offered',
  },
  /** How a Banker win pays in the games without commission, under the paytable. */
  variantNote: {
    'no-commission': 'Banker wins with 6 pay 1:2 (half the stake); every other Banker win pays 1:1.',
    ez: 'A Banker win with a three-card 7 pushes; every other Banker win pays 1:1.',
  },
  /** The technician's figures for a draft setting. */
  candidate: {
    title: 'Return to player of this setting',
    none: 'Shown once the setting is valid.',
  },
  variant: {
    commission: 'commission',
    'no-commission': 'no-commission',
    ez: 'EZ',
  },
};
