/**
 * A configured port that can never be a serial device is named for what it is (docs/venue-config.md#device-settings).
 * These tests run as root, and root passes every permission check: a mode-000 file still opens. So the
 * refusals here are the real ones that do not depend on permissions: a directory, a FIFO, a regular file
 * (mode 000 or not) are no character devices. A character device that is no serial port (/dev/null) passes
 * this check and fails in the driver, which cabinet-devices.socat.test.ts shows.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSocatPair } from '../emulators/socat-pair.ts';
import { serialPathProblem } from './device-path.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'device-path-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('serialPathProblem', () => {
  it('a path that does not exist: "missing", saying so', () => {
    expect(serialPathProblem(path.join(dir, 'ttyUSB9'))).toEqual({
      kind: 'missing',
      message: `${path.join(dir, 'ttyUSB9')} does not exist (is the device plugged in, is the name right?)`,
      code: { problem: 'missing' },
    });
  });

  it('a directory, a FIFO and a mode-000 regular file are named for what they are', () => {
    const folder = path.join(dir, 'folder');
    mkdirSync(folder);
    const fifo = path.join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const locked = path.join(dir, 'locked');
    writeFileSync(locked, '');
    chmodSync(locked, 0o000);
    expect(serialPathProblem(folder)?.message).toBe(
      `${folder} is a directory, not a serial device (a character device such as /dev/ttyUSB0 or a pty)`,
    );
    expect(serialPathProblem(fifo)?.message).toMatch(/is a named pipe \(FIFO\), not a serial device/);
    expect(serialPathProblem(locked)).toMatchObject({ kind: 'not-a-serial-device' });
    expect(serialPathProblem(locked)?.message).toMatch(/is a regular file, not a serial device/);
    // The same, as the code the screens word: what the path is instead.
    expect(serialPathProblem(folder)?.code).toEqual({ problem: 'not-a-serial-device', is: 'directory' });
    expect(serialPathProblem(fifo)?.code).toEqual({ problem: 'not-a-serial-device', is: 'fifo' });
    expect(serialPathProblem(locked)?.code).toEqual({ problem: 'not-a-serial-device', is: 'file' });
  });

  it('a relative path is refused', () => {
    expect(serialPathProblem('ttyACM0')).toMatchObject({ kind: 'not-absolute', code: { problem: 'not-absolute' } });
  });

  it('a socat pty (a symlink to /dev/pts/N) and /dev/null are character devices: no problem here', async () => {
    const pair = createSocatPair('device-path-');
    await pair.start();
    try {
      expect(serialPathProblem(pair.b)).toBeNull();
    } finally {
      await pair.dispose();
    }
    expect(serialPathProblem('/dev/null')).toBeNull();
  });
});
