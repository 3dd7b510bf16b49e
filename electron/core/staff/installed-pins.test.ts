import { describe, expect, it } from 'vitest';
import { testPinHash } from '../../testing/memory-staff.ts';
import { installedPins } from './installed-pins.ts';

describe('PIN hashes from the installation file (docs/cabinet-rules.md#operator-menu-and-key-switch)', () => {
  it('takes a well-formed hash per role and reports, never uses, one that is not a hash', () => {
    const hash = testPinHash('2468');
    expect(installedPins({ BACCARAT_TECHNICIAN_PIN_HASH: ` ${hash}\n` })).toEqual({
      pins: { technician: hash },
      problems: [],
    });
    const bad = installedPins({ BACCARAT_TECHNICIAN_PIN_HASH: '2468', BACCARAT_ATTENDANT_PIN_HASH: '' });
    expect(bad.pins).toEqual({});
    expect(bad.problems).toEqual([
      'BACCARAT_TECHNICIAN_PIN_HASH is not a PIN hash (allowed: scrypt$N$r$p$salt$key as printed by npm run provision -- --print-hash); ignored',
    ]);
  });
});
