import fc from 'fast-check';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { recordKeyPath } from '../../storage/record-chain-key.ts';
import { closeCabinets, fund, setupCabinet } from '../cabinet-harness.ts';
import { flipRandomBit, startReadFault, type Flip } from './storage-chaos.ts';
import { TRANSIENT_RETRY_DELAYS_MS } from '../../storage/journal-read-retry.ts';

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

describe('the read error a chaos start-up meets', () => {
  it('property: 1 to 3 reads in a row among the first 40, always fewer than the start-up tries, so always transient', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 2, maxLength: 2 }),
        (values) => {
          const when = startReadFault(answers(...values));
          const [first, last = first] = when.split('..').map(Number) as [number, number?];
          expect(first).toBeGreaterThanOrEqual(1);
          expect(first).toBeLessThanOrEqual(40);
          expect(last - first + 1).toBeGreaterThanOrEqual(1);
          expect(last - first + 1).toBeLessThanOrEqual(3);
          expect(last - first + 1).toBeLessThan(TRANSIENT_RETRY_DELAYS_MS.length + 1);
        },
      ),
    );
  });
});
