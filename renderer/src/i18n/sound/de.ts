import type { Messages } from '../messages-shape.ts';

/** Der Ton am Tisch auf Deutsch (Abschnitt `sound` in de.ts). */
const sound: Messages['sound'] = {
  effects: 'Soundeffekte',
  music: 'Hintergrundmusik',
  volume: 'Lautstärke',
  volumeDown: 'Leiser',
  volumeUp: 'Lauter',
  mute: 'Ton aus',
  unmute: 'Ton an',
};
export default sound;
