import { describe, expect, it } from 'vitest';
import { HealthTests } from '../../devices/rng/health-tests.ts';
import { RngModel, isRngEmulatorMode } from './rng-model.ts';

describe('RNG emulator modes (what each must make the health tests do, docs/rng.md#health-tests)', () => {
  const firstFailure = (bytes: Uint8Array) => {
    const tests = new HealthTests();
    for (const b of bytes) {
      const f = tests.feed(b);
      if (f) return { test: f.test, at: tests.samples };
    }
    return null;
  };

  it('good passes; stuck trips the RCT at sample 9; biased trips the APT; stalled sends nothing', () => {
    const model = new RngModel();
    expect(firstFailure(model.chunk('good', 100_000))).toBeNull();
    expect(firstFailure(model.chunk('stuck', 100))).toEqual({ test: 'repetition-count', at: 9 });
    expect(firstFailure(model.chunk('biased', 4096))?.test).toBe('adaptive-proportion');
    expect(model.chunk('stalled', 100).length).toBe(0);
  });

  it('biased never repeats a value, not even across chunks, so the RCT cannot be the test that trips', () => {
    const model = new RngModel();
    const bytes = [...model.chunk('biased', 1000), ...model.chunk('biased', 1000)];
    expect(bytes.every((b) => b <= 3)).toBe(true);
    expect(bytes.some((b, i) => i > 0 && b === bytes[i - 1])).toBe(false);
  });

  it('knows its modes and refuses others', () => {
    expect(isRngEmulatorMode('biased')).toBe(true);
    expect(isRngEmulatorMode('loud')).toBe(false);
  });
});
