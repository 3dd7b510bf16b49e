/**
 * Is this path a serial port the cabinet can open? A check before a driver is started, so a wrong
 * path gets one clear sentence (docs/venue-config.md#device-settings) instead of a retry loop on
 * something that can never be a serial device:
 * - it must exist (a USB device that is not plugged in yet is the exception the caller decides on);
 * - it must be a character device: a tty, a USB CDC-ACM node, or a pseudo-terminal (socat's links
 *   are symlinks to /dev/pts/N, followed here);
 * - the process must be allowed to read and write it (the kiosk user in the `dialout` group).
 *   Root passes every permission check, so on root a mode-000 node still opens; it then fails in
 *   the driver if it is no serial port (tcsetattr: "Inappropriate ioctl for device").
 */
import { accessSync, constants, statSync, type Stats } from 'node:fs';
import type { PortKind, PortProblem } from '../core/model/device-detail.ts';

/** What is wrong: `kind` for the caller's decision, `message` in words for the log, `code` for the screens. */
export type PathProblem =
  | { readonly kind: 'missing'; readonly message: string; readonly code: PortProblem }
  | {
      readonly kind: 'not-a-serial-device' | 'no-permission' | 'not-absolute';
      readonly message: string;
      readonly code: PortProblem;
    };

const KIND_WORDS: Readonly<Record<PortKind, string>> = {
  directory: 'a directory',
  fifo: 'a named pipe (FIFO)',
  file: 'a regular file',
  socket: 'a socket',
  'block-device': 'a block device',
  other: 'not a device',
};

function kindOf(stats: Stats): PortKind {
  if (stats.isDirectory()) return 'directory';
  if (stats.isFIFO()) return 'fifo';
  if (stats.isFile()) return 'file';
  if (stats.isSocket()) return 'socket';
  if (stats.isBlockDevice()) return 'block-device';
  return 'other';
}

/** Null when `path` is a character device this process may open; else what is wrong, in words. */
export function serialPathProblem(path: string): PathProblem | null {
  if (!path.startsWith('/')) {
    return {
      kind: 'not-absolute',
      message: `${path} is not an absolute path (e.g. /dev/ttyUSB0)`,
      code: { problem: 'not-absolute' },
    };
  }
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      return {
        kind: 'missing',
        message: `${path} does not exist (is the device plugged in, is the name right?)`,
        code: { problem: 'missing' },
      };
    }
    return {
      kind: 'no-permission',
      message: `${path} cannot be examined (${code ?? String(error)})`,
      code: { problem: 'no-permission', osCode: code ?? 'unknown' },
    };
  }
  if (!stats.isCharacterDevice()) {
    const is = kindOf(stats);
    return {
      kind: 'not-a-serial-device',
      message: `${path} is ${KIND_WORDS[is]}, not a serial device (a character device such as /dev/ttyUSB0 or a pty)`,
      code: { problem: 'not-a-serial-device', is },
    };
  }
  try {
    accessSync(path, constants.R_OK | constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EACCES';
    return {
      kind: 'no-permission',
      message: `${path} cannot be opened for reading and writing (${code}: add the kiosk user to the group that owns it, usually dialout)`,
      code: { problem: 'no-permission', osCode: code },
    };
  }
  return null;
}
