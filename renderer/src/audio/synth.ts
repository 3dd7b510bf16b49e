/**
 * The few building blocks every sound of the table is made of (docs/sound.md#the-effects):
 * a burst of filtered noise, an enveloped tone, and a bell-like voice of a few partials. Each schedules
 * its nodes at an exact context time and lets them stop themselves, so nothing has to be cleaned up.
 */

/** One second of white noise per context, shared by every burst (made once, never downloaded). */
const noiseBuffers = new WeakMap<BaseAudioContext, AudioBuffer>();

function noiseBuffer(ctx: BaseAudioContext): AudioBuffer {
  let buffer = noiseBuffers.get(ctx);
  if (buffer) return buffer;
  buffer = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  // A fixed linear congruential sequence: the same noise on every cabinet, no Math.random in the sound path.
  let seed = 0x2545f491;
  for (let i = 0; i < data.length; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    data[i] = seed / 0x80000000 - 1;
  }
  noiseBuffers.set(ctx, buffer);
  return buffer;
}

/** An envelope that rises from silence to `peak` in `attack` s and falls exponentially over `decay` s. */
function envelope(param: AudioParam, at: number, peak: number, attack: number, decay: number): number {
  param.setValueAtTime(0.0001, at);
  param.exponentialRampToValueAtTime(peak, at + attack);
  param.exponentialRampToValueAtTime(0.0001, at + attack + decay);
  return at + attack + decay;
}

export interface NoiseBurst {
  readonly at: number;
  /** The filter's centre (or cut-off) frequency in Hz. */
  readonly freq: number;
  /** Where the centre glides to by the end of the burst (a swish); absent: it stays. */
  readonly toFreq?: number;
  readonly q: number;
  readonly filter: BiquadFilterType;
  readonly attack: number;
  readonly decay: number;
  readonly gain: number;
  readonly pan?: number;
}

/** Noise through one filter: the clack of clay, the swish of a card. */
export function noiseBurst(ctx: BaseAudioContext, out: AudioNode, b: NoiseBurst): void {
  const src = ctx.createBufferSource();
  src.buffer = noiseBuffer(ctx);
  const filter = ctx.createBiquadFilter();
  filter.type = b.filter;
  filter.Q.value = b.q;
  filter.frequency.setValueAtTime(b.freq, b.at);
  if (b.toFreq !== undefined) filter.frequency.exponentialRampToValueAtTime(b.toFreq, b.at + b.attack + b.decay);
  const amp = ctx.createGain();
  const end = envelope(amp.gain, b.at, b.gain, b.attack, b.decay);
  src
    .connect(filter)
    .connect(amp)
    .connect(panned(ctx, out, b.pan));
  // A different stretch of the noise each time, so repeated clacks do not sound like one sample.
  src.start(b.at, (b.freq * 7.31) % 0.9);
  src.stop(end + 0.02);
}

export interface Tone {
  readonly at: number;
  readonly freq: number;
  /** Where the pitch glides to by the end (a falling low tone); absent: it stays. */
  readonly toFreq?: number;
  readonly type: OscillatorType;
  readonly attack: number;
  readonly decay: number;
  readonly gain: number;
  /** A low-pass above the tone that takes the edge off a triangle or a saw; absent: none. */
  readonly lowpass?: number;
  readonly pan?: number;
}

/** One oscillator with an envelope: clicks, confirmations, the warning's pulses, the low tone. */
export function tone(ctx: BaseAudioContext, out: AudioNode, t: Tone): void {
  const osc = ctx.createOscillator();
  osc.type = t.type;
  osc.frequency.setValueAtTime(t.freq, t.at);
  if (t.toFreq !== undefined) osc.frequency.exponentialRampToValueAtTime(t.toFreq, t.at + t.attack + t.decay);
  const amp = ctx.createGain();
  const end = envelope(amp.gain, t.at, t.gain, t.attack, t.decay);
  let head: AudioNode = amp;
  if (t.lowpass !== undefined) {
    const lp = ctx.createBiquadFilter();
    lp.type = 'lowpass';
    lp.frequency.value = t.lowpass;
    amp.connect(lp);
    head = lp;
  }
  osc.connect(amp);
  head.connect(panned(ctx, out, t.pan));
  osc.start(t.at);
  osc.stop(end + 0.02);
}

/**
 * A struck bar or bell: a sine fundamental with two quieter, faster-dying partials (at 2× and 3.01×,
 * slightly inharmonic like a real chime) — warm rather than beepy.
 */
export function bell(
  ctx: BaseAudioContext,
  out: AudioNode,
  at: number,
  freq: number,
  gain: number,
  decay: number,
  pan = 0,
): void {
  const partials = [
    { ratio: 1, level: 1, decay },
    { ratio: 2, level: 0.28, decay: decay * 0.45 },
    { ratio: 3.01, level: 0.12, decay: decay * 0.25 },
  ];
  for (const p of partials) {
    tone(ctx, out, {
      at,
      freq: freq * p.ratio,
      type: 'sine',
      attack: 0.004,
      decay: p.decay,
      gain: gain * p.level,
      pan,
    });
  }
}

/** `out`, or a stereo panner in front of it when a position is asked for. */
function panned(ctx: BaseAudioContext, out: AudioNode, pan: number | undefined): AudioNode {
  if (pan === undefined || pan === 0) return out;
  const p = ctx.createStereoPanner();
  p.pan.value = pan;
  p.connect(out);
  return p;
}

/** Equal temperament: the frequency of a MIDI note number (A4 = 69 = 440 Hz). */
export function midiHz(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}
