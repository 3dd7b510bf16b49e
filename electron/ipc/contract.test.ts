import { describe, expect, it } from 'vitest';
import { SERVICE_CHANNEL_TABLE } from './dev-contract.ts';
import { TEST_CHANNEL_TABLE } from '../host/test-channels.ts';
import type { ChannelSpec } from './channel-spec.ts';
import { ATTENDANT_CHANNELS, CHANNEL_TABLE, CHANNELS, isChannel, TECHNICIAN_CHANNELS } from './contract.ts';

describe('the channel table', () => {
  it('CHANNELS is the table, in order', () => {
    expect(CHANNELS).toEqual(Object.keys(CHANNEL_TABLE));
  });

  it('the production table holds production channels only, with a role each', () => {
    for (const [name, spec] of Object.entries(CHANNEL_TABLE)) {
      expect(spec.availability, name).toBe('production');
      expect(['player', 'staff-access', 'attendant', 'technician'], name).toContain(spec.role);
      // Only a player channel can be a read that answers while the staff menu is open.
      if ((spec as ChannelSpec).readOnly) expect(spec.role, name).toBe('player');
    }
    expect([...TECHNICIAN_CHANNELS].every((name) => name.startsWith('tech:'))).toBe(true);
    expect([...ATTENDANT_CHANNELS].every((name) => name.startsWith('tech:'))).toBe(true);
    expect(CHANNELS.filter((name) => CHANNEL_TABLE[name].role === 'staff-access')).toEqual([
      'staff:sign-in',
      'staff:sign-out',
    ]);
  });

  it('the dev tables hold dev channels only, under their own prefixes, and none is a production channel', () => {
    const dev = { ...SERVICE_CHANNEL_TABLE, ...TEST_CHANNEL_TABLE };
    expect(Object.keys(dev)).toHaveLength(
      Object.keys(SERVICE_CHANNEL_TABLE).length + Object.keys(TEST_CHANNEL_TABLE).length,
    );
    for (const [name, spec] of Object.entries(SERVICE_CHANNEL_TABLE)) {
      expect([spec.availability, spec.role, name.startsWith('service:')], name).toEqual(['dev', 'service', true]);
    }
    for (const [name, spec] of Object.entries(TEST_CHANNEL_TABLE)) {
      expect([spec.availability, spec.role, name.startsWith('test:')], name).toEqual(['dev', 'test', true]);
    }
    for (const name of Object.keys(dev)) expect(isChannel(name), name).toBe(false);
  });

  it('isChannel knows only the table, not the object prototype', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(isChannel(name)).toBe(false);
    expect(isChannel('bets:place')).toBe(true);
  });
});
