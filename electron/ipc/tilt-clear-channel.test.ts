import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceDetail } from '../core/model/device-detail.ts';
import { TILT_CLEAR_RULE } from '../core/model/tilt-clear-role.ts';
import { closeCabinets, setupCabinet } from '../testing/cabinet-harness.ts';
import { testStaff } from '../testing/memory-staff.ts';
import { CHANNEL_TABLE } from './contract.ts';
import { createIpcRouter } from './router.ts';

afterEach(closeCabinets);

const anomaly: DeviceDetail = { code: 'acceptor-conditions', conditions: ['credit-anomaly'] };

describe('tech:clear-tilt: who may clear which tilt (docs/cabinet-rules.md#operator-menu-and-key-switch)', () => {
  it('the channel table names the rule the cabinet applies', () => {
    expect(CHANNEL_TABLE['tech:clear-tilt']).toMatchObject({ role: 'attendant', tiltRoles: TILT_CLEAR_RULE });
  });

  it('an attendant gets wrong-role for a credit anomaly and nothing changes; a technician clears it after the reset', async () => {
    const { cabinet } = setupCabinet();
    const { staff } = testStaff({ keyOn: true, pins: { technician: '2468', attendant: '1357' } });
    const router = createIpcRouter(cabinet, { staff, paytable: () => ({}) as never });
    cabinet.raiseFault('device-fault', 'bill-acceptor', {
      code: 'device-reported',
      device: 'bill-acceptor',
      health: 'fault',
      deviceDetail: anomaly,
    });
    cabinet.reportDevice({
      device: 'bill-acceptor',
      health: 'healthy',
      detail: 'reset',
      detailCode: { code: 'acceptor-ready', port: '/dev/test', enabled: true },
    });
    const before = cabinet.snapshot().tilts;
    expect(before.map((t) => t.kind)).toEqual(['device-fault']);

    await staff.signIn('attendant', '1357');
    const refused = await router.handle('tech:clear-tilt', { kind: 'device-fault', source: 'bill-acceptor' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'wrong-role' } });
    expect(cabinet.snapshot().tilts).toEqual(before);

    await staff.signIn('technician', '2468');
    expect(await router.handle('tech:clear-tilt', { kind: 'device-fault', source: 'bill-acceptor' })).toMatchObject({
      ok: true,
    });
    expect(cabinet.snapshot().tilts).toEqual([]);
  });

  it('an attendant clears a door tilt once the door is closed', async () => {
    const { cabinet } = setupCabinet();
    const { staff } = testStaff({ keyOn: true, pins: { attendant: '1357' } });
    const router = createIpcRouter(cabinet, { staff, paytable: () => ({}) as never });
    cabinet.setDoorOpen(true);
    await staff.signIn('attendant', '1357');
    expect(await router.handle('tech:clear-tilt', { kind: 'door-open', source: 'door' })).toMatchObject({ ok: true });
    expect(cabinet.snapshot().tilts).toEqual([]);
  });
});
