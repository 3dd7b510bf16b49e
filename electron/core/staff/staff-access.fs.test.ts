/**
 * Staff access on a real disk that refuses writes (docs/cabinet-rules.md#operator-menu-and-key-switch): the
 * journal lives on a small tmpfs filled until SQLite gets SQLITE_FULL, or on a loop-mounted ext4 whose journal
 * files are made immutable under the open handle (SQLITE_IOERR). Staff access runs as main runs it, on real
 * timers. The key turning off and the idle time end the session anyway, no timer throws, wrong PINs still
 * lock the role, and the held events reach the journal once it takes writes again. Mounting needs root:
 * without it the tests are skipped, saying why.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Journal } from '../../storage/journal.ts';
import { TEST_SCRYPT, testPinHash } from '../../testing/memory-staff.ts';
import { mountExt4, mountTmpfs, type ScratchFilesystem } from '../../testing/scratch-filesystem.ts';
import { until } from '../../testing/until.ts';
import { MAX_FAILURES } from './lockout.ts';
import { createPinHasher } from './pin-hash.ts';
import { createStaffAccess, type StaffAccess } from './staff-access.ts';
import { keySwitchTurned, signedOut } from './staff-event.ts';
import { isStaffError } from './staff-error.ts';

interface Disk {
  readonly name: string;
  mount(): ScratchFilesystem | { skip: string };
  breakIt(fs: ScratchFilesystem, path: string): void;
  mend(fs: ScratchFilesystem, path: string): void;
}

const journalFiles = (path: string) => [path, `${path}-wal`];

const DISKS: readonly Disk[] = [
  {
    name: 'a full tmpfs (SQLITE_FULL)',
    mount: () => mountTmpfs(8 * 1024 * 1024),
    breakIt: (fs) => fs.fill(),
    mend: (fs) => fs.free(),
  },
  {
    name: 'journal files made immutable under the open handle (ext4, chattr +i: SQLITE_IOERR)',
    mount: () => mountExt4(32),
    breakIt: (fs, path) => fs.makeReadOnly(journalFiles(path)),
    mend: (fs, path) => fs.makeWritable(journalFiles(path)),
  },
];

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (isStaffError(error)) return error.code;
    throw error;
  }
}

/** Staff access over the journal as main builds it: real clock, real timers. */
function realStaff(journal: Journal): StaffAccess {
  return createStaffAccess({
    store: journal.staff,
    hasher: createPinHasher(TEST_SCRYPT),
    clock: () => new Date(),
    schedule: (delayMs, fn) => {
      const timer = setTimeout(fn, delayMs);
      return () => clearTimeout(timer);
    },
    idleSignOutMs: 1_000,
    retryMs: 50,
    keyOn: true,
  });
}

const staffRows = (journal: Journal) =>
  journal
    .events({ kind: 'staff', limit: 200 })
    .map((e) => e.message)
    .reverse();

for (const disk of DISKS) {
  describe(`staff access while the journal refuses writes: ${disk.name}`, () => {
    let fs: ScratchFilesystem | null = null;
    let skip = '';
    beforeAll(() => {
      const mounted = disk.mount();
      if ('skip' in mounted) skip = mounted.skip;
      else fs = mounted;
    });
    afterAll(() => fs?.cleanup());

    it('key-off and idle end the session, wrong PINs lock the role, and the events land once the disk is mended', async (ctx) => {
      if (!fs) return ctx.skip(skip);
      const mounted = fs as ScratchFilesystem;
      const path = join(mounted.dir, 'journal.sqlite');
      const journal = Journal.open(path);
      const at = new Date().toISOString();
      journal.staff.provision('technician', testPinHash('2468'), at);
      journal.staff.provision('attendant', testPinHash('1357'), at);
      const staff = realStaff(journal);
      try {
        expect(await codeOf(staff.signIn('technician', '2468'))).toBe('ok');
        disk.breakIt(mounted, path);

        // The key turns off: the session ends at once although neither event can be written.
        staff.setKey(false);
        expect(staff.session()).toBeNull();
        expect(staff.heldEvents()).toEqual([keySwitchTurned(false), signedOut('technician', { why: 'key-off' })]);
        staff.setKey(true);
        // A sign-in the journal cannot record opens no session.
        expect(await codeOf(staff.signIn('technician', '2468'))).toBe('not-recorded');
        expect(staff.session()).toBeNull();

        // Wrong PINs are counted in memory: the fifth locks, the sixth (the right PIN) is refused unchecked.
        for (let i = 1; i < MAX_FAILURES; i++)
          expect(await codeOf(staff.signIn('attendant', '0000'))).toBe('wrong-pin');
        expect(await codeOf(staff.signIn('attendant', '0000'))).toBe('locked-out');
        expect(await codeOf(staff.signIn('attendant', '1357'))).toBe('locked-out');

        disk.mend(mounted, path);
        await until(() => staff.heldEvents().length === 0, 'the held staff events written');
        const rows = staffRows(journal);
        expect(rows).toContainEqual(signedOut('technician', { why: 'key-off' }));
        const failed = rows.filter(
          (m) => (m.code === 'staff-wrong-pin' || m.code === 'staff-locked-out') && m.role === 'attendant',
        );
        expect(failed).toHaveLength(MAX_FAILURES);
        expect(journal.staff.load().attendant).toMatchObject({ failures: MAX_FAILURES });
        expect(journal.staff.load().attendant.lockedUntil).not.toBeNull();

        // The idle timer fires on a broken disk: the session ends and nothing escapes the timer.
        expect(await codeOf(staff.signIn('technician', '2468'))).toBe('ok');
        const ended = new Promise<void>((resolve) => staff.subscribe((s) => s.session === null && resolve()));
        disk.breakIt(mounted, path);
        await ended;
        expect(staff.session()).toBeNull();
        expect(staff.heldEvents()).toEqual([signedOut('technician', { why: 'idle', idleS: 1 })]);
        disk.mend(mounted, path);
        await until(() => staff.heldEvents().length === 0, 'the idle sign-out written');
        expect(staffRows(journal).at(-1)).toEqual(signedOut('technician', { why: 'idle', idleS: 1 }));
      } finally {
        staff.close();
        journal.close();
      }
    });
  });
}
