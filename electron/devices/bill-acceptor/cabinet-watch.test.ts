/**
 * What a driver follows of the cabinet (docs/cabinet-rules.md#bill-validator): it takes money only while the
 * cabinet has no tilt, is idle or betting and not in demo, and the poll loop is woken on each change of that.
 */
import { describe, expect, it } from 'vitest';
import { fakeCabinet } from '../../testing/bill-acceptor-harness.ts';
import type { Tilt } from '../../core/model/tilt.ts';
import { CabinetWatch } from './cabinet-watch.ts';

describe('the cabinet as the enable policy sees it', () => {
  it('takes no money before it is watched', () => {
    expect(new CabinetWatch(fakeCabinet()).takesMoney()).toBe(false);
  });

  it('follows the phase and the tilts, waking the driver on each change', () => {
    const cabinet = fakeCabinet();
    const watch = new CabinetWatch(cabinet);
    let wakes = 0;
    watch.start(() => void wakes++);
    expect(watch.takesMoney()).toBe(true);
    cabinet.setPhase('dealt');
    expect(watch.takesMoney()).toBe(false);
    cabinet.setPhase('betting');
    expect(watch.takesMoney()).toBe(true);
    cabinet.setTilts([{ kind: 'door-open' } as unknown as Tilt]);
    expect(watch.takesMoney()).toBe(false);
    expect(wakes).toBe(3);
  });

  it('stops waking the driver once stopped', () => {
    const cabinet = fakeCabinet();
    const watch = new CabinetWatch(cabinet);
    let wakes = 0;
    watch.start(() => void wakes++);
    watch.stop();
    cabinet.setPhase('dealt');
    expect(wakes).toBe(0);
  });
});
