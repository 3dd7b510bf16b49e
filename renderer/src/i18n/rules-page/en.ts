/**
 * The rules screen in English (the `rulesPage` section of en.ts; every language has the same keys). Every
 * figure arrives as a parameter from the rule profile, the venue config or the exact analysis.
 */
export default {
  tabsLabel: 'Rules sections',
  close: 'Close the rules',
  loading: 'Loading the rules…',
  tab: {
    play: 'How to play',
    cards: 'Shoe and cards',
    playerDraw: 'Player’s third card',
    bankerDraw: 'Banker’s third card',
    payouts: 'Payouts',
    returns: 'Return to player',
    limits: 'Table limits',
    conduct: 'Faults and pauses',
  },
  shoe: {
    title: 'The shoe',
    decks: 'Decks in the shoe: {decks}, {cards} cards in all.',
    fresh:
      'Every round is dealt from a freshly shuffled shoe of all {cards} cards, so nothing carries over from one round to the next.',
  },
  cards: {
    title: 'Card values',
    rank: 'Card',
    value: 'Points',
    total: 'A hand is worth the last digit of the sum of its cards, so totals run from {low} to {high}.',
    example: '{cards} adds up to {sum}: the hand is worth {total}.',
  },
  drawing: {
    naturalTitle: 'Naturals',
    natural:
      'If either hand totals {totals} on its first two cards, that is a natural: neither hand takes another card.',
    playerTitle: 'The Player’s third card',
    playerIntro: 'With no natural, the Player takes a third card on a two-card total of {draw} and stands on {stand}.',
    playerTotal: 'Player total',
    bankerTitle: 'The Banker’s third card',
    bankerIntro: 'With no natural, the Banker acts on its two-card total (rows) and on what the Player did (columns).',
    bankerTotal: 'Banker total',
    playerStood: 'Player stood',
    playerThird: 'Player’s third card',
    drawLetter: 'D',
    standLetter: 'S',
    naturalLetter: 'N',
    drawWord: 'takes a card',
    standWord: 'stands',
    naturalWord: 'natural, stands',
    cellPlayer: 'Player total {total}: {action}',
    cellBanker: 'Banker total {total}, {column}: {action}',
  },
  payouts: {
    title: 'Payouts',
    bet: 'Bet',
    pays: 'Pays',
    winHead: 'A win returns',
    winOn: '{paid} on {stake}',
    onTie: 'On a Tie',
    tieWins: 'this bet wins',
    returned: 'bet returned',
    lost: 'bet lost',
    part: '{amount} returned',
    note: 'Returns include the stake. Each example uses the bet’s minimum. Bets on several spots in one round are each paid on their own.',
    commission:
      'A Banker win pays {pays}: the house keeps {percent} of the winnings, and any fraction of the smallest coin is rounded down.',
    exampleTitle: 'A Banker win, worked out',
    example: 'Stake {stake}: winnings {winnings}, you get back {paid}.',
    exampleRounded: 'Stake {stake}: the winnings come to {exact}, paid as {winnings}, so you get back {paid}.',
  },
  returns: {
    title: 'Return to player',
    rules: 'Decks: {decks} · Tie pays {tie}',
    intro:
      'Worked out exactly over every possible deal from a fresh shoe: over many rounds, each bet pays back this share of what is staked on it.',
    bet: 'Bet',
    chance: 'Chance to win',
    rtp: 'Return',
    loading: 'Working out the figures for these rules…',
  },
  limits: {
    title: 'Table limits',
    bet: 'Bet',
    min: 'Minimum',
    max: 'Maximum',
    tableMax: 'All bets in one round together, at most',
    maxWin: 'The most one round can win',
  },
  conduct: {
    faultTitle: 'If the machine fails',
    fault:
      'A fault during a round, such as in the random number generator, the memory or the power, voids the round. No result counts, every bet of that round goes back to your credit exactly once, and play stays stopped until the fault is cleared.',
    idleTitle: 'Inactivity',
    idle: 'When you have credit or bets on the table and nobody touches the screen for {idle}, the machine asks “{question}” and counts down {countdown}.',
    idleTouch: 'A touch anywhere carries on, and your bets stay where they are.',
    idleExpire:
      'If the countdown runs out, the bets on the table go back to your credit. Your credit stays on the machine.',
    idleNever: 'The question is never asked during a round or while the machine is locked.',
  },
};
