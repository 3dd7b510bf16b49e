/**
 * The squeeze at the table in Finnish (`squeeze`, docs/squeeze.md): the player's setting, the line over the felt while
 * the cards wait face down, the button that turns them at once and the card's name for a screen reader.
 */
export default {
  setting: 'Raotan korttini itse',
  hint: 'Raota korttejasi: vedä kulmasta tai reunasta',
  turn: 'Käännä kaikki',
  timeLeft: 'Kortit kääntyvät itsestään {n} s kuluttua',
  card: 'Kortti kuvapuoli alaspäin: vedä raottaaksesi sitä tai paina Enter kääntääksesi sen',
};
