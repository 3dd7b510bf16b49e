import type { Messages } from '../messages-shape.ts';

/** Het geluid van de tafel in het Nederlands (sectie `sound` van nl.ts). */
const sound: Messages['sound'] = {
  effects: 'Geluidseffecten',
  music: 'Achtergrondmuziek',
  volume: 'Volume',
  volumeDown: 'Zachter',
  volumeUp: 'Harder',
  mute: 'Geluid uit',
  unmute: 'Geluid aan',
};
export default sound;
