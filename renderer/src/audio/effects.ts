/**
 * The table's sound effects, one function each, all synthesised here from noise and oscillators
 * (docs/sound.md#the-effects): no sample is downloaded or copied. Each takes the context, the bus it plays
 * into and the start time, and builds a few short-lived nodes. Levels are relative to the bus: the
 * player's volume and switches are applied by the graph (audio-graph.ts), never here.
 */
import { bell, midiHz, noiseBurst, tone } from './synth.ts';
import type { Bus } from './sound-settings.ts';

export type EffectPlayer = (ctx: BaseAudioContext, out: AudioNode, at: number) => void;

/** A clay chip set down on the felt: two bright noise clacks a few ms apart and a short resonant click. */
export function chipPlaced(ctx: BaseAudioContext, out: AudioNode, at: number): void {
  noiseBurst(ctx, out, { at, freq: 3400, q: 4, filter: 'bandpass', attack: 0.001, decay: 0.028, gain: 0.9 });
  noiseBurst(ctx, out, {
    at: at + 0.016,
    freq: 5200,
    q: 6,
    filter: 'bandpass',
    attack: 0.001,
    decay: 0.02,
    gain: 0.45,
  });
  tone(ctx, out, { at, freq: 2450, type: 'sine', attack: 0.001, decay: 0.055, gain: 0.22 });
  tone(ctx, out, { at: at + 0.016, freq: 3900, type: 'sine', attack: 0.001, decay: 0.02, gain: 0.1 });
}

/** A chip picked up again: one lighter clack with a click that rises, the placing sound in reverse mood. */
export function chipRemoved(ctx: BaseAudioContext, out: AudioNode, at: number): void {
  noiseBurst(ctx, out, { at, freq: 2600, q: 5, filter: 'bandpass', attack: 0.002, decay: 0.022, gain: 0.55 });
  tone(ctx, out, { at, freq: 1900, toFreq: 2600, type: 'sine', attack: 0.002, decay: 0.04, gain: 0.16 });
}

/** A card sliding out of the shoe: noise swept upward through a band-pass, then a soft felt landing. */
export function cardDealt(ctx: BaseAudioContext, out: AudioNode, at: number): void {
  noiseBurst(ctx, out, {
    at,
    freq: 1100,
    toFreq: 4800,
    q: 1.4,
    filter: 'bandpass',
    attack: 0.03,
    decay: 0.12,
    gain: 0.55,
  });
  noiseBurst(ctx, out, { at: at + 0.13, freq: 420, q: 0.8, filter: 'lowpass', attack: 0.003, decay: 0.05, gain: 0.5 });
}

/** A card turned face up: a short high flick of air and the snap of the card settling. */
export function cardTurned(ctx: BaseAudioContext, out: AudioNode, at: number): void {
  noiseBurst(ctx, out, {
    at,
    freq: 2600,
    toFreq: 6500,
    q: 0.9,
    filter: 'highpass',
    attack: 0.012,
    decay: 0.05,
    gain: 0.25,
  });
  noiseBurst(ctx, out, {
    at: at + 0.055,
    freq: 1800,
    q: 3,
    filter: 'bandpass',
    attack: 0.001,
    decay: 0.018,
    gain: 0.5,
  });
  tone(ctx, out, { at: at + 0.055, freq: 1250, type: 'triangle', attack: 0.001, decay: 0.025, gain: 0.08 });
}

/** A win: a warm rising Cmaj9 arpeggio of bell voices, spread across the stereo field, ending on a chord. */
export function win(ctx: BaseAudioContext, out: AudioNode, at: number): void {
  const notes = [72, 76, 79, 83, 86]; // C5 E5 G5 B5 D6
  notes.forEach((n, i) => bell(ctx, out, at + i * 0.085, midiHz(n), 0.22, 1.1, -0.4 + i * 0.2));
  // The chord again, softer and lower, under the last note: the chime blooms instead of stopping.
  for (const n of [60, 64, 67]) bell(ctx, out, at + 0.45, midiHz(n), 0.12, 1.6);
}

/** A push (the stake came back): two soft, even tones a fourth apart, neither happy nor sad. */
export function push(ctx: BaseAudioContext, out: AudioNode, at: number): void {
  bell(ctx, out, at, midiHz(69), 0.2, 0.45); // A4
  bell(ctx, out, at + 0.16, midiHz(74), 0.2, 0.55); // D5
}

/** A loss: one quiet, low, slightly falling tone, rounded by a low-pass. Not a buzzer. */
export function lose(ctx: BaseAudioContext, out: AudioNode, at: number): void {
  tone(ctx, out, {
    at,
    freq: midiHz(55),
    toFreq: midiHz(53),
    type: 'triangle',
    attack: 0.03,
    decay: 0.55,
    gain: 0.16,
    lowpass: 700,
  });
}

/** A note credited: a short bright rising confirmation (E6 then B6). */
export function noteAccepted(ctx: BaseAudioContext, out: AudioNode, at: number): void {
  bell(ctx, out, at, midiHz(88), 0.18, 0.22);
  bell(ctx, out, at + 0.09, midiHz(95), 0.2, 0.4);
}

/**
 * A warning (a refusal, a tilt): three alternating pulses of a low-passed triangle at 880/660 Hz — clear
 * over a casino floor, but rounded, never a square-wave buzz.
 */
export function warning(ctx: BaseAudioContext, out: AudioNode, at: number): void {
  [880, 660, 880].forEach((freq, i) =>
    tone(ctx, out, { at: at + i * 0.17, freq, type: 'triangle', attack: 0.01, decay: 0.14, gain: 0.3, lowpass: 2400 }),
  );
}

/** Every effect with the bus it plays on: only the warning is on the alert bus that a tilt leaves open. */
export const EFFECTS = {
  chipPlaced: { bus: 'effects', play: chipPlaced },
  chipRemoved: { bus: 'effects', play: chipRemoved },
  cardDealt: { bus: 'effects', play: cardDealt },
  cardTurned: { bus: 'effects', play: cardTurned },
  win: { bus: 'effects', play: win },
  push: { bus: 'effects', play: push },
  lose: { bus: 'effects', play: lose },
  noteAccepted: { bus: 'effects', play: noteAccepted },
  warning: { bus: 'alert', play: warning },
} as const satisfies Record<string, { bus: Bus; play: EffectPlayer }>;

export type EffectName = keyof typeof EFFECTS;
export const EFFECT_NAMES = Object.keys(EFFECTS) as EffectName[];
