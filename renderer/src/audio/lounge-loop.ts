/**
 * The background music: eight bars of a slow lounge progression in F, synthesised once with an
 * OfflineAudioContext into an AudioBuffer that loops without a seam (docs/sound.md#the-music-loop).
 *
 * Why the join is seamless:
 * - the loop is exactly `loopFrames` samples long, a whole number of samples for the live context's own
 *   sample rate (the offline render runs at that rate, so nothing is resampled);
 * - every note starts inside the loop, but the last chords ring on past its end. The render is longer
 *   than the loop by a tail, and that tail is added back onto the loop's first samples (`foldTail`):
 *   the buffer then holds one period of the music as if it had been playing forever, so sample
 *   `loopFrames − 1` is followed by sample 0 exactly as the performance would go on;
 * - the player (music.ts) loops the whole buffer (loopStart 0, loopEnd = its duration), so the wrap is
 *   from the last frame to the first, and the last chord (C9sus4) resolves onto the first (Fmaj9).
 */
import { midiHz } from './synth.ts';

export const TEMPO_BPM = 80;
export const BEATS_PER_BAR = 4;

interface Bar {
  /** The comping chord, MIDI notes (rootless voicings, around middle C). */
  readonly chord: readonly number[];
  /** The bass root (MIDI); the fifth above it is played on beat 3. */
  readonly root: number;
}

/** | Fmaj9 | Dm9 | Gm9 | C13 | Am7 | D9 | Gm9 | C9sus4 | — back to Fmaj9. */
export const PROGRESSION: readonly Bar[] = [
  { chord: [57, 60, 64, 67], root: 41 },
  { chord: [53, 57, 60, 64], root: 38 },
  { chord: [58, 62, 65, 69], root: 43 },
  { chord: [58, 64, 69, 74], root: 36 },
  { chord: [55, 60, 64, 67], root: 45 },
  { chord: [54, 60, 64, 69], root: 38 },
  { chord: [58, 62, 65, 69], root: 43 },
  { chord: [58, 62, 65, 67], root: 36 },
];

/** Comping hits in each bar: beat position and length (beats), with a lighter push on the "and" of 2. */
const COMP: readonly { beat: number; beats: number; level: number }[] = [
  { beat: 0, beats: 1.6, level: 1 },
  { beat: 2.5, beats: 1.3, level: 0.7 },
];

/** The loop's level in the mix, relative to the effects (about −9 dB). */
const MUSIC_LEVEL = 0.35;

/** How long the last notes may ring past the loop's end before they are folded back (s). */
const TAIL_S = 3;

export function secondsPerBeat(): number {
  return 60 / TEMPO_BPM;
}

/** The loop's length in whole samples at `sampleRate`. */
export function loopFrames(sampleRate: number): number {
  return Math.round(sampleRate * PROGRESSION.length * BEATS_PER_BAR * secondsPerBeat());
}

/**
 * One channel of a render `loopLength + tail` long, folded to exactly `loopLength` samples: every sample
 * past the end is added onto the sample one loop earlier, as the endless performance would overlap it.
 */
export function foldTail(rendered: Float32Array, loopLength: number): Float32Array<ArrayBuffer> {
  if (!Number.isInteger(loopLength) || loopLength < 1) {
    throw new RangeError(`loopLength must be a whole number of samples of at least 1, got ${String(loopLength)}`);
  }
  const out = new Float32Array(loopLength);
  for (let i = 0; i < rendered.length; i++) out[i % loopLength]! += rendered[i]!;
  return out;
}

/** An electric-piano voice: a sine carrier, frequency-modulated by a fast-decaying sine for the tine's bark. */
function keys(ctx: BaseAudioContext, out: AudioNode, at: number, note: number, length: number, level: number): void {
  const f = midiHz(note);
  const carrier = ctx.createOscillator();
  carrier.frequency.value = f;
  const mod = ctx.createOscillator();
  mod.frequency.value = f;
  const depth = ctx.createGain();
  depth.gain.setValueAtTime(f * 1.2, at);
  depth.gain.exponentialRampToValueAtTime(f * 0.08, at + 0.35);
  mod.connect(depth).connect(carrier.frequency);
  const amp = ctx.createGain();
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(0.05 * level, at + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.02 * level, at + length);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + length + 1.2);
  carrier.connect(amp).connect(out);
  for (const o of [carrier, mod]) {
    o.start(at);
    o.stop(at + length + 1.3);
  }
}

