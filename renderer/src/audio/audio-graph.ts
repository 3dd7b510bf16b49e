/**
 * The table's audio graph (docs/sound.md#the-audio-graph):
 *
 *   effects ─┐
 *   music ───┼─▶ master ─▶ limiter ─▶ speakers
 *   alert ───┘
 *
 * Each bus is one GainNode whose gain is the player's volume and switches, gated by the cabinet's state
 * (sound-settings.ts busGains). The limiter keeps overlapping effects from clipping. The context comes
 * from an injected factory, so tests build the same graph on a recording fake.
 */
import type { BusGains } from './sound-settings.ts';

/** Where contexts come from: the browser's Web Audio in the product, a recording fake in tests. */
export interface AudioFactory {
  createContext(): AudioContext;
  createOfflineContext(channels: number, frames: number, sampleRate: number): OfflineAudioContext;
}

export type BusName = keyof BusGains;

export interface AudioGraph {
  readonly context: AudioContext;
  readonly buses: Readonly<Record<BusName, GainNode>>;
  /** Sets every bus's gain, gliding over a few ms so a switch or the slider never clicks. */
  apply(gains: BusGains): void;
}

/** How fast a gain glides to a new value (time constant, s): quick, but without a click. */
const GLIDE_S = 0.015;

export function buildAudioGraph(context: AudioContext): AudioGraph {
  const limiter = context.createDynamicsCompressor();
  limiter.threshold.value = -6;
  limiter.knee.value = 6;
  limiter.ratio.value = 12;
  limiter.attack.value = 0.002;
  limiter.release.value = 0.12;
  limiter.connect(context.destination);
  const master = context.createGain();
  master.connect(limiter);
  const bus = (): GainNode => {
    const g = context.createGain();
    g.gain.value = 0;
    g.connect(master);
    return g;
  };
  const buses = { effects: bus(), music: bus(), alert: bus() };
  return {
    context,
    buses,
    apply(gains) {
      for (const name of Object.keys(buses) as BusName[]) {
        buses[name].gain.setTargetAtTime(gains[name], context.currentTime, GLIDE_S);
      }
    },
  };
}

/** The browser's Web Audio, or null where there is none (then the table is silent, and works). */
export function browserAudioFactory(): AudioFactory | null {
  if (typeof AudioContext !== 'function' || typeof OfflineAudioContext !== 'function') return null;
  return {
    createContext: () => new AudioContext({ latencyHint: 'interactive' }),
    createOfflineContext: (channels, frames, sampleRate) => new OfflineAudioContext(channels, frames, sampleRate),
  };
}
