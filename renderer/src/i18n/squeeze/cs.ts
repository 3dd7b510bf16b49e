/**
 * The squeeze at the table in Czech (`squeeze`, docs/squeeze.md): the player's setting, the line over the felt while
 * the cards wait face down, the button that turns them at once and the card's name for a screen reader.
 */
export default {
  setting: 'Odkrývat své karty pomalu',
  hint: 'Odkryjte své karty: táhněte za roh nebo za hranu',
  turn: 'Otočit všechny',
  timeLeft: 'Karty se samy otočí za {n} s',
  card: 'Karta lícem dolů: tažením ji nadzvednete, klávesou Enter ji otočíte',
};
