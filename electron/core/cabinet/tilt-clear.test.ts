import { afterEach, describe, expect, it } from 'vitest';
import { closeCabinets, journalOf, refusal, setupCabinet } from '../../testing/cabinet-harness.ts';

afterEach(closeCabinets);

const attendant = { by: 'attendant', doorOpen: false } as const;

describe('clearing a latched tilt (docs/cabinet-rules.md#door-and-tilt)', () => {
  it('a device-fault raised while the device reports healthy is latched: staff clear it, and the log says who', () => {
    const { cabinet } = setupCabinet();
    cabinet.reportDevice({ device: 'bill-acceptor', health: 'healthy', detail: 'polling' });
    cabinet.raiseFault('device-fault', 'bill-acceptor', 'credit with no escrow: count the cashbox');
    expect(cabinet.snapshot().tilts.map((t) => t.kind)).toEqual(['device-fault']);
    cabinet.clearTilt('device-fault', 'bill-acceptor', attendant);
    expect(cabinet.snapshot().tilts).toEqual([]);
    const log = journalOf(cabinet).events({ kind: 'clear', limit: 1 });
    expect(log[0]?.detail).toBe('device-fault from bill-acceptor cleared by attendant: its condition has gone');
  });

  it('refuses while the condition is still there, saying why, and changes nothing', () => {
    const { cabinet } = setupCabinet();
    cabinet.reportDevice({ device: 'bill-acceptor', health: 'fault', detail: 'stacker full' });
    const before = cabinet.snapshot().tilts;
    const error = refusal(() => cabinet.clearTilt('device-fault', 'bill-acceptor', attendant));
    expect(error.code).toBe('not-permitted');
    expect(error.message).toContain('bill-acceptor still reports fault: stacker full');
    expect(cabinet.snapshot().tilts).toEqual(before);
    // The automatic clearing still works.
    cabinet.reportDevice({ device: 'bill-acceptor', health: 'healthy', detail: 'emptied' });
    expect(cabinet.snapshot().tilts).toEqual([]);
  });

  it('door-open clears only with the door closed; memory-error and handpay-pending have their own clearances', () => {
    const { cabinet } = setupCabinet();
    cabinet.setDoorOpen(true);
    expect(refusal(() => cabinet.clearTilt('door-open', 'door', { by: 'technician', doorOpen: true })).message).toMatch(
      /door is still open/,
    );
    cabinet.clearTilt('door-open', 'door', { by: 'technician', doorOpen: false });
    expect(cabinet.snapshot().tilts).toEqual([]);
    cabinet.raiseFault('memory-error', 'critical-memory', 'both copies bad');
    expect(refusal(() => cabinet.clearTilt('memory-error', 'critical-memory', attendant)).message).toMatch(/RAM clear/);
    expect(refusal(() => cabinet.clearTilt('rng-fault', 'rng', attendant)).message).toBe(
      'there is no rng-fault tilt from rng',
    );
  });
});
