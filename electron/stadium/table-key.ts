/**
 * The table's Ed25519 key (docs/stadium.md#signing): created beside its journal on the first start, read on every
 * start after, written whole or not at all (durable-file.ts). A journal that has dealt rounds and has lost its key
 * is refused rather than given a new key: terminals know the table by its key, and a silent new one would turn
 * every later result into a doubtful one.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFileDurably } from '../storage/durable-file.ts';

export interface TableKey {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
}

/** Where the key of the journal at `journalPath` lives. */
export function tableKeyPath(journalPath: string): string {
  return `${journalPath}.table-key.pem`;
}

export class TableKeyError extends Error {
  override readonly name = 'TableKeyError';
}

/** Reads the key beside the journal; creates it only when `firstStart` (the journal has no round yet). */
export function loadOrCreateTableKey(journalPath: string, firstStart: boolean): TableKey {
  const path = tableKeyPath(journalPath);
  if (existsSync(path)) {
    const privateKey = createPrivateKey(readFileSync(path, 'utf8'));
    if (privateKey.asymmetricKeyType !== 'ed25519') {
      throw new TableKeyError(
        `${path} holds a ${privateKey.asymmetricKeyType ?? 'unknown'} key; the table signs with Ed25519`,
      );
    }
    return { privateKey, publicKey: createPublicKey(privateKey) };
  }
  if (!firstStart) {
    throw new TableKeyError(
      `the table key ${path} is missing but its journal has rounds: restore the key from its backup (the terminals know the table by it)`,
    );
  }
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  writeFileDurably(path, privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
  return { privateKey, publicKey };
}
