/**
 * A latched device tilt is a technician's to clear (docs/cabinet-rules.md#door-and-tilt): the tests that
 * raise one through a real acceptor end with the same two steps, an attendant refused and a technician
 * clearing it, so the cases after them start from an untilted cabinet.
 */
import { expect } from 'vitest';
import type { CabinetCore } from '../core/cabinet/cabinet.ts';
import { StaffError } from '../core/staff/staff-error.ts';

/** An attendant's clear answers `wrong-role` and changes nothing; a technician's then clears the tilt. */
export function clearLatchedAsTechnician(cabinet: CabinetCore, source: string): void {
  const tilts = () => cabinet.snapshot().tilts.filter((t) => t.kind === 'device-fault' && t.source === source);
  const before = tilts();
  expect(before).toHaveLength(1);
  let refusal: unknown = null;
  try {
    cabinet.clearTilt('device-fault', source, { by: 'attendant', doorOpen: false });
  } catch (error) {
    refusal = error;
  }
  expect(refusal).toBeInstanceOf(StaffError);
  expect((refusal as StaffError).code).toBe('wrong-role');
  expect(tilts()).toEqual(before);
  cabinet.clearTilt('device-fault', source, { by: 'technician', doorOpen: false });
  expect(tilts()).toEqual([]);
}
