/**
 * Test-only real file systems to break under an open journal (docs/cabinet-rules.md#storage-faults):
 * - a small tmpfs (`mount -t tmpfs -o size=…`) that `fill()` fills until the kernel answers ENOSPC, so
 *   SQLite's next write gets SQLITE_FULL; `free()` removes the filler;
 * - a loop-mounted ext4 image whose journal files `makeReadOnly()` marks immutable (`chattr +i`) under
 *   the open handle, so SQLite's next write gets SQLITE_IOERR (EPERM from the kernel); the -shm file stays
 *   writable because SQLite maps it into memory.
 * Mounting needs root: `mountTmpfs`/`mountExt4` return `{ skip }` with the reason when the machine
 * refuses, and the test says so instead of passing silently.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, truncateSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ScratchFilesystem {
  readonly dir: string;
  /** Fills the file system until the kernel answers ENOSPC. */
  fill(): void;
  /** Removes the filler: writes work again. */
  free(): void;
  /** Marks these files immutable under any open handle (ext4 only). */
  makeReadOnly(paths: readonly string[]): void;
  makeWritable(paths: readonly string[]): void;
  cleanup(): void;
}

function run(cmd: string, args: readonly string[]): void {
  execFileSync(cmd, args, { stdio: 'pipe' });
}

function why(error: unknown): string {
  const e = error as { stderr?: Buffer; message?: string };
  return (e.stderr?.toString().trim() || e.message || String(error)).split('\n')[0]!;
}

function withFiller(dir: string, unmount: () => void, chattr: boolean): ScratchFilesystem {
  const filler = join(dir, 'filler.bin');
  const existing = (paths: readonly string[]) => paths.filter((p) => existsSync(p));
  return {
    dir,
    fill() {
      const fd = openSync(filler, 'a');
      try {
        for (const size of [1 << 16, 1 << 12, 1 << 9, 1]) {
          const chunk = Buffer.alloc(size, 0xa5);
          for (;;) {
            try {
              writeSync(fd, chunk);
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
              throw error;
            }
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    free() {
      if (existsSync(filler)) {
        truncateSync(filler, 0);
        rmSync(filler);
      }
    },
    makeReadOnly(paths) {
      if (!chattr) throw new Error('makeReadOnly needs the ext4 scratch file system');
      run('chattr', ['+i', ...existing(paths)]);
    },
    makeWritable(paths) {
      if (chattr && existing(paths).length > 0) run('chattr', ['-i', ...existing(paths)]);
    },
    cleanup() {
      unmount();
    },
  };
}

/** A tmpfs of `sizeBytes` on a fresh directory, or why it cannot be mounted here. */
export function mountTmpfs(sizeBytes: number): ScratchFilesystem | { skip: string } {
  const dir = mkdtempSync(join(tmpdir(), 'storage-full-'));
  try {
    run('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes}`, 'tmpfs', dir]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { skip: `cannot mount a tmpfs here (needs root): ${why(error)}` };
  }
  return withFiller(
    dir,
    () => {
      run('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
    false,
  );
}

/** An ext4 image of `sizeMiB` loop-mounted on a fresh directory, or why it cannot be here. */
export function mountExt4(sizeMiB: number): ScratchFilesystem | { skip: string } {
  const root = mkdtempSync(join(tmpdir(), 'storage-ro-'));
  const image = join(root, 'disk.img');
  const dir = join(root, 'mnt');
  let loop: string | null = null;
  try {
    const fd = openSync(image, 'w');
    closeSync(fd);
    truncateSync(image, sizeMiB * 1024 * 1024);
    run('mkfs.ext4', ['-q', '-F', image]);
    loop = execFileSync('losetup', ['-f', '--show', image], { stdio: 'pipe' }).toString().trim();
    execFileSync('mkdir', [dir]);
    run('mount', [loop, dir]);
  } catch (error) {
    if (loop) run('losetup', ['-d', loop]);
    rmSync(root, { recursive: true, force: true });
    return { skip: `cannot loop-mount an ext4 image here (needs root, mkfs.ext4, losetup): ${why(error)}` };
  }
  const device = loop;
  return withFiller(
    dir,
    () => {
      run('umount', [dir]);
      run('losetup', ['-d', device]);
      rmSync(root, { recursive: true, force: true });
    },
    true,
  );
}
