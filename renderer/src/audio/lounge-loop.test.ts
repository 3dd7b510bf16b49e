import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BEATS_PER_BAR, foldTail, loopFrames, PROGRESSION, secondsPerBeat } from './lounge-loop.ts';

describe('the music loop is a whole number of samples: eight bars exactly', () => {
  it.each([44_100, 48_000, 96_000])('at %i Hz the loop is 24 s to the sample', (rate) => {
    const frames = loopFrames(rate);
    expect(Number.isInteger(frames)).toBe(true);
    expect(frames / rate).toBe(PROGRESSION.length * BEATS_PER_BAR * secondsPerBeat());
    expect(frames).toBe(24 * rate);
  });
});

describe('folding the tail back makes the loop join without a seam (docs/sound.md#the-music-loop)', () => {
  /** A note: a decaying sine that starts at `start` and rings for `length` samples, in a render of `total`. */
  function note(total: number, start: number, length: number, period: number): Float32Array {
    const out = new Float32Array(total);
    for (let i = 0; i < length && start + i < total; i++) out[start + i] = Math.sin(i / period) * Math.exp(-i / length);
    return out;
  }

  it('a note that rings past the end goes on at the start, sample for sample, as an endless performance would', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50, max: 400 }),
        fc.double({ min: 0.5, max: 0.99, noNaN: true }),
        fc.integer({ min: 10, max: 900 }),
        fc.double({ min: 1, max: 20, noNaN: true }),
        (loop, at, length, period) => {
          const start = Math.floor(loop * at);
          const folded = foldTail(note(loop + length, start, length, period), loop);
          // The performance that never stops: the same note in every pass of the loop, many passes long.
          const passes = Math.ceil(length / loop) + 3;
          const endless = new Float32Array(passes * loop);
          for (let k = 0; k < passes; k++) {
            const one = note(endless.length, start + k * loop, length, period);
            for (let i = 0; i < endless.length; i++) endless[i]! += one[i]!;
          }
          // Two passes late in it, across a join, are the folded loop played twice in a row.
          const from = (passes - 2) * loop;
          for (let i = 0; i < 2 * loop; i++) expect(folded[i % loop]).toBeCloseTo(endless[from + i]!, 5);
        },
      ),
    );
  });

  it('keeps every sample of the render (nothing cut off at the end)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 1, max: 120 }),
        (xs, loop) => {
          const folded = foldTail(Float32Array.from(xs), loop);
          expect(folded).toHaveLength(loop);
          expect(folded.reduce((a, b) => a + b, 0)).toBe(xs.reduce((a, b) => a + b, 0));
        },
      ),
    );
  });

  it('refuses a loop that is not a whole number of samples', () => {
    expect(() => foldTail(new Float32Array(4), 2.5)).toThrow(/whole number of samples/);
    expect(() => foldTail(new Float32Array(4), 0)).toThrow(/at least 1/);
  });
});
