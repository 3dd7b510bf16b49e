import type { Messages } from '../messages-shape.ts';

/** Zvuk stolu česky (oddíl `sound` v cs.ts). */
const sound: Messages['sound'] = {
  effects: 'Zvukové efekty',
  music: 'Hudba v pozadí',
  volume: 'Hlasitost',
  volumeDown: 'Tišeji',
  volumeUp: 'Hlasitěji',
  mute: 'Vypnout zvuk',
  unmute: 'Zapnout zvuk',
};
export default sound;
