import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { closeCabinets, fund, setupCabinet, type CabinetHandle } from '../testing/cabinet-harness.ts';
import { corruptCriticalCopy } from '../testing/journal-damage.ts';
import type { EventMessage } from '../core/model/journal-message.ts';
import { deterministicRandom, tempJournalPath, testConfig } from '../testing/fixtures.ts';
import { openCabinet, startCabinetOn, startOnJournalOrLocked } from './open-cabinet.ts';
import { CriticalCopyFile } from './critical-copy-file.ts';
import { criticalCopyPathFor, JournalPathError, resolveCriticalCopyPath } from './journal-path.ts';

const RECOVERY_CHILD = fileURLToPath(new URL('../testing/recovery-child.ts', import.meta.url));
const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
  closeCabinets();
});

function flipBitInLastQuarter(file: string): void {
  const bytes = readFileSync(file);
  const at = Math.floor(bytes.length * 0.85);
  bytes[at] = bytes[at]! ^ 0x10;
  writeFileSync(file, bytes);
}

const copyOf = (h: CabinetHandle) => new CriticalCopyFile(`${h.path}.critical`);

function memoryEvents(h: CabinetHandle): EventMessage[] {
  return h.cabinet
    .events({ limit: 50 })
    .filter((e) => e.kind === 'memory')
    .map((e) => e.message);
}

function memoryErrors(h: CabinetHandle) {
  return h.cabinet.snapshot().tilts.filter((t) => t.kind === 'memory-error');
}

/** What a power cut leaves on disk of a running cabinet: the journal, its WAL and the copy file. */
function powerCutImage(h: CabinetHandle): Map<string, Buffer> {
  const image = new Map<string, Buffer>();
  for (const file of [h.path, `${h.path}-wal`, `${h.path}.critical`])
    if (existsSync(file)) image.set(file, readFileSync(file));
  return image;
}

function restoreImage(h: CabinetHandle, image: Map<string, Buffer>, only?: string): void {
  for (const [file, bytes] of image) if (only === undefined || file === only) writeFileSync(file, bytes);
  if (only === undefined) rmSync(`${h.path}-shm`, { force: true });
}

