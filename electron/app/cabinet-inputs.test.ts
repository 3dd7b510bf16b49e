import { afterEach, describe, expect, it } from 'vitest';
import { closeCabinets, setupCabinet } from '../testing/cabinet-harness.ts';
import { testStaff } from '../testing/memory-staff.ts';
import { wireInputs } from './cabinet-inputs.ts';
import { gateMoneyIn } from './running-cabinet.ts';

afterEach(closeCabinets);

describe('switch inputs wired to the cabinet and staff access', () => {
  it('the key turning off signs the session out; the door opening tilts the cabinet and closing clears it', async () => {
    const { cabinet } = setupCabinet();
    const t = testStaff({ pins: { technician: '1234' } });
    const inputs = wireInputs({ cabinet, staff: t.staff, keyFile: null, doorFile: null, log: () => undefined });
    inputs.setOperatorKey(true);
    await t.staff.signIn('technician', '1234');
    expect(t.staff.session()).toBe('technician');
    inputs.setOperatorKey(false);
    expect(t.staff.status()).toMatchObject({ keyOn: false, session: null });
    inputs.setDoor(true);
    expect(t.staff.doorOpen()).toBe(true);
    expect(cabinet.snapshot().tilts.map((t) => t.kind)).toEqual(['door-open']);
    inputs.setDoor(false);
    expect(cabinet.snapshot().tilts).toEqual([]);
  });

  it('money-in is refused at escrow while a staff session is open, and taken again after', async () => {
    const { cabinet } = setupCabinet();
    const t = testStaff({ keyOn: true, pins: { attendant: '1111' } });
    const devices = gateMoneyIn(cabinet, () => t.staff.session() !== null);
    expect(devices.canAcceptBill(1_000).accept).toBe(true);
    await t.staff.signIn('attendant', '1111');
    expect(devices.canAcceptBill(1_000)).toEqual({
      accept: false,
      reason: 'money-in is paused while the staff menu is open',
    });
    t.staff.signOut();
    expect(devices.canAcceptBill(1_000).accept).toBe(true);
  });
});
