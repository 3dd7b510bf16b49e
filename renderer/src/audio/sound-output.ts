/**
 * The table's sound output (docs/sound.md#the-audio-graph): builds the audio graph on first need, plays
 * effects onto their bus, and runs the music loop while the music bus is open. The gains come from
 * outside (busGains in sound-settings.ts, applied by useTableSound.ts); an effect whose bus is shut builds
 * no nodes at all, so a tilt silences the table without anything queued behind it. Once a bus that plays effects
 * opens, the effects are made ahead in idle time (effect-buffers.ts) and then each plays from one buffer. Without
 * Web Audio (or
 * without a sound device) everything here is a quiet no-op: the table never fails over its sound.
 */
import { buildAudioGraph, type AudioFactory, type AudioGraph } from './audio-graph.ts';
import { playBuffer, renderEffects } from './effect-buffers.ts';
import { EFFECTS, type EffectName } from './effects.ts';
import { renderLoungeLoop } from './lounge-loop.ts';
import { createMusicPlayer, type MusicPlayer } from './music.ts';
import { mayPlay, type BusGains } from './sound-settings.ts';

export interface SoundOutputState {
  readonly gains: BusGains;
  /** The last effect that actually started, and how many have. */
  readonly lastEffect: EffectName | null;
  readonly played: number;
  readonly musicPlaying: boolean;
  /** Every effect is made ahead and plays from its buffer (effect-buffers.ts). */
  readonly effectsMade: boolean;
}

export interface SoundOutput {
  /** Plays an effect `delayS` from now; false when its bus is shut (or there is no audio). */
  play(effect: EffectName, delayS?: number): boolean;
  setGains(gains: BusGains): void;
  /** A touch: a context the browser's autoplay policy held suspended may start now. */
  resume(): void;
  readonly state: SoundOutputState;
  onChange(listener: (state: SoundOutputState) => void): () => void;
}

const SILENT: BusGains = { effects: 0, music: 0, alert: 0 };

/** Runs a task when the page is idle: the effects are made there, away from a touch or a deal. */
export type IdleScheduler = (task: () => void) => void;

/** The browser's idle callback (at the latest after 2 s), or a plain timeout where there is none. */
export const browserIdle: IdleScheduler = (task) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2_000 });
  else setTimeout(task, 0);
};

export function createSoundOutput(factory: AudioFactory | null, idle: IdleScheduler = browserIdle): SoundOutput {
  let audio = factory;
  /** The effects made ahead (effect-buffers.ts), each once ready; until then an effect is built live. */
  const made = new Map<EffectName, AudioBuffer>();
  let making = false;
  let graph: AudioGraph | null = null;
  let music: MusicPlayer | null = null;
  let loop: AudioBuffer | null = null;
  let rendering = false;
  let state: SoundOutputState = { gains: SILENT, lastEffect: null, played: 0, musicPlaying: false, effectsMade: false };
  const listeners = new Set<(s: SoundOutputState) => void>();

  function update(next: Partial<SoundOutputState>): void {
    state = { ...state, ...next };
    for (const l of listeners) l(state);
  }

  function ensureGraph(): AudioGraph | null {
    if (graph || !audio) return graph;
    try {
      graph = buildAudioGraph(audio.createContext());
      graph.apply(state.gains);
      music = createMusicPlayer(graph.context, graph.buses.music);
    } catch {
      audio = null; // no sound device: stay silent from now on
      graph = null;
    }
    return graph;
  }

  /** Once a bus that plays effects is open, the effects are made in the page's next idle time. */
  function makeEffects(): void {
    if (making || !audio || (!mayPlay('effects', state.gains) && !mayPlay('alert', state.gains))) return;
    making = true;
    idle(() => {
      const g = ensureGraph();
      if (!g || !audio) return;
      renderEffects(g.context, audio.createOfflineContext.bind(audio), made)
        .then(() => update({ effectsMade: true }))
        .catch(() => {
          /* an offline render failed: the effects not made stay built live, as before */
        });
    });
  }

  function followMusic(): void {
    const g = state.gains.music > 0 ? ensureGraph() : graph;
    if (!g || !music || !audio) return;
    if (state.gains.music === 0) {
      music.pause();
    } else if (loop) {
      music.play(loop);
    } else if (!rendering) {
      rendering = true;
      const offline = audio.createOfflineContext.bind(audio);
      renderLoungeLoop(g.context, offline)
        .then((buffer) => {
          loop = buffer;
          followMusic();
        })
        .catch(() => {
          /* the offline render failed: the table plays on without music */
        })
        .finally(() => {
          rendering = false;
        });
    }
    if (music.playing !== state.musicPlaying) update({ musicPlaying: music.playing });
  }

  return {
    play(effect, delayS = 0) {
      const { bus, play } = EFFECTS[effect];
      if (!mayPlay(bus, state.gains)) return false;
      const g = ensureGraph();
      if (!g) return false;
      if (g.context.state === 'suspended') void g.context.resume().catch(() => {});
      try {
        const at = g.context.currentTime + Math.max(0, delayS);
        const buffer = made.get(effect);
        if (buffer) playBuffer(g.context, g.buses[bus], buffer, at);
        else play(g.context, g.buses[bus], at);
      } catch {
        return false;
      }
      update({ lastEffect: effect, played: state.played + 1 });
      return true;
    },
    setGains(gains) {
      update({ gains });
      graph?.apply(gains);
      followMusic();
      makeEffects();
    },
    resume() {
      if (graph && graph.context.state === 'suspended') void graph.context.resume().catch(() => {});
    },
    get state() {
      return state;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
