/**
 * The Electron main's crash policy when the journal refuses the crash's row (docs/cabinet-rules.md#damaged-journal,
 * "Crash policy"): the journal's files are made immutable from outside the process (`chattr +i` on a loop-mounted
 * ext4, electron/testing/scratch-filesystem.ts), then an error nothing handles is injected. Main still exits 75 and
 * leaves the marker beside the journal; once the disk takes writes again, the next start journals the crash from
 * the marker, removes it and names the crash in its recovery line.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_PROCESS_CRASH } from './app/crash-policy.ts';
import { crashMarkerPath } from './app/process-crash-record.ts';
import { crashMessages, killLeftoverMains, prepareMainDir, runMain } from './testing/main-under-stand-in.ts';
import { mountExt4, type ScratchFilesystem } from './testing/scratch-filesystem.ts';

let disk: ScratchFilesystem | null = null;
let skip = '';
beforeAll(() => {
  const mounted = mountExt4(32);
  if ('skip' in mounted) skip = mounted.skip;
  else disk = mounted;
  if (skip) console.warn(`read-only journal crash test skipped: ${skip}`);
});
afterAll(() => {
  killLeftoverMains();
  disk?.cleanup();
});

describe('the Electron main crash policy on a journal that refuses writes', () => {
  it('exit 75 with the crash in the marker; the next start journals it from there', async ({ skip: skipTest }) => {
    if (!disk) return skipTest(skip);
    const dir = prepareMainDir(disk.dir);
    const journal = path.join(dir, 'journal.sqlite');
    const files = [journal, `${journal}-wal`];

    const crashed = await runMain(dir, 'SIGUSR2', 'exception', () => disk!.makeReadOnly(files));
    disk.makeWritable(files);
    expect(crashed.code, crashed.stderr).toBe(EXIT_PROCESS_CRASH);
    expect(crashed.stderr).toMatch(/kiosk: uncaught-exception: TypeError: injected/);
    expect(existsSync(crashMarkerPath(journal))).toBe(true);
    expect(crashMessages(dir)).toEqual([]);

    const next = await runMain(dir, 'SIGTERM');
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toContain('the last run ended in a crash (uncaught-exception, TypeError, at ');
    expect(existsSync(crashMarkerPath(journal))).toBe(false);
    expect(crashMessages(dir)).toEqual([
      {
        code: 'process-crash',
        crash: 'uncaught-exception',
        error: 'TypeError',
        recordedAtStart: true,
        crashedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    ]);
  }, 60_000);
});
