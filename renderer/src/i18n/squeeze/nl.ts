/**
 * The squeeze at the table in Dutch (`squeeze`, docs/squeeze.md): the player's setting, the line over the felt while
 * the cards wait face down, the button that turns them at once and the card's name for a screen reader.
 */
export default {
  setting: 'Mijn kaarten squeezen',
  hint: 'Squeeze uw kaarten: sleep aan een hoek of een rand',
  turn: 'Alle omdraaien',
  timeLeft: 'De kaarten draaien vanzelf om over {n} s',
  card: 'Gesloten kaart: sleep om hem op te lichten, of druk op Enter om hem om te draaien',
};
