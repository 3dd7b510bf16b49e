import type { Messages } from '../messages-shape.ts';

/** Pöydän äänet suomeksi (fi.ts:n osio `sound`). */
const sound: Messages['sound'] = {
  effects: 'Ääniefektit',
  music: 'Taustamusiikki',
  volume: 'Äänenvoimakkuus',
  volumeDown: 'Hiljemmalle',
  volumeUp: 'Kovemmalle',
  mute: 'Äänet pois',
  unmute: 'Äänet päälle',
};
export default sound;
