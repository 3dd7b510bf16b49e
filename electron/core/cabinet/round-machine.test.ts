import { describe, expect, it } from 'vitest';
import type { RoundPhase } from './cabinet-api.ts';
import { assertTransition, canTransition, ROUND_TRANSITIONS, TILT_CLEARANCE } from './round-machine.ts';

describe('round lifecycle state machine', () => {
  it('allows exactly the documented path and the void exits', () => {
    const path: RoundPhase[] = ['idle', 'betting', 'locked', 'dealt', 'settled', 'idle'];
    for (let i = 1; i < path.length; i++) expect(canTransition(path[i - 1]!, path[i]!)).toBe(true);
    expect(canTransition('idle', 'locked')).toBe(true); // REBET deals at once
    expect(canTransition('locked', 'idle')).toBe(true); // voided
    expect(canTransition('dealt', 'idle')).toBe(true); // voided
  });

  it('refuses skipping the deal or the cards, and going back from settled to dealt', () => {
    expect(() => assertTransition('betting', 'dealt')).toThrow(/betting → dealt/);
    expect(() => assertTransition('locked', 'settled')).toThrow();
    expect(() => assertTransition('settled', 'dealt')).toThrow();
    expect(() => assertTransition('idle', 'settled')).toThrow();
    const all = Object.keys(ROUND_TRANSITIONS) as RoundPhase[];
    expect(all.sort()).toEqual(['betting', 'dealt', 'idle', 'locked', 'settled']);
  });

  it('names what clears each tilt; a memory error only by a technician RAM clear, a storage fault after a test write', () => {
    expect(TILT_CLEARANCE).toEqual({
      'rng-fault': 'device-healthy',
      'device-fault': 'device-healthy',
      'memory-error': 'technician-ram-clear',
      'door-open': 'door-closed',
      'handpay-pending': 'technician-handpay-clear',
      'storage-fault': 'technician-test-write',
      'program-fault': 'technician-clear',
      // A doubtful table stream: a technician looks at the link before the terminal plays again.
      'stadium-fault': 'technician-clear',
    });
  });
});
