/** The stadium terminal's player screens and the staff menu's stadium link (section `stadium` of en.ts). */
export default {
  /** The line over the roads at a shared table. {time} is worded by Intl ("12 sec"). */
  closesIn: 'Bets close in {time}',
  closing: 'No more bets',
  waiting: 'Waiting for the next round',
  locked: 'Bets in: the table is dealing',
  /** Under the countdown, before the terminal count, while this terminal sits the open round out. */
  skippingOpen: 'You sit out this round',
  skippingWaiting: 'You sit out the next round',
  /** Terminals at the table, this one included: one key per plural category of the six languages. */
  terminals: {
    one: '{n} terminal at this table',
    few: '{n} terminals at this table',
    other: '{n} terminals at this table',
  },
  /** The toggle that takes DEAL's place. */
  skip: 'Skip round',
  skipOn: 'Sitting out',
  skipOnHint: 'Tap to play again',
  /** Under the table's result of a round this terminal had no bets in: nothing of the player's was won or lost. */
  satOut: 'You had no bets in this round',
  unreachable: {
    title: 'The shared table cannot be reached',
    credit: 'Your credit is safe on this machine.',
    refund: 'Bets in a round that cannot finish are refunded to your credit in full.',
    locked:
      'Your bets in round {round} are paid when its result arrives, or refunded in full if the round cannot finish.',
    resume: 'No new round opens until the table is back. Play resumes by itself.',
  },
  staff: {
    title: 'Stadium table',
    broker: 'Broker',
    table: 'Table',
    link: 'Link',
    linkConnecting: 'Connecting',
    linkConnected: 'Connected',
    linkUnreachable: 'Unreachable',
    round: 'Current round',
    window: 'Betting window',
    windowOpen: 'Open',
    windowClosed: 'Closed',
    lockedRound: 'Round with locked bets',
    lastRound: 'Last round concluded',
    lag: 'Lag',
    terminals: 'Terminals at the table',
    skipping: 'Sits out the next round',
    yes: 'Yes',
    no: 'No',
  },
};
