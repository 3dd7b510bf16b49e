/**
 * The squeeze at the table in Swedish (`squeeze`, docs/squeeze.md): the player's setting, the line over the felt while
 * the cards wait face down, the button that turns them at once and the card's name for a screen reader.
 */
export default {
  setting: 'Squeeza mina kort',
  hint: 'Squeeza dina kort: dra i ett hörn eller en kant',
  turn: 'Vänd alla',
  timeLeft: 'Korten vänds av sig själva om {n} s',
  card: 'Kort med baksidan upp: dra för att vika upp det, eller tryck Enter för att vända det',
};
