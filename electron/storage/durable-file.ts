/**
 * A small file written whole or not at all, and on disk when the call returns: written to `<path>.tmp`, synced,
 * renamed over `path`, and the folder synced so the rename itself survives a power loss
 * (docs/cabinet-rules.md#power-loss). Readable by its owner only. For keys and copies kept beside a journal.
 */
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** Syncs a folder, so a rename or a new file in it survives a power loss. */
export function syncFolder(folder: string): void {
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function writeFileDurably(path: string, text: string | Uint8Array): void {
  const temporary = `${path}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    if (typeof text === 'string') writeSync(fd, text);
    else writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
  syncFolder(dirname(path));
}
