/**
 * The second copy of critical memory on its own device (docs/cabinet-rules.md#critical-memory), and that
 * device failing: a small tmpfs that is filled until the kernel answers ENOSPC. The journal's commits
 * stand; the cabinet stops play with a storage-fault tilt from the copy, never quarantines a good
 * journal, and a technician clears it only once the copy is written again. Mounting needs root (CI runs
 * as root): without it the tests are skipped, saying why.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CabinetCore } from './cabinet.ts';
import { refusal } from '../../testing/cabinet-harness.ts';
import { deterministicRandom, steppingClock, tempJournalPath, testConfig } from '../../testing/fixtures.ts';
import { mountTmpfs, type ScratchFilesystem } from '../../testing/scratch-filesystem.ts';
import { until } from '../../testing/until.ts';
import { CriticalCopyFile } from '../../storage/critical-copy-file.ts';
import { Journal } from '../../storage/journal.ts';
import { startCabinetOn, startOnJournalOrLocked } from '../../storage/open-cabinet.ts';

let fs: ScratchFilesystem | null = null;
let skip = '';
const open: CabinetCore[] = [];
const folders: Array<() => void> = [];
function journalPath(): string {
  const t = tempJournalPath('copy-fault-');
  folders.push(t.cleanup);
  return t.path;
}

beforeAll(() => {
  const mounted = mountTmpfs(256 * 1024);
  if ('skip' in mounted) skip = mounted.skip;
  else fs = mounted;
  if (skip) console.warn(`critical-copy device tests skipped: ${skip}`);
});
afterEach(() => {
  for (const c of open.splice(0)) c.close();
  for (const cleanup of folders.splice(0)) cleanup();
  fs?.free();
});
afterAll(() => fs?.cleanup());

function start(journalPath: string, copyPath: string): CabinetCore {
  const cabinet = startCabinetOn(Journal.open(journalPath), {
    config: testConfig(),
    random: deterministicRandom(11),
    clock: steppingClock(),
    criticalCopyPath: copyPath,
  });
  open.push(cabinet);
  return cabinet;
}

const copyTilt = (c: CabinetCore) =>
  c.snapshot().tilts.find((t) => t.kind === 'storage-fault' && t.source === 'critical-copy');

describe('a second copy of critical memory that cannot be written', () => {
  it('stops play with a storage-fault tilt from the copy; the committed round stands and a technician clears it once the copy is written', async (t) => {
    if (!fs) return t.skip(skip);
    const copyPath = join(fs.dir, `copy-${process.pid}.critical`);
    const cabinet = start(journalPath(), copyPath);
    cabinet.creditBill({ channel: 5, valueMinor: 10_000, eventKey: 'copy-fault-note-1' });
    fs.fill();
    cabinet.placeChip('banker', 500);
    const round = cabinet.deal();
    expect(round.status).toBe('settled'); // the journal took every commit of the round
    await until(() => copyTilt(cabinet) !== undefined, 'the critical-copy tilt');
    expect(copyTilt(cabinet)?.reasonCode).toEqual({ code: 'copy-write-failed', errno: 'ENOSPC' });
    const credits = cabinet.snapshot().creditsMinor;
    expect(refusal(() => cabinet.placeChip('player', 500)).code).toBe('tilted');
    expect(cabinet.canAcceptBill(1_000).accept).toBe(false);

    // While the device is still full, the clear is refused and says why.
    const still = refusal(() =>
      cabinet.clearTilt('storage-fault', 'critical-copy', { by: 'technician', doorOpen: false }),
    );
    expect(still.message).toMatch(/still cannot be written \(ENOSPC\)/);
    expect(() => cabinet.clearTilt('storage-fault', 'critical-copy', { by: 'attendant', doorOpen: false })).toThrow(
      /only a technician/,
    );

    fs.free();
    cabinet.clearTilt('storage-fault', 'critical-copy', { by: 'technician', doorOpen: false });
    expect(cabinet.snapshot().tilts).toEqual([]);
    const copy = new CriticalCopyFile(copyPath).read();
    expect(copy.problem).toBeNull();
    expect(copy.record?.state.creditsMinor).toBe(credits);
    expect(cabinet.events({ limit: 20 }).some((e) => e.message?.code === 'copy-rewritten')).toBe(true);
    cabinet.placeChip('player', 500);
    expect(cabinet.deal().status).toBe('settled');
  });

  it('raises the tilt once, however many commits fail to reach the copy', async (t) => {
    if (!fs) return t.skip(skip);
    const cabinet = start(journalPath(), join(fs.dir, `once-${process.pid}.critical`));
    fs.fill();
    cabinet.creditBill({ channel: 5, valueMinor: 10_000, eventKey: 'copy-fault-once-1' });
    await until(() => copyTilt(cabinet) !== undefined, 'the critical-copy tilt');
    // A stacked note is never lost: it is credited even under the tilt, and its copy write fails again.
    cabinet.creditBill({ channel: 4, valueMinor: 5_000, eventKey: 'copy-fault-once-2' });
    await Promise.resolve();
    const raised = cabinet
      .events({ limit: 50 })
      .filter((e) => e.message?.code === 'fault-raised' && e.message.source === 'critical-copy');
    expect(raised).toHaveLength(1);
  });

  it('at start-up, a copy that cannot be rebuilt is a copy fault, never a damaged journal', async (t) => {
    if (!fs) return t.skip(skip);
    const path = journalPath();
    const copyPath = join(fs.dir, `start-${process.pid}.critical`);
    const first = start(path, copyPath);
    first.creditBill({ channel: 5, valueMinor: 10_000, eventKey: 'copy-fault-start-1' });
    first.close();
    open.splice(open.indexOf(first), 1);
    rmSync(copyPath); // the copy is gone and its device is full: the rebuild at start cannot write it
    fs.fill();
    const started = startOnJournalOrLocked(
      path,
      (journal, criticalCopyPath) =>
        startCabinetOn(journal, {
          config: testConfig(),
          random: deterministicRandom(3),
          clock: steppingClock(),
          criticalCopyPath,
        }),
      undefined,
      copyPath,
    );
    open.push(started.cabinet);
    expect(started.quarantined).toBeNull();
    expect(started.cabinet.snapshot().creditsMinor).toBe(10_000);
    expect(copyTilt(started.cabinet)?.reasonCode).toEqual({ code: 'copy-write-failed', errno: 'ENOSPC' });
  });
});
