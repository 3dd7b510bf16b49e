import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rawPublicKey } from './result-signature.ts';
import { loadOrCreateTableKey, tableKeyPath } from './table-key.ts';

describe("the table's key beside its journal", () => {
  let dir: string;
  let journal: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'table-key-'));
    journal = join(dir, 'table.db');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is created on the first start, readable by its owner only, and the same key after', () => {
    const first = loadOrCreateTableKey(journal, true);
    expect(statSync(tableKeyPath(journal)).mode & 0o777).toBe(0o600);
    expect(rawPublicKey(loadOrCreateTableKey(journal, false).publicKey)).toBe(rawPublicKey(first.publicKey));
  });

  it('is never made anew for a journal that has rounds', () => {
    loadOrCreateTableKey(journal, true);
    unlinkSync(tableKeyPath(journal));
    expect(() => loadOrCreateTableKey(journal, false)).toThrow('is missing but its journal has rounds');
  });

  it('must be Ed25519', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    writeFileSync(tableKeyPath(journal), privateKey.export({ format: 'pem', type: 'pkcs8' }));
    expect(() => loadOrCreateTableKey(journal, true)).toThrow('holds a ec key; the table signs with Ed25519');
  });
});
