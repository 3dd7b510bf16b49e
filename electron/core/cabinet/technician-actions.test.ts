import { afterEach, describe, expect, it } from 'vitest';
import { closeCabinets, fund, refusal, setupCabinet } from '../../testing/cabinet-harness.ts';

afterEach(closeCabinets);

describe('the door switch', () => {
  it('an open door tilts, is metered and logged; closing clears it', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    c.setDoorOpen(true);
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['door-open']);
    expect(c.meters().doorOpens).toBe(1);
    c.setDoorOpen(true); // no change: not counted again
    expect(c.meters().doorOpens).toBe(1);
    c.setDoorOpen(false);
    expect(c.snapshot().tilts).toEqual([]);
    expect(
      c
        .events({ limit: 10 })
        .filter((e) => e.kind === 'door')
        .map((e) => e.message),
    ).toEqual([{ code: 'door-closed' }, { code: 'door-opened' }]);
  });

  it('play stops while the door is open and resumes when it closes', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    fund(c);
    c.setDoorOpen(true);
    expect(refusal(() => c.placeChip('player', 100)).code).toBe('tilted');
    c.setDoorOpen(false);
    c.placeChip('player', 100);
    expect(c.deal().status).toBe('settled');
  });
});

describe('meters are a copy', () => {
  it('changing the returned meters changes nothing in the cabinet', () => {
    const h = setupCabinet();
    fund(h.cabinet, 1_000, 2);
    const m = h.cabinet.meters() as { billsInMinor: number; billsByDenomination: Record<string, number> };
    m.billsInMinor = 0;
    m.billsByDenomination['1000'] = 99;
    expect(h.cabinet.meters().billsInMinor).toBe(1_000);
    expect(h.cabinet.meters().billsByDenomination).toEqual({ '1000': 1 });
  });
});
