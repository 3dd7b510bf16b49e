import { describe, expect, it, onTestFinished } from 'vitest';
import type { Tilt } from '../core/model/tilt.ts';
import { tempJournal } from '../testing/journal-fixtures.ts';

function journal() {
  const t = tempJournal();
  onTestFinished(t.cleanup);
  return t.journal;
}

const rng: Tilt = {
  kind: 'rng-fault',
  source: 'rng',
  reasonCode: { code: 'rng-deal-failure' },
  clearedBy: 'device-healthy',
  since: 't1',
};
const usb: Tilt = { ...rng, source: 'rng-usb', since: 't2' };
const door: Tilt = {
  kind: 'door-open',
  source: 'door',
  reasonCode: { code: 'door-is-open' },
  clearedBy: 'door-closed',
  since: 't3',
};

describe('tilts', () => {
  it('are keyed by kind and source: the first one stays', () => {
    const j = journal();
    expect(j.transaction(() => j.putTilt(rng))).toBe(true);
    expect(j.transaction(() => j.putTilt({ ...rng, reasonCode: { code: 'memory-no-good-copy' }, since: 't9' }))).toBe(
      false,
    );
    j.transaction(() => [j.putTilt(door), j.putTilt(usb)]);
    expect(j.tilts()).toEqual([rng, usb, door]);
  });

  it('are removed by kind, or by kind and source', () => {
    const j = journal();
    j.transaction(() => [rng, usb, door].map((t) => j.putTilt(t)));
    expect(j.transaction(() => j.removeTilt('rng-fault', 'rng-usb'))).toBe(1);
    expect(j.transaction(() => j.removeTilt('rng-fault', 'nowhere'))).toBe(0);
    expect(j.tilts()).toEqual([rng, door]);
    expect(j.transaction(() => j.removeTilt('door-open'))).toBe(1);
    expect(j.tilts()).toEqual([rng]);
  });

  it('putTilt outside a transaction is refused and raises nothing', () => {
    const j = journal();
    expect(() => j.putTilt(rng)).toThrow('putTilt must run inside a journal transaction');
    expect(j.tilts()).toEqual([]);
  });

  it('removeTilt outside a transaction is refused and the tilt stays', () => {
    const j = journal();
    j.transaction(() => j.putTilt(door));
    expect(() => j.removeTilt('door-open')).toThrow('removeTilt must run inside a journal transaction');
    expect(() => j.removeTilt('door-open', 'door')).toThrow('removeTilt must run inside a journal transaction');
    expect(j.tilts()).toEqual([door]);
  });
});
