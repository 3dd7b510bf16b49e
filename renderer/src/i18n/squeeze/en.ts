/**
 * The squeeze at the table in English (`squeeze`, docs/squeeze.md): the player's setting, the line over the felt while
 * the cards wait face down, the button that turns them at once and the card's name for a screen reader.
 */
export default {
  setting: 'Squeeze my cards',
  hint: 'Squeeze your cards: drag a corner or an edge',
  turn: 'Turn them all',
  timeLeft: 'The cards turn by themselves in {n} s',
  card: 'Card face down: drag to peel it up, or press Enter to turn it',
};
