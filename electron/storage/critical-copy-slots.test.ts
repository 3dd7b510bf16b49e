import { readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '../core/integrity/canonical-json.ts';
import { sha256Hex } from '../core/integrity/sha256.ts';
import type { CriticalCopyRecord } from '../core/model/critical-copy.ts';
import type { CriticalState } from '../core/model/critical-state.ts';
import { closeCabinets, fund, setupCabinet } from '../testing/cabinet-harness.ts';
import { deterministicRandom, tempJournalPath, testConfig } from '../testing/fixtures.ts';
import { openCabinet } from './open-cabinet.ts';
import { killOnWrites, outcomeOf, straceMissing } from '../testing/strace-inject.ts';
import { CriticalCopyFile, MIN_SLOT_BYTES } from './critical-copy-file.ts';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
  closeCabinets();
});

function copyPath(): string {
  const tmp = tempJournalPath('copy-slots-');
  cleanups.push(tmp.cleanup);
  return `${tmp.path}.critical`;
}

/** A copy whose seq and credits say which write it was. */
function record(seq: number): CriticalCopyRecord {
  const state = { seq, creditsMinor: seq * 100 } as unknown as CriticalState;
  return { state, lastLedgerId: seq };
}

/** The format-1 file an older cabinet left: one JSON object, its SHA-256 over the canonical record. */
function formatOne(r: CriticalCopyRecord): string {
  return JSON.stringify({ record: r, sha256: sha256Hex(canonicalJson(r)) });
}

