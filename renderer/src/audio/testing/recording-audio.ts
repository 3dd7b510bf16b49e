/**
 * Tests only: a Web Audio stand-in that records the graph instead of making sound, injected through the
 * AudioFactory seam (audio-graph.ts). Every node it creates is kept with its kind, its connections, its
 * start and stop times and the last value set on each of its params, so a test can read what the table
 * would have played. Offline renders return silence of the asked length.
 */
import type { AudioFactory } from '../audio-graph.ts';

export interface RecordedParam {
  value: number;
  /** Every scheduled value, in call order. */
  readonly events: { kind: string; value: number; time: number }[];
  setValueAtTime(v: number, t: number): RecordedParam;
  exponentialRampToValueAtTime(v: number, t: number): RecordedParam;
  linearRampToValueAtTime(v: number, t: number): RecordedParam;
  setTargetAtTime(v: number, t: number, c: number): RecordedParam;
}

export interface RecordedNode {
  readonly kind: string;
  readonly context: RecordingContext;
  readonly outputs: (RecordedNode | RecordedParam)[];
  readonly starts: { at: number; offset?: number }[];
  readonly stops: number[];
  type?: string;
  buffer?: RecordedBuffer | null;
  loop?: boolean;
  loopStart?: number;
  loopEnd?: number;
  readonly params: Record<string, RecordedParam>;
  connect<T>(target: T): T;
  start(at?: number, offset?: number): void;
  stop(at?: number): void;
}

export interface RecordedBuffer {
  readonly numberOfChannels: number;
  readonly length: number;
  readonly sampleRate: number;
  readonly duration: number;
  readonly data: Float32Array[];
  getChannelData(ch: number): Float32Array;
  copyToChannel(source: Float32Array, ch: number): void;
}

export interface RecordingContext {
  readonly nodes: RecordedNode[];
  readonly destination: RecordedNode;
  readonly sampleRate: number;
  currentTime: number;
  state: 'suspended' | 'running' | 'closed';
  /** Nodes of one kind that were started (sources: oscillators and buffer sources). */
  started(kind?: string): RecordedNode[];
}

function param(value: number): RecordedParam {
  const p: RecordedParam = {
    value,
    events: [],
    setValueAtTime(v, t) {
      p.value = v;
      p.events.push({ kind: 'set', value: v, time: t });
      return p;
    },
    exponentialRampToValueAtTime(v, t) {
      if (v <= 0) throw new RangeError('an exponential ramp cannot reach 0 or below');
      p.events.push({ kind: 'exp', value: v, time: t });
      return p;
    },
    linearRampToValueAtTime(v, t) {
      p.events.push({ kind: 'linear', value: v, time: t });
      return p;
    },
    setTargetAtTime(v, t) {
      p.value = v;
      p.events.push({ kind: 'target', value: v, time: t });
      return p;
    },
  };
  return p;
}

function buffer(channels: number, length: number, sampleRate: number): RecordedBuffer {
  const data = Array.from({ length: channels }, () => new Float32Array(length));
  return {
    numberOfChannels: channels,
    length,
    sampleRate,
    duration: length / sampleRate,
    data,
    getChannelData: (ch) => data[ch]!,
    copyToChannel: (source, ch) => data[ch]!.set(source),
  };
}

const PARAMS: Record<string, Record<string, number>> = {
  gain: { gain: 1 },
  oscillator: { frequency: 440, detune: 0 },
  bufferSource: { playbackRate: 1, detune: 0 },
  biquad: { frequency: 350, Q: 1, gain: 0 },
  panner: { pan: 0 },
  compressor: { threshold: -24, knee: 30, ratio: 12, attack: 0.003, release: 0.25 },
  destination: {},
};

function recordingContext(sampleRate: number): RecordingContext & Record<string, unknown> {
  const nodes: RecordedNode[] = [];
  const ctx = {
    nodes,
    sampleRate,
    currentTime: 0,
    state: 'running' as RecordingContext['state'],
    started: (kind?: string) => nodes.filter((n) => n.starts.length > 0 && (kind === undefined || n.kind === kind)),
    resume: () => {
      ctx.state = 'running';
      return Promise.resolve();
    },
    createBuffer: (channels: number, length: number, rate: number) => buffer(channels, length, rate),
  } as unknown as RecordingContext & Record<string, unknown>;
  const node = (kind: string): RecordedNode => {
    const params = Object.fromEntries(Object.entries(PARAMS[kind] ?? {}).map(([k, v]) => [k, param(v)]));
    const n: RecordedNode = {
      kind,
      context: ctx,
      outputs: [],
      starts: [],
      stops: [],
      params,
      connect(target) {
        n.outputs.push(target as RecordedNode);
        return target;
      },
      start(at = 0, offset) {
        n.starts.push(offset === undefined ? { at } : { at, offset });
      },
      stop(at = 0) {
        n.stops.push(at);
      },
      ...params,
    };
    nodes.push(n);
    return n;
  };
  Object.assign(ctx, {
    destination: node('destination'),
    createGain: () => node('gain'),
    createOscillator: () => node('oscillator'),
    createBufferSource: () => node('bufferSource'),
    createBiquadFilter: () => node('biquad'),
    createStereoPanner: () => node('panner'),
    createDynamicsCompressor: () => node('compressor'),
  });
  return ctx;
}

export interface RecordingAudio {
  readonly factory: AudioFactory;
  /** The live contexts created, first first. */
  readonly contexts: RecordingContext[];
  /** The offline renders asked for: channels, frames, sample rate. */
  readonly renders: { channels: number; frames: number; sampleRate: number; context: RecordingContext }[];
}

export function recordingAudio(sampleRate = 48_000): RecordingAudio {
  const contexts: RecordingContext[] = [];
  const renders: RecordingAudio['renders'] = [];
  const factory: AudioFactory = {
    createContext() {
      const ctx = recordingContext(sampleRate);
      contexts.push(ctx);
      return ctx as unknown as AudioContext;
    },
    createOfflineContext(channels, frames, rate) {
      const ctx = recordingContext(rate);
      ctx.startRendering = () => Promise.resolve(buffer(channels, frames, rate));
      renders.push({ channels, frames, sampleRate: rate, context: ctx });
      return ctx as unknown as OfflineAudioContext;
    },
  };
  return { factory, contexts, renders };
}

/** The bus GainNode an effect's nodes end in: follows the connections from `node` to a node in `buses`. */
export function reaches(node: RecordedNode, target: RecordedNode, seen = new Set<RecordedNode>()): boolean {
  if (node === target) return true;
  if (seen.has(node)) return false;
  seen.add(node);
  return node.outputs.some((o) => 'kind' in o && reaches(o, target, seen));
}
