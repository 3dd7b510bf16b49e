/**
 * Plays the music loop on the music bus (docs/sound.md#the-music-loop): one AudioBufferSourceNode with
 * `loop = true` over the whole buffer, so the browser wraps it sample-exactly. Pausing stops the source
 * and remembers where the music was; playing again starts a new source from there, so the piece goes on
 * rather than starting over. The bus gain (audio-graph.ts) fades it in and out, so neither clicks.
 */

export interface MusicPlayer {
  /** Starts the loop, or carries it on where it paused; nothing if it is already playing. */
  play(buffer: AudioBuffer): void;
  /** Stops it after the bus has faded, and remembers the position. */
  pause(): void;
  readonly playing: boolean;
  /** The node now playing (for the loop's settings), or null. */
  readonly source: AudioBufferSourceNode | null;
}

/** How long the bus fade takes before the source may stop (s): a few of the graph's glide time constants. */
const FADE_OUT_S = 0.1;

export function createMusicPlayer(ctx: BaseAudioContext, bus: AudioNode): MusicPlayer {
  let source: AudioBufferSourceNode | null = null;
  let startedAt = 0;
  let offsetS = 0;
  return {
    play(buffer) {
      if (source) return;
      const s = ctx.createBufferSource();
      s.buffer = buffer;
      s.loop = true;
      // The whole buffer is one period: frame 0 to frame `length`, both exact sample boundaries.
      s.loopStart = 0;
      s.loopEnd = buffer.length / buffer.sampleRate;
      s.connect(bus);
      startedAt = ctx.currentTime;
      s.start(startedAt, offsetS);
      source = s;
    },
    pause() {
      const s = source;
      if (!s || !s.buffer) return;
      const period = s.buffer.length / s.buffer.sampleRate;
      offsetS = (offsetS + ctx.currentTime - startedAt + FADE_OUT_S) % period;
      s.stop(ctx.currentTime + FADE_OUT_S);
      source = null;
    },
    get playing() {
      return source !== null;
    },
    get source() {
      return source;
    },
  };
}
