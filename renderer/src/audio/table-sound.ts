/**
 * The one sound output of this screen (docs/sound.md#the-audio-graph), on the browser's Web Audio, and its
 * state as a Vue ref for the screen to show. Created on first use; silent where there is no Web Audio.
 */
import { shallowReadonly, shallowRef, type ShallowRef } from 'vue';
import { browserAudioFactory } from './audio-graph.ts';
import { createSoundOutput, type SoundOutput, type SoundOutputState } from './sound-output.ts';

let output: SoundOutput | null = null;
const state: ShallowRef<SoundOutputState | null> = shallowRef(null);

export function tableSound(): SoundOutput {
  if (!output) {
    output = createSoundOutput(browserAudioFactory());
    state.value = output.state;
    output.onChange((s) => (state.value = s));
  }
  return output;
}

/** What the output is doing now: the bus gains, the last effect, whether the music runs. */
export function tableSoundState(): Readonly<ShallowRef<SoundOutputState>> {
  tableSound();
  return shallowReadonly(state) as Readonly<ShallowRef<SoundOutputState>>;
}
