/**
 * A tilt raised from a device fault carries the device's coded reason beside its words
 * (docs/cabinet-rules.md#door-and-tilt): the staff menu words the code, never the device's English.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceDetail } from '../model/device-detail.ts';
import { closeCabinets, fund, setupCabinet } from '../../testing/cabinet-harness.ts';

afterEach(closeCabinets);

const JAM: DeviceDetail = { code: 'acceptor-conditions', conditions: ['safe-jam'] };
const STUCK: DeviceDetail = { code: 'rng-repetition-failed', port: '/dev/ttyACM0', cutoff: 9 };

describe('tilts from device faults keep the device code', () => {
  it('a coded fault status tilts with a device-reported reason holding that code, and it survives a restart', () => {
    const h = setupCabinet();
    h.cabinet.reportDevice({ device: 'bill-acceptor', health: 'fault', detail: 'jammed', detailCode: JAM });
    const expected = { code: 'device-reported', device: 'bill-acceptor', health: 'fault', deviceDetail: JAM };
    expect(h.cabinet.snapshot().tilts.map((t) => t.reasonCode)).toEqual([expected]);
    const raised = h.cabinet.events({ limit: 20 }).find((e) => e.message?.code === 'fault-raised');
    expect(raised?.message).toMatchObject({ reason: expected });
    expect(
      h
        .restart()
        .snapshot()
        .tilts.map((t) => t.reasonCode),
    ).toEqual([expected]);
  });

  it("a driver's own raiseFault with a code tilts with that code", () => {
    const h = setupCabinet();
    h.cabinet.raiseFault('device-fault', 'bill-acceptor', {
      code: 'device-reported',
      device: 'bill-acceptor',
      health: 'fault',
      deviceDetail: JAM,
    });
    expect(h.cabinet.snapshot().tilts[0]?.reasonCode).toEqual({
      code: 'device-reported',
      device: 'bill-acceptor',
      health: 'fault',
      deviceDetail: JAM,
    });
  });

  it('a coded RNG fault with bets on the table tilts with the coded reason', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    h.cabinet.placeChip('player', 500);
    h.cabinet.reportDevice({ device: 'rng', health: 'fault', detail: 'stuck', detailCode: STUCK });
    expect(h.cabinet.snapshot().tilts.map((t) => t.reasonCode)).toEqual([
      { code: 'device-reported', device: 'rng', health: 'fault', deviceDetail: STUCK },
    ]);
  });
});
