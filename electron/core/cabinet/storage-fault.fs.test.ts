/**
 * Storage faults from real disks (docs/cabinet-rules.md#storage-faults): the journal lives on a small
 * tmpfs that is filled until SQLite gets SQLITE_FULL, or on a loop-mounted ext4 whose journal files are
 * made read-only under the open handle (SQLite gets SQLITE_IOERR). The fault lands just before each
 * write statement of a round and of a bill credit in turn; SQLite meets it at that statement or at the
 * COMMIT that writes the transaction out. Mounting needs root (CI runs as root): without it the tests
 * are skipped, saying why.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from '../../testing/cabinet-harness.ts';
import { mountExt4, mountTmpfs, type ScratchFilesystem } from '../../testing/scratch-filesystem.ts';
import { WriteTrigger } from '../../testing/statement-fault.ts';
import {
  expectRecovered,
  expectTiltedNotFrozen,
  freshNoteKey,
  FUNDS_MINOR,
  openRig,
  placeBets,
  roundStages,
  type Rig,
} from '../../testing/storage-fault-scenario.ts';
import type { StorageStage } from '../model/journal-message.ts';

interface Disk {
  readonly name: string;
  readonly sqlite: string;
  mount(): ScratchFilesystem | { skip: string };
  /** Breaks the disk under the open journal at `path`, and mends it. */
  breakIt(fs: ScratchFilesystem, path: string): void;
  mend(fs: ScratchFilesystem, path: string): void;
}

const journalFiles = (path: string) => [path, `${path}-wal`];

const DISKS: readonly Disk[] = [
  {
    name: 'a full tmpfs',
    sqlite: 'SQLITE_FULL',
    mount: () => mountTmpfs(8 * 1024 * 1024),
    breakIt: (fs) => fs.fill(),
    mend: (fs) => fs.free(),
  },
  {
    name: 'journal files made read-only under the open handle (ext4, chattr +i)',
    sqlite: 'SQLITE_IOERR',
    mount: () => mountExt4(32),
    breakIt: (fs, path) => fs.makeReadOnly(journalFiles(path)),
    mend: (fs, path) => fs.makeWritable(journalFiles(path)),
  },
];

for (const disk of DISKS) {
  describe(`storage fault from ${disk.name}`, () => {
    let fs: ScratchFilesystem | null = null;
    let skip = '';
    let n = 0;
    const rigs: Array<{ rig: Rig; path: string }> = [];

    beforeAll(() => {
      const mounted = disk.mount();
      if ('skip' in mounted) skip = mounted.skip;
      else fs = mounted;
      if (skip) console.warn(`storage-fault disk tests skipped: ${skip}`);
    });
    afterAll(() => {
      for (const { rig, path } of rigs) {
        if (fs) disk.mend(fs, path);
        try {
          rig.cabinet.close();
        } catch {
          /* already closed */
        }
      }
      fs?.cleanup();
    });

    /** Each journal is removed after its case, so the small disk only ever holds one or two. */
    function dispose(made: { rig: Rig; path: string }): void {
      made.rig.cabinet.close();
      rigs.splice(rigs.indexOf(made), 1);
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${made.path}${suffix}`, { force: true });
    }

    function freshRig(trigger: WriteTrigger): { rig: Rig; path: string } {
      const path = join(fs!.dir, `journal-${n++}.sqlite`);
      const made = { rig: openRig(path, trigger), path };
      rigs.push(made);
      return made;
    }

    /** The write statements of one clean round and one bill credit on this disk. */
    function measure(): { stages: StorageStage[]; billWrites: number } {
      const trigger = new WriteTrigger();
      const { rig } = freshRig(trigger);
      rig.cabinet.creditBill({ valueMinor: FUNDS_MINOR, channel: 5, eventKey: freshNoteKey() });
      placeBets(rig.cabinet);
      trigger.count(() => rig.cabinet.deal());
      const stages = roundStages(trigger.writesSeen);
      const billWrites = trigger.count(() => {
        rig.cabinet.creditBill({ valueMinor: 2_000, channel: 3, eventKey: freshNoteKey() });
      });
      dispose(rigs.at(-1)!);
      return { stages, billWrites };
    }

    it('every write statement of a round: tilt, no freeze, voided and refunded once after the disk is mended', (ctx) => {
      if (skip) return ctx.skip();
      const { stages } = measure();
      for (let k = 1; k <= stages.length; k++) {
        const trigger = new WriteTrigger();
        const made = freshRig(trigger);
        const { rig, path } = made;
        rig.cabinet.creditBill({ valueMinor: FUNDS_MINOR, channel: 5, eventKey: freshNoteKey() });
        placeBets(rig.cabinet);
        trigger.arm(k, () => disk.breakIt(fs!, path));
        expect(refusal(() => rig.cabinet.deal()).code, `write ${k}`).toBe('tilted');
        expectTiltedNotFrozen(rig.cabinet);
        const tilt = rig.cabinet.snapshot().tilts.find((t) => t.kind === 'storage-fault');
        expect(tilt?.reasonCode, `write ${k}`).toMatchObject({ code: 'storage-error', sqlite: disk.sqlite });
        disk.mend(fs!, path);
        // SQLite writes a transaction out at its COMMIT: a fault before any statement of a commit is met there.
        expectRecovered(rig, path, { stage: stages[k - 1]!, sqlite: disk.sqlite, creditsMinor: FUNDS_MINOR });
        dispose(made);
      }
    });

    it('every write statement of a bill credit: the note is held and credited exactly once', (ctx) => {
      if (skip) return ctx.skip();
      const { billWrites } = measure();
      expect(billWrites).toBeGreaterThan(0);
      for (let k = 1; k <= billWrites; k++) {
        const trigger = new WriteTrigger();
        const made = freshRig(trigger);
        const { rig, path } = made;
        const note = { valueMinor: FUNDS_MINOR, channel: 5, eventKey: freshNoteKey() };
        trigger.arm(k, () => disk.breakIt(fs!, path));
        expect(refusal(() => rig.cabinet.creditBill(note)).code, `write ${k}`).toBe('tilted');
        expect(refusal(() => rig.cabinet.cashOut()).code).toBe('tilted');
        disk.mend(fs!, path);
        expectRecovered(rig, path, { stage: 'bill', sqlite: disk.sqlite, creditsMinor: FUNDS_MINOR });
        expect(rig.cabinet.creditBill(note)).toBe(false);
        expect(rig.journal.auditRows().ledger.filter((r) => r.kind === 'bill')).toHaveLength(1);
        dispose(made);
      }
    });
  });
}
