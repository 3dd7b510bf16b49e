import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { canonicalJson } from '../core/integrity/canonical-json.ts';
import { tempJournal } from '../testing/journal-fixtures.ts';

const KEY = '0011223344556677';

function journal() {
  const t = tempJournal();
  onTestFinished(t.cleanup);
  return t;
}

/** A stored config body (key left out) and the hash of the config with `key` in it. */
function configWith(key: string | null) {
  const body = { devices: { billAcceptor: { port: null, protocol: 'essp', fixedKeyHex: null } }, demoMode: false };
  const full = { ...body, devices: { billAcceptor: { ...body.devices.billAcceptor, fixedKeyHex: key } } };
  return { body: canonicalJson(body), sha: createHash('sha256').update(canonicalJson(full)).digest('hex') };
}

describe('the eSSP key beside the journal', () => {
  it('is in force only after the transaction commits, never in the journal file, mode 0600', () => {
    const t = journal();
    const j = t.journal;
    const c = configWith(KEY);
    j.transaction(() => {
      j.storeConfig(c.body, c.sha);
      j.storeConfigSecret(KEY);
      expect(j.storedConfigSecret()).toBeNull();
    });
    expect(j.storedConfigSecret()).toBe(KEY);
    expect(statSync(`${t.path}.essp-key`).mode & 0o777).toBe(0o600);
    expect(readFileSync(t.path).includes(Buffer.from(KEY))).toBe(false);
    expect(t.reopen().storedConfigSecret()).toBe(KEY);
  });

  it('a rolled-back change drops the staged key', () => {
    const t = journal();
    const j = t.journal;
    expect(() =>
      j.transaction(() => {
        j.storeConfigSecret(KEY);
        throw new Error('power cut');
      }),
    ).toThrow('power cut');
    expect(j.storedConfigSecret()).toBeNull();
    expect(existsSync(`${t.path}.essp-key.new`)).toBe(false);
  });

  it('a crash between COMMIT and the rename: the next open keeps the key only when the journal says it committed', () => {
    const committed = journal();
    const c = configWith(KEY);
    committed.journal.transaction(() => committed.journal.storeConfig(c.body, c.sha));
    writeFileSync(`${committed.path}.essp-key.new`, JSON.stringify({ fixedKeyHex: KEY }));
    expect(committed.reopen().storedConfigSecret()).toBe(KEY);
    expect(existsSync(`${committed.path}.essp-key.new`)).toBe(false);

    const rolledBack = journal();
    const old = configWith(null);
    rolledBack.journal.transaction(() => rolledBack.journal.storeConfig(old.body, old.sha));
    writeFileSync(`${rolledBack.path}.essp-key.new`, JSON.stringify({ fixedKeyHex: KEY }));
    expect(rolledBack.reopen().storedConfigSecret()).toBeNull();
    expect(existsSync(`${rolledBack.path}.essp-key.new`)).toBe(false);
  });
});
