import { describe, expect, it, onTestFinished } from 'vitest';
import { tempJournal } from '../testing/journal-fixtures.ts';

function journal() {
  const t = tempJournal();
  onTestFinished(t.cleanup);
  return t;
}

describe('the stored venue configuration', () => {
  it('holds one configuration, replaced as a whole, and survives a reopen', () => {
    const t = journal();
    const j = t.journal;
    expect(j.storedConfig()).toBeNull();
    j.transaction(() => j.storeConfig('{"v":1}', 'sha-1'));
    j.transaction(() => j.storeConfig('{"v":2}', 'sha-2'));
    expect(j.storedConfig()).toEqual({ body: '{"v":2}', sha256: 'sha-2' });
    expect(t.reopen({ readOnly: true }).storedConfig()).toEqual({ body: '{"v":2}', sha256: 'sha-2' });
  });

  it('storeConfig outside a transaction is refused and the stored configuration stays', () => {
    const j = journal().journal;
    j.transaction(() => j.storeConfig('{"v":1}', 'sha-1'));
    expect(() => j.storeConfig('{"v":2}', 'sha-2')).toThrow('storeConfig must run inside a journal transaction');
    expect(j.storedConfig()).toEqual({ body: '{"v":1}', sha256: 'sha-1' });
  });
});
