/**
 * The table's Ed25519 key (docs/stadium.md#signing): created beside its journal on the first start, read on every
 * start after. Written to a temporary file, synced and renamed into place, so a crash leaves the old state or the
 * whole key, never half of one; readable by its owner only.
 */
import { generateKeyPairSync, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export interface TableKey {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** True on the start that made it. */
  readonly created: boolean;
}

/** Where the key of the journal at `journalPath` lives. */
export function tableKeyPath(journalPath: string): string {
  return `${journalPath}.table-key.pem`;
}

function writeDurably(path: string, text: string): void {
  const temporary = `${path}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
  // The rename itself is on disk only once the folder is synced.
  const dir = openSync(dirname(path), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

export function loadOrCreateTableKey(journalPath: string): TableKey {
  const path = tableKeyPath(journalPath);
  if (existsSync(path)) {
    const privateKey = createPrivateKey(readFileSync(path, 'utf8'));
    if (privateKey.asymmetricKeyType !== 'ed25519') {
      throw new Error(`${path} holds a ${privateKey.asymmetricKeyType ?? 'unknown'} key; the table signs with Ed25519`);
    }
    return { privateKey, publicKey: createPublicKey(privateKey), created: false };
  }
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  writeDurably(path, privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
  return { privateKey, publicKey, created: true };
}