/** A round upright-style bass: sine plus a little triangle, plucked, low-passed. */
function bass(ctx: BaseAudioContext, out: AudioNode, at: number, note: number, length: number): void {
  const lp = ctx.createBiquadFilter();
  lp.type = 'lowpass';
  lp.frequency.value = 520;
  const amp = ctx.createGain();
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(0.22, at + 0.012);
  amp.gain.exponentialRampToValueAtTime(0.06, at + length);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + length + 0.25);
  lp.connect(amp).connect(out);
  for (const type of ['sine', 'triangle'] as const) {
    const o = ctx.createOscillator();
    o.type = type;
    o.frequency.value = midiHz(note);
    const g = ctx.createGain();
    g.gain.value = type === 'sine' ? 1 : 0.35;
    o.connect(g).connect(lp);
    o.start(at);
    o.stop(at + length + 0.3);
  }
}

/** A brush on the snare: a breath of high-passed noise, swung eighths, very quiet. */
function brush(ctx: BaseAudioContext, out: AudioNode, noise: AudioBuffer, at: number, level: number): void {
  const src = ctx.createBufferSource();
  src.buffer = noise;
  const hp = ctx.createBiquadFilter();
  hp.type = 'highpass';
  hp.frequency.value = 5200;
  const amp = ctx.createGain();
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(0.025 * level, at + 0.02);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
  src.connect(hp).connect(amp).connect(out);
  src.start(at, (at * 0.37) % 0.8);
  src.stop(at + 0.2);
}

function noise(ctx: BaseAudioContext): AudioBuffer {
  const buffer = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  let seed = 0x1b873593;
  for (let i = 0; i < data.length; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    data[i] = seed / 0x80000000 - 1;
  }
  return buffer;
}

/** Schedules the whole score on `ctx` (an offline context), into `out`. */
export function scheduleScore(ctx: BaseAudioContext, out: AudioNode): void {
  const beat = secondsPerBeat();
  const bar = beat * BEATS_PER_BAR;
  const left = ctx.createStereoPanner();
  left.pan.value = -0.25;
  left.connect(out);
  const right = ctx.createStereoPanner();
  right.pan.value = 0.25;
  right.connect(out);
  const hiss = noise(ctx);
  PROGRESSION.forEach((b, i) => {
    const t0 = i * bar;
    for (const hit of COMP) {
      b.chord.forEach((note, k) => {
        // Voices alternate left and right; a few ms of strum, the lower notes first.
        keys(ctx, k % 2 === 0 ? left : right, t0 + hit.beat * beat + k * 0.012, note, hit.beats * beat, hit.level);
      });
    }
    bass(ctx, out, t0, b.root, beat * 1.8);
    bass(ctx, out, t0 + 2 * beat, b.root + 7, beat * 1.8);
    for (let e = 0; e < BEATS_PER_BAR * 2; e++) {
      const swung = e % 2 === 0 ? e / 2 : Math.floor(e / 2) + 2 / 3;
      brush(ctx, e % 2 === 0 ? right : left, hiss, t0 + swung * beat, e % 4 === 2 ? 1 : 0.55);
    }
  });
}

/**
 * Renders the loop: the score plus its tail offline, at the live context's sample rate, then folded into
 * a buffer of exactly `loopFrames` samples on the live context.
 */
export async function renderLoungeLoop(
  live: BaseAudioContext,
  offline: (channels: number, frames: number, sampleRate: number) => OfflineAudioContext,
): Promise<AudioBuffer> {
  const rate = live.sampleRate;
  const frames = loopFrames(rate);
  const ctx = offline(2, frames + Math.round(TAIL_S * rate), rate);
  const mix = ctx.createBiquadFilter();
  mix.type = 'lowpass';
  mix.frequency.value = 6000;
  // The music sits under the effects: about 9 dB down, so a chip or a card is always heard over it.
  const level = ctx.createGain();
  level.gain.value = MUSIC_LEVEL;
  mix.connect(level).connect(ctx.destination);
  scheduleScore(ctx, mix);
  const rendered = await ctx.startRendering();
  const loop = live.createBuffer(2, frames, rate);
  for (let ch = 0; ch < 2; ch++) loop.copyToChannel(foldTail(rendered.getChannelData(ch), frames), ch);
  return loop;
}
