import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { audibleFrames, EFFECT_RENDER_S, renderEffect } from './effect-buffers.ts';
import { EFFECT_NAMES } from './effects.ts';
import { recordingAudio } from './testing/recording-audio.ts';

describe('a made effect is cut at its last audible sample', () => {
  it('keeps every sample louder than silence, in either channel, and nothing after the last', () => {
    fc.assert(
      fc.property(
        fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 64 }),
        fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 64 }),
        (left, right) => {
          const channels = [Float32Array.from(left), Float32Array.from(right)];
          const end = audibleFrames(channels);
          const loud = (data: Float32Array, i: number): boolean => Math.abs(data[i] ?? 0) > 1e-6;
          const longest = Math.max(left.length, right.length);
          for (let i = end; i < longest; i++) for (const data of channels) expect(loud(data, i)).toBe(false);
          if (end > 1) expect(channels.some((data) => loud(data, end - 1))).toBe(true);
          expect(end).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });

  it('silence is one frame, never an empty buffer (which Web Audio refuses)', () => {
    expect(audibleFrames([new Float32Array(480), new Float32Array(480)])).toBe(1);
  });
});

describe('an effect is rendered as the live graph would play it', () => {
  it.each(EFFECT_NAMES)('%s: stereo, at the live rate, long enough for its whole tail, started at 0', async (name) => {
    const audio = recordingAudio(44_100);
    const live = audio.factory.createContext();
    await renderEffect(name, live, audio.factory.createOfflineContext.bind(audio.factory));
    const [render] = audio.renders;
    expect(render).toMatchObject({ channels: 2, sampleRate: 44_100, frames: Math.round(EFFECT_RENDER_S * 44_100) });
    const sources = render!.context.started();
    expect(sources.length).toBeGreaterThan(0);
    expect(Math.min(...sources.map((s) => s.starts[0]!.at))).toBe(0);
    // Every source has stopped before the render ends, so nothing of the effect is cut off.
    for (const s of sources) expect(s.stops[0]!).toBeLessThan(EFFECT_RENDER_S);
  });
});
