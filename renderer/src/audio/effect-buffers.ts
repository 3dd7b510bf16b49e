/**
 * The effects made ahead (docs/sound.md#made-once-played-from-a-buffer): each effect of effects.ts rendered once,
 * offline at the live context's sample rate, into a stereo buffer cut at its last audible sample. Building an
 * effect's dozen nodes and their envelopes costs the main thread several ms on a slow cabinet, and a deal plays
 * two per card; from a buffer an effect is one source node, so the deal's frames never pay for its sound.
 */
import { EFFECT_NAMES, EFFECTS, type EffectName } from './effects.ts';

/** Longer than the longest effect (the win's chime, about 2.1 s with its last note's tail). */
export const EFFECT_RENDER_S = 2.4;

/** Below this a sample is silence (−120 dBFS): where a rendered effect's tail is cut. */
const SILENT = 1e-6;

export type EffectBuffers = ReadonlyMap<EffectName, AudioBuffer>;

/** How many frames of `channels` hold sound: one past the last sample louder than silence (at least one). */
export function audibleFrames(channels: readonly Float32Array[]): number {
  let end = 0;
  for (const data of channels) {
    for (let i = data.length - 1; i >= end; i--) {
      if (Math.abs(data[i]!) > SILENT) {
        end = i + 1;
        break;
      }
    }
  }
  return Math.max(1, end);
}

/** Renders one effect at time 0 with its bus at unity, cut to its audible length, as a buffer of `live`. */
export async function renderEffect(
  name: EffectName,
  live: BaseAudioContext,
  offline: (channels: number, frames: number, sampleRate: number) => OfflineAudioContext,
): Promise<AudioBuffer> {
  const rate = live.sampleRate;
  const ctx = offline(2, Math.round(EFFECT_RENDER_S * rate), rate);
  EFFECTS[name].play(ctx, ctx.destination, 0);
  const rendered = await ctx.startRendering();
  const channels = [rendered.getChannelData(0), rendered.getChannelData(1)];
  const frames = audibleFrames(channels);
  const out = live.createBuffer(2, frames, rate);
  channels.forEach((data, ch) => out.copyToChannel(data.subarray(0, frames), ch));
  return out;
}

/** Every effect, one after the other (one offline render at a time), into `into` as each is ready. */
export async function renderEffects(
  live: BaseAudioContext,
  offline: (channels: number, frames: number, sampleRate: number) => OfflineAudioContext,
  into: Map<EffectName, AudioBuffer>,
): Promise<void> {
  for (const name of EFFECT_NAMES) into.set(name, await renderEffect(name, live, offline));
}

/** Plays a made buffer on `out` at `at`: one source that stops itself at the buffer's end. */
export function playBuffer(ctx: BaseAudioContext, out: AudioNode, buffer: AudioBuffer, at: number): void {
  const src = ctx.createBufferSource();
  src.buffer = buffer;
  src.connect(out);
  src.start(at);
  src.stop(at + buffer.duration);
}