describe('the second copy of critical memory, in its own file', () => {
  it('is written after every commit with the credits, the critical seq and the last ledger row', () => {
    const h = setupCabinet();
    fund(h.cabinet, 5_000, 4);
    const read = copyOf(h).read();
    expect(read.problem).toBeNull();
    expect(read.record?.state.creditsMinor).toBe(5_000);
    fund(h.cabinet, 2_000, 3);
    const after = copyOf(h).read();
    expect(after.record?.state.creditsMinor).toBe(7_000);
    expect(after.record!.state.seq).toBeGreaterThan(read.record!.state.seq);
    expect(after.record!.lastLedgerId).toBeGreaterThan(read.record!.lastLedgerId);
  });

  it.each([
    ['deleted', (file: string) => rmSync(file), 'missing'],
    ['truncated', (file: string) => writeFileSync(file, readFileSync(file).subarray(0, 40)), 'not-json'],
    [
      'flipped',
      (file: string) => {
        const bytes = readFileSync(file);
        const at = bytes.indexOf('"creditsMinor":') + 16;
        bytes[at] = bytes[at]! ^ 0x01;
        writeFileSync(file, bytes);
      },
      'checksum-mismatch',
    ],
  ])('a %s copy file is rebuilt from the journal and that is logged', (_name, damage, problem) => {
    const h = setupCabinet();
    fund(h.cabinet, 5_000, 4);
    h.cabinet.close();
    damage(`${h.path}.critical`);
    h.restart();
    expect(memoryErrors(h)).toEqual([]);
    expect(h.cabinet.snapshot().creditsMinor).toBe(5_000);
    const rebuilt = h.cabinet
      .events({ kind: 'memory', limit: 20 })
      .find((e) => e.message.code === 'memory-copy-file-rebuilt');
    expect(rebuilt?.message).toEqual({
      code: 'memory-copy-file-rebuilt',
      copyFile: `${h.path}.critical`,
      problem,
      osCode: null,
    });
    expect(copyOf(h).read().record?.state.creditsMinor).toBe(5_000);
  });

  it('power lost between the journal commit and the file write: the file is one commit behind and repaired', () => {
    const h = setupCabinet();
    fund(h.cabinet, 5_000, 4);
    const before = readFileSync(`${h.path}.critical`);
    fund(h.cabinet, 2_000, 3);
    h.cabinet.close();
    writeFileSync(`${h.path}.critical`, before); // the write that never happened
    h.restart();
    expect(memoryErrors(h)).toEqual([]);
    expect(h.cabinet.snapshot().creditsMinor).toBe(7_000);
    expect(memoryEvents(h)).toContainEqual({ code: 'memory-copy-file-behind', commitsBehind: 1 });
    expect(copyOf(h).read().record?.state.creditsMinor).toBe(7_000);
  });

  it('a journal older than its copy file lost committed data: memory error naming both credits', () => {
    const h = setupCabinet();
    fund(h.cabinet, 5_000, 4);
    const older = powerCutImage(h);
    fund(h.cabinet, 2_000, 3);
    const newer = powerCutImage(h);
    h.cabinet.close();
    restoreImage(h, older);
    restoreImage(h, newer, `${h.path}.critical`);
    h.restart();
    const [tilt] = memoryErrors(h);
    expect(tilt?.reasonCode).toMatchObject({
      code: 'journal-behind-copy',
      copyCreditsMinor: 7000,
      journalCreditsMinor: 5000,
    });
    expect(() => h.cabinet.placeChip('player', 100)).toThrow(/memory-error/);
  });

  it('one flipped bit in the last quarter of the WAL, after a power cut, is a memory error, not an older state', () => {
    const h = setupCabinet();
    for (let i = 0; i < 6; i++) fund(h.cabinet, 1_000 * (i + 1), 5);
    const image = powerCutImage(h);
    expect(image.get(`${h.path}-wal`)?.length ?? 0).toBeGreaterThan(0);
    h.cabinet.close();
    restoreImage(h, image);
    const wal = `${h.path}-wal`;
    flipBitInLastQuarter(wal);
    expect(statSync(wal).size).toBe(image.get(wal)!.length);
    h.restart();
    // SQLite drops the damaged frame and every later one without an error: the journal is older.
    expect(h.cabinet.snapshot().creditsMinor).toBeLessThan(21_000);
    const tilts = memoryErrors(h);
    expect(tilts.map((t) => t.reasonCode)).toContainEqual(
      expect.objectContaining({ code: 'journal-behind-copy', copyCreditsMinor: 21000 }),
    );
  });

  it('a cabinet SIGKILLed after a round, one WAL bit flipped: memory error; the RAM clear rewrites the copy', () => {
    const tmp = tempJournalPath();
    cleanups.push(tmp.cleanup);
    const env: NodeJS.ProcessEnv = { ...process.env, RECOVERY_JOURNAL: tmp.path, RECOVERY_STATE: 'settled' };
    delete env.CHAOS_KILL_AT_STATEMENT;
    const child = spawnSync(process.execPath, [RECOVERY_CHILD], { env, encoding: 'utf8', timeout: 30_000 });
    expect(child.signal).toBe('SIGKILL');
    const durable = new CriticalCopyFile(`${tmp.path}.critical`).read().record!.state.creditsMinor;
    flipBitInLastQuarter(`${tmp.path}-wal`);
    const open = () => openCabinet({ journalPath: tmp.path, config: testConfig(), random: deterministicRandom(3) });
    let cabinet = open();
    try {
      const tilts = cabinet.snapshot().tilts.filter((t) => t.kind === 'memory-error');
      expect(tilts.map((t) => t.reasonCode)).toContainEqual(
        expect.objectContaining({ code: 'journal-behind-copy', copyCreditsMinor: durable }),
      );
      cabinet.ramClear();
      // What was on the meter is now a handpay; an attendant pays it.
      cabinet.clearHandpay('attendant');
      cabinet.close();
      cabinet = open();
      expect(cabinet.snapshot().tilts).toEqual([]);
    } finally {
      cabinet.close();
    }
  });

  it('both copies in the journal bad and the copy file missing: memory error', () => {
    const h = setupCabinet();
    fund(h.cabinet, 5_000, 4);
    h.cabinet.close();
    corruptCriticalCopy(h.path, 'a', 'flip-body');
    corruptCriticalCopy(h.path, 'b', 'bad-checksum');
    rmSync(`${h.path}.critical`);
    h.restart();
    expect(memoryErrors(h)).toHaveLength(1);
  });
});