describe('the copy file in two slots (format 2)', () => {
  it('is two slots of one power-of-two size, written in turn, and read back as the newest write', () => {
    const file = copyPath();
    const copy = new CriticalCopyFile(file);
    for (let seq = 1; seq <= 5; seq++) {
      copy.write(record(seq));
      expect(readFileSync(file).length).toBe(2 * MIN_SLOT_BYTES);
      expect(new CriticalCopyFile(file).read()).toEqual({ record: record(seq), problem: null });
    }
  });

  it('the reader takes the good slot with the highest generation, whichever half of the file holds it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), (writes) => {
        const file = copyPath();
        const copy = new CriticalCopyFile(file);
        for (let seq = 1; seq <= writes; seq++) copy.write(record(seq));
        const bytes = readFileSync(file);
        const swapped = Buffer.concat([bytes.subarray(MIN_SLOT_BYTES), bytes.subarray(0, MIN_SLOT_BYTES)]);
        writeFileSync(file, swapped);
        expect(new CriticalCopyFile(file).read()).toEqual({ record: record(writes), problem: null });
      }),
      { numRuns: 12 },
    );
  });

  it('a write torn at any byte of either slot, or one flipped byte, leaves the old or the new copy, never another', () => {
    const file = copyPath();
    const copy = new CriticalCopyFile(file);
    for (let seq = 1; seq <= 3; seq++) copy.write(record(seq));
    const before = readFileSync(file);
    copy.write(record(4));
    const after = readFileSync(file);
    const written = after.compare(before, 0, MIN_SLOT_BYTES, 0, MIN_SLOT_BYTES) === 0 ? 1 : 0;
    fc.assert(
      fc.property(
        fc.constantFrom(0, 1),
        fc.integer({ min: 0, max: MIN_SLOT_BYTES - 1 }),
        fc.constantFrom('torn', 'flip'),
        fc.integer({ min: 1, max: 255 }),
        (slot, offset, how, mask) => {
          const start = slot * MIN_SLOT_BYTES;
          let image: Buffer;
          if (how === 'torn') {
            // The slot being written: new bytes up to `offset`, the old ones after it (the other slot is untouched).
            image = Buffer.from(before);
            after.copy(image, start, start, start + offset);
          } else {
            image = Buffer.from(after);
            image[start + offset] = image[start + offset]! ^ mask;
          }
          writeFileSync(file, image);
          const read = new CriticalCopyFile(file).read();
          if (how === 'torn' && slot !== written) {
            // That slot is not written in place by this write: the image is the old file, unchanged.
            expect(read).toEqual({ record: record(3), problem: null });
            return;
          }
          expect([record(3), record(4)]).toContainEqual(read.record);
          if (how === 'flip') {
            // A changed byte is always seen: the newest good slot is used and the damaged one named.
            expect(read.problem).toBeNull();
            expect(read).toHaveProperty('damagedSlot');
            expect(read.record).toEqual(slot === written ? record(3) : record(4));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('a file written by someone else since this writer last wrote it is read again first, so the newest write wins', () => {
    const file = copyPath();
    const mine = new CriticalCopyFile(file);
    for (let seq = 1; seq <= 3; seq++) mine.write(record(seq));
    const other = new CriticalCopyFile(file);
    other.write(record(4));
    other.write(record(5));
    mine.write(record(6));
    expect(new CriticalCopyFile(file).read()).toEqual({ record: record(6), problem: null });
  });

  it('both slots damaged: no record, and the problem says why', () => {
    const file = copyPath();
    const copy = new CriticalCopyFile(file);
    copy.write(record(1));
    const bytes = readFileSync(file);
    for (const start of [0, MIN_SLOT_BYTES]) {
      const digit = bytes.indexOf('"creditsMinor":', start) + '"creditsMinor":'.length;
      bytes[digit] = bytes[digit]! ^ 0x02;
    }
    writeFileSync(file, bytes);
    expect(new CriticalCopyFile(file).read()).toMatchObject({ record: null, problem: 'checksum-mismatch' });
  });

  it('a record grown past its slot gets a file with larger slots', () => {
    const file = copyPath();
    const copy = new CriticalCopyFile(file);
    copy.write(record(1));
    const big = { ...record(2), state: { ...record(2).state, padding: 'x'.repeat(MIN_SLOT_BYTES) } };
    copy.write(big as CriticalCopyRecord);
    expect(readFileSync(file).length).toBe(4 * MIN_SLOT_BYTES);
    expect(new CriticalCopyFile(file).read().record).toEqual(big);
    copy.write(record(3));
    expect(new CriticalCopyFile(file).read().record).toEqual(record(3));
  });

  it('a format-1 file from before the upgrade is still read, and the first write replaces it with format 2', () => {
    const file = copyPath();
    writeFileSync(file, formatOne(record(7)));
    const copy = new CriticalCopyFile(file);
    expect(copy.read()).toEqual({ record: record(7), problem: null });
    copy.write(record(8));
    expect(readFileSync(file, 'utf8').startsWith('{"format":2,')).toBe(true);
    expect(copy.read()).toEqual({ record: record(8), problem: null });
  });

  it('a cabinet upgraded over a format-1 copy starts without a memory error or a rebuild, and moves it to format 2', () => {
    const h = setupCabinet();
    fund(h.cabinet, 5_000, 2);
    h.cabinet.close();
    const file = `${h.path}.critical`;
    const current = new CriticalCopyFile(file).read().record!;
    writeFileSync(file, formatOne(current));
    h.restart();
    expect(h.cabinet.snapshot().tilts).toEqual([]);
    const memory = h.cabinet.events({ kind: 'memory', limit: 20 }).map((e) => e.message.code);
    expect(memory).not.toContain('memory-copy-file-rebuilt');
    expect(memory).not.toContain('memory-copy-file-behind');
    fund(h.cabinet, 1_000, 1);
    expect(readFileSync(file, 'utf8').startsWith('{"format":2,')).toBe(true);
    expect(new CriticalCopyFile(file).read().record?.state.creditsMinor).toBe(6_000);
  });
});

const RECOVERY_CHILD = fileURLToPath(new URL('../testing/recovery-child.ts', import.meta.url));

describe('killed from outside between the journal commit and the copy write', () => {
  const missing = straceMissing();

  it('the copy is one commit behind, whole, and repaired at the next start without a memory error', async (t) => {
    if (missing) return t.skip(missing);
    const tmp = tempJournalPath('copy-kill-');
    cleanups.push(tmp.cleanup);
    const file = `${tmp.path}.critical`;
    // Start-up creates the file whole; the next commit (the config installed) is the first write in place:
    // SIGKILL as it starts, the commit already in the journal.
    const child = spawn('strace', [...killOnWrites(file, '1'), process.execPath, RECOVERY_CHILD], {
      env: { ...process.env, RECOVERY_JOURNAL: tmp.path, RECOVERY_STATE: 'settled' },
    });
    const outcome = await outcomeOf(child);
    expect(outcome.code).not.toBe(0); // strace dies of the same SIGKILL
    const left = new CriticalCopyFile(file).read();
    expect(left.problem).toBeNull();
    const cabinet = openCabinet({ journalPath: tmp.path, config: testConfig(), random: deterministicRandom(3) });
    cleanups.push(() => cabinet.close());
    expect(cabinet.snapshot().tilts.filter((tilt) => tilt.kind === 'memory-error')).toEqual([]);
    const memory = cabinet.events({ kind: 'memory', limit: 20 }).map((e) => e.message);
    expect(memory).toContainEqual({ code: 'memory-copy-file-behind', commitsBehind: 1 });
    const repaired = new CriticalCopyFile(file).read().record!;
    expect(repaired.state.seq).toBeGreaterThan(left.record!.state.seq);
    expect(repaired.state.creditsMinor).toBe(cabinet.snapshot().creditsMinor);
  });
});
