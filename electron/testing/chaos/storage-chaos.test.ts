import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { recordKeyPath } from '../../storage/record-chain-key.ts';
import { closeCabinets, fund, setupCabinet } from '../cabinet-harness.ts';
import { flipRandomBit, type Flip } from './storage-chaos.ts';

afterEach(closeCabinets);

/** The bits that differ between two equally long buffers. */
function bitsChanged(a: Buffer, b: Buffer): number {
  expect(b.length).toBe(a.length);
  let bits = 0;
  for (let i = 0; i < a.length; i++) for (let x = a[i]! ^ b[i]!; x; x &= x - 1) bits++;
  return bits;
}

/** A rand() that answers the given values in turn. */
const answers = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('a chaos byte flip', () => {
  const cases: Array<[Flip['file'], number, (path: string) => string]> = [
    ['wal', 0.6, (p) => `${p}-wal`],
    ['critical-copy', 0.8, (p) => `${p}.critical`],
    ['record-key', 0.95, (p) => recordKeyPath(p)!],
  ];
  for (const [file, pick, pathOf] of cases) {
    it(`in the ${file} changes exactly one bit of that file, as the kill left it`, () => {
      const h = setupCabinet();
      fund(h.cabinet);
      h.cabinet.placeChip('player', 100);
      h.cabinet.deal();
      // The cabinet is still open, as a killed one would be: its WAL keeps the frames.
      const path = pathOf(h.path);
      expect(existsSync(path)).toBe(true);
      const before = readFileSync(path);
      const flip = flipRandomBit(h.path, answers(pick, 0.5, 0.25));
      expect(flip.file).toBe(file);
      expect(bitsChanged(before, readFileSync(path))).toBe(1);
      if (file === 'wal') expect(flip.offset).toBeGreaterThanOrEqual(32); // never the WAL header
    });
  }
});