describe('property: the cabinet never starts silently on an older journal than its copy file', () => {
  it('any journal image older than the copy is a memory error; the copy one commit older is repaired', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 2, maxLength: 5 }),
        fc.nat(),
        fc.boolean(),
        (notes, pick, fileBehind) => {
          closeCabinets();
          const h = setupCabinet();
          const images: Map<string, Buffer>[] = [];
          for (const n of notes) {
            fund(h.cabinet, n * 100, 5);
            images.push(powerCutImage(h));
          }
          const total = notes.reduce((a, n) => a + n * 100, 0);
          h.cabinet.close();
          const last = images[images.length - 1]!;
          if (fileBehind) {
            // The journal has the last commit, the file the one before: a power cut between them.
            restoreImage(h, last);
            restoreImage(h, images[images.length - 2]!, `${h.path}.critical`);
            h.restart();
            expect(memoryErrors(h)).toEqual([]);
            expect(h.cabinet.snapshot().creditsMinor).toBe(total);
          } else {
            const older = pick % (images.length - 1);
            restoreImage(h, images[older]!);
            restoreImage(h, last, `${h.path}.critical`);
            h.restart();
            expect(memoryErrors(h).map((t) => t.reasonCode)).toContainEqual(
              expect.objectContaining({ code: 'journal-behind-copy', copyCreditsMinor: total }),
            );
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('the start-up the shells use (startOnJournalOrLocked)', () => {
  const start = (path: string) =>
    startOnJournalOrLocked(path, (journal, criticalCopyPath) =>
      startCabinetOn(journal, { config: testConfig(), random: deterministicRandom(5), criticalCopyPath }),
    );

  it('keeps the copy beside the journal, or where BACCARAT_CRITICAL_COPY says', () => {
    const tmp = tempJournalPath();
    cleanups.push(tmp.cleanup);
    const { cabinet } = start(tmp.path);
    cabinet.creditBill({ valueMinor: 3_000, channel: 5, eventKey: 'copy-beside' });
    cabinet.close();
    expect(new CriticalCopyFile(`${tmp.path}.critical`).read().record?.state.creditsMinor).toBe(3_000);

    const elsewhere = tempJournalPath();
    cleanups.push(elsewhere.cleanup);
    const placed = `${elsewhere.dir}/copy.critical`;
    process.env.BACCARAT_CRITICAL_COPY = placed;
    cleanups.push(() => delete process.env.BACCARAT_CRITICAL_COPY);
    const again = start(tmp.path).cabinet;
    again.close();
    expect(new CriticalCopyFile(placed).read().record?.state.creditsMinor).toBe(3_000);
  });

  it('a refused BACCARAT_CRITICAL_COPY stops start-up with the reason and leaves the journal where it is', () => {
    const tmp = tempJournalPath();
    cleanups.push(tmp.cleanup);
    start(tmp.path).cabinet.close();
    process.env.BACCARAT_CRITICAL_COPY = 'relative.critical';
    cleanups.push(() => delete process.env.BACCARAT_CRITICAL_COPY);
    expect(() => start(tmp.path)).toThrow(/BACCARAT_CRITICAL_COPY="relative.critical": a relative path/);
    expect(existsSync(tmp.path)).toBe(true);
  });
});

describe('resolveCriticalCopyPath', () => {
  it('defaults to <journal>.critical and refuses a relative path or the journal itself', () => {
    expect(resolveCriticalCopyPath('/tmp/j.sqlite', undefined)).toBe('/tmp/j.sqlite.critical');
    expect(resolveCriticalCopyPath('/tmp/j.sqlite', '/tmp/other.critical')).toBe('/tmp/other.critical');
    expect(() => resolveCriticalCopyPath('/tmp/j.sqlite', 'rel.critical')).toThrow(JournalPathError);
    expect(() => resolveCriticalCopyPath('/tmp/j.sqlite', '/tmp/j.sqlite')).toThrow(/the journal itself/);
  });
});

describe('criticalCopyPathFor: the installation, then the venue config, then beside the journal', () => {
  it('takes BACCARAT_CRITICAL_COPY over the venue config, and the venue config over the default', () => {
    expect(criticalCopyPathFor('/tmp/j.sqlite', '/tmp/venue.critical', '/tmp/env.critical')).toBe('/tmp/env.critical');
    expect(criticalCopyPathFor('/tmp/j.sqlite', '/tmp/venue.critical', undefined)).toBe('/tmp/venue.critical');
    expect(criticalCopyPathFor('/tmp/j.sqlite', null, undefined)).toBe('/tmp/j.sqlite.critical');
  });

  it('names the setting that is wrong and what is allowed', () => {
    expect(() => criticalCopyPathFor('/tmp/j.sqlite', '/tmp/j.sqlite', undefined)).toThrow(
      /journal\.criticalCopyPath=.*the journal itself; allowed: a separate file/,
    );
    expect(() => criticalCopyPathFor('/tmp/j.sqlite', '/no/such/folder/c.critical', undefined)).toThrow(
      /journal\.criticalCopyPath=/,
    );
    expect(() => criticalCopyPathFor('/tmp/j.sqlite', null, '')).toThrow(/BACCARAT_CRITICAL_COPY/);
  });
});
