import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '..');

export const ELECTRON_SKIP_REASON =
  'Electron binary not installed on this machine (its download needs GitHub); skipping the electron project';

/**
 * Where the Electron binary would be, without triggering a download: require('electron')
 * in Electron ≥ 43 downloads the binary when it is missing, so read path.txt directly.
 */
export function electronBinary(): string | null {
  const dir = path.join(REPO, 'node_modules', 'electron');
  const pathFile = path.join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = path.join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  try {
    return statSync(binary).isFile() && (statSync(binary).mode & 0o111) !== 0 ? binary : null;
  } catch {
    return null;
  }
}
