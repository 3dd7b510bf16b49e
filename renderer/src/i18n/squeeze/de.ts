/**
 * The squeeze at the table in German (`squeeze`, docs/squeeze.md): the player's setting, the line over the felt while
 * the cards wait face down, the button that turns them at once and the card's name for a screen reader.
 */
export default {
  setting: 'Meine Karten squeezen',
  hint: 'Squeezen Sie Ihre Karten: an einer Ecke oder Kante ziehen',
  turn: 'Alle aufdecken',
  timeLeft: 'Die Karten drehen sich in {n} s von selbst um',
  card: 'Verdeckte Karte: ziehen, um sie anzuheben, oder Eingabetaste drücken, um sie aufzudecken',
};
