/** Test helpers shared by the cabinet tests, the chaos child and the bench. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_VENUE_CONFIG, type VenueConfig } from '../core/config/venue-config.ts';
import type { RandomSource } from '../core/random/random-source.ts';

/** A small, fast deterministic generator (mulberry32) for tests and chaos decisions; never for play. */
export function seededUniform(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Deterministic RandomSource for reproducible tests (uniform enough; not certified). */
export function deterministicRandom(seed: number): RandomSource & { failNext: boolean } {
  const next = seededUniform(seed);
  const source = {
    failNext: false,
    nextInt(bound: number): number {
      if (source.failNext) {
        source.failNext = false;
        throw new Error('health test failed: repetition count cutoff reached');
      }
      return Math.floor(next() * bound);
    },
  };
  return source;
}

export function tempJournalPath(prefix = 'cabinet-test-'): { path: string; dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, path: join(dir, 'journal.sqlite'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function testConfig(overrides: Partial<VenueConfig> = {}): VenueConfig {
  return { ...DEFAULT_VENUE_CONFIG, ...overrides };
}

/** A fixed clock that advances one millisecond per reading. */
export function steppingClock(start = Date.UTC(2026, 11, 1, 3, 0, 0)): () => Date {
  let t = start;
  return () => new Date(t++);
}
