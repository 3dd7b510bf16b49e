import { describe, expect, it } from 'vitest';
import { FixedCardSource } from '../../../electron/core/engine/shoe.ts';
import { dealRound } from '../../../electron/core/engine/round.ts';
import { attractAllowed, DEMO_DEALS, demoRound } from './useAttract.ts';

const quiet = { creditsMinor: 0, tableTotalMinor: 0, roundBusy: false, tilted: false, dialogOpen: false };

describe('attract mode never starts with credit on the machine, money on the table, during a round or a tilt', () => {
  it('starts only on a quiet, empty table', () => {
    expect(attractAllowed(quiet)).toBe(true);
    expect(attractAllowed({ ...quiet, tableTotalMinor: 100 })).toBe(false);
    expect(attractAllowed({ ...quiet, creditsMinor: 1 })).toBe(false);
    expect(attractAllowed({ ...quiet, roundBusy: true })).toBe(false);
    expect(attractAllowed({ ...quiet, tilted: true })).toBe(false);
    expect(attractAllowed({ ...quiet, dialogOpen: true })).toBe(false);
  });
  it('each demo round is exactly one legal deal: the engine uses every card given and no more', () => {
    DEMO_DEALS.forEach((cards, i) => {
      const source = new FixedCardSource(cards);
      const outcome = dealRound(source);
      expect(source.used).toBe(cards.length);
      expect(demoRound(i)).toEqual(outcome);
    });
    expect(demoRound(DEMO_DEALS.length)).toBeNull();
    expect(DEMO_DEALS.map((_, i) => demoRound(i)?.winner)).toEqual(['player', 'banker', 'tie', 'tie']);
  });
});
