/** The table's sound in English (the `sound` section of en.ts; every language has the same keys). */
export default {
  effects: 'Sound effects',
  music: 'Background music',
  volume: 'Volume',
  volumeDown: 'Quieter',
  volumeUp: 'Louder',
  mute: 'Sound off',
  unmute: 'Sound on',
} as const;
