/**
 * A credit anomaly from the real eSSP driver on the real cabinet (docs/cabinet-rules.md#operator-menu-and-key-switch):
 * a credit repeated after its ACK, with no new escrow, latches a device-fault tilt that the acceptor's
 * reset (0xF1, which drops the driver's own condition and reports healthy) and the cabinet's restart
 * leave in place, until a technician clears it through `tech:clear-tilt`; an attendant's attempt is refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { closeCabinets, fund, setupCabinet } from '../../testing/cabinet-harness.ts';
import { until } from '../../testing/bill-acceptor-harness.ts';
import { testStaff } from '../../testing/memory-staff.ts';
import { createIpcRouter } from '../../ipc/router.ts';
import { BillAcceptorDriver } from './bill-acceptor-driver.ts';
import { memoryStore } from './note-tracker.ts';
import { ScriptedUnit } from './testing-scripted-unit.ts';

const KEY_HEX = '9A3F04C27E51B8D6';
const drivers: BillAcceptorDriver[] = [];
afterEach(async () => {
  await Promise.all(drivers.splice(0).map((d) => d.stop()));
  closeCabinets();
});

describe('a credit anomaly stays latched through the acceptor reset and a restart', () => {
  it('only a technician clears it', async () => {
    const h = setupCabinet();
    fund(h.cabinet, 1_000);
    const unit = new ScriptedUnit({ fixedKey: BigInt(`0x${KEY_HEX}`) });
    const driver = new BillAcceptorDriver({
      portPath: '/dev/scripted',
      cabinet: h.cabinet,
      open: unit.open,
      store: memoryStore(),
      config: { fixedKeyHex: KEY_HEX, pollIntervalMs: 200, replyTimeoutMs: 60, backoff: { initialMs: 20, maxMs: 50 } },
    });
    drivers.push(driver);
    await driver.start();
    await until(() => unit.enabled, 'enabled');
    const tilted = () => h.cabinet.snapshot().tilts.map((t) => [t.kind, t.source]);

    unit.insert(2);
    await until(() => unit.acks > 0 && h.cabinet.snapshot().creditsMinor > 1_000, 'the note credited and acknowledged');
    unit.poll([0xee, 0x02]); // the same credit again after its ACK: no escrow before it
    await until(() => tilted().length === 1, 'the credit-anomaly tilt');
    expect(tilted()).toEqual([['device-fault', 'bill-acceptor']]);

    // The acceptor resets (0xF1): the driver drops its own condition and reports healthy again.
    unit.poll([0xf1]);
    await until(() => driver.status().health === 'healthy', 'the acceptor healthy after its reset', {
      context: () => JSON.stringify(driver.status()),
    });
    expect(tilted()).toEqual([['device-fault', 'bill-acceptor']]);
    expect(h.cabinet.canAcceptBill(1_000).accept).toBe(false);

    // The cabinet restarts: the tilt comes back from the journal and the healthy acceptor does not clear it.
    await driver.stop();
    const after = h.restart();
    after.reportDevice({
      device: 'bill-acceptor',
      health: 'healthy',
      detail: 'polling',
      detailCode: { code: 'acceptor-ready', port: '/dev/test', enabled: true },
    });
    expect(after.snapshot().tilts.map((t) => [t.kind, t.source])).toEqual([['device-fault', 'bill-acceptor']]);

    const { staff } = testStaff({ keyOn: true, pins: { technician: '2468', attendant: '1357' } });
    const router = createIpcRouter(after, { staff, paytable: () => ({}) as never });
    await staff.signIn('attendant', '1357');
    expect(await router.handle('tech:clear-tilt', { kind: 'device-fault', source: 'bill-acceptor' })).toMatchObject({
      ok: false,
      error: { code: 'wrong-role' },
    });
    await staff.signIn('technician', '2468');
    expect(await router.handle('tech:clear-tilt', { kind: 'device-fault', source: 'bill-acceptor' })).toMatchObject({
      ok: true,
    });
    expect(after.snapshot().tilts).toEqual([]);
  });
});
