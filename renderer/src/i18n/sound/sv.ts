import type { Messages } from '../messages-shape.ts';

/** Bordets ljud på svenska (avsnittet `sound` i sv.ts). */
const sound: Messages['sound'] = {
  effects: 'Ljudeffekter',
  music: 'Bakgrundsmusik',
  volume: 'Volym',
  volumeDown: 'Tystare',
  volumeUp: 'Högre',
  mute: 'Ljud av',
  unmute: 'Ljud på',
};
export default sound;
