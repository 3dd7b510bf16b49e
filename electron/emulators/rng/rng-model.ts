/**
 * The device model of the serial TRNG emulator: what bytes each mode streams (docs/protocols/serial-rng.md#emulator,
 * docs/rng.md#health-tests). Pure apart from the operating system's random bytes; rng-emulator.ts puts it on a
 * port.
 *   good    — crypto.randomBytes
 *   stuck   — one byte repeated (the Repetition Count Test must trip)
 *   biased  — only the values 0..3, no value twice in a row (the Adaptive Proportion Test must trip, the RCT cannot)
 *   stalled — nothing (the stall timeout must trip)
 */
import { randomBytes } from 'node:crypto';

export const RNG_EMULATOR_MODES = ['good', 'stuck', 'biased', 'stalled'] as const;
export type RngEmulatorMode = (typeof RNG_EMULATOR_MODES)[number];

const STUCK_BYTE = 0xa5;

export function isRngEmulatorMode(text: string): text is RngEmulatorMode {
  return (RNG_EMULATOR_MODES as readonly string[]).includes(text);
}

/** One emulated device: the biased mode remembers its last value so no value repeats across chunks. */
export class RngModel {
  #biasedLast = 0;

  /** Bytes for one tick in `mode` (empty when stalled). */
  chunk(mode: RngEmulatorMode, size: number): Uint8Array {
    switch (mode) {
      case 'good':
        return new Uint8Array(randomBytes(size));
      case 'stuck':
        return new Uint8Array(size).fill(STUCK_BYTE);
      case 'biased': {
        // Values 0..3 only (2 bits of entropy per byte), never the same twice in a row: the APT must catch
        // this bias on its own, while the RCT never sees a run (so a test can tell which one tripped).
        const out = new Uint8Array(randomBytes(size));
        for (let i = 0; i < out.length; i++) {
          this.#biasedLast = (this.#biasedLast + 1 + (out[i]! % 3)) % 4;
          out[i] = this.#biasedLast;
        }
        return out;
      }
      case 'stalled':
        return new Uint8Array(0);
    }
  }
}
