import { describe, expect, it } from 'vitest';
import { attractAfterFromQuery, attractAllowed, DEFAULT_ATTRACT_AFTER_MS, DEMO_HANDS } from './useAttract.ts';
import { shownTotal } from './useCards.ts';
import type { Card } from '../../../electron/core/cards/card.ts';

const quiet = { tableTotalMinor: 0, roundBusy: false, tilted: false, dialogOpen: false };

describe('attract mode never starts with money on the table, during a round or a tilt', () => {
  it('starts only on a quiet, empty table', () => {
    expect(attractAllowed(quiet)).toBe(true);
    expect(attractAllowed({ ...quiet, tableTotalMinor: 100 })).toBe(false);
    expect(attractAllowed({ ...quiet, roundBusy: true })).toBe(false);
    expect(attractAllowed({ ...quiet, tilted: true })).toBe(false);
    expect(attractAllowed({ ...quiet, dialogOpen: true })).toBe(false);
  });
  it('reads the idle time from ?attractAfterMs, 60 s by default', () => {
    expect(attractAfterFromQuery('')).toBe(DEFAULT_ATTRACT_AFTER_MS);
    expect(attractAfterFromQuery('?attractAfterMs=1500')).toBe(1500);
    expect(attractAfterFromQuery('?attractAfterMs=abc')).toBe(DEFAULT_ATTRACT_AFTER_MS);
    expect(attractAfterFromQuery('?attractAfterMs=-5')).toBe(DEFAULT_ATTRACT_AFTER_MS);
  });
  it('demo hands are valid cards with no tie ambiguity in what they show', () => {
    for (const h of DEMO_HANDS) {
      const p = h.player.map(([rank, suit]) => ({ rank, suit }) as Card);
      const b = h.banker.map(([rank, suit]) => ({ rank, suit }) as Card);
      expect(p.length).toBeGreaterThanOrEqual(2);
      expect(b.length).toBeGreaterThanOrEqual(2);
      expect(shownTotal(p)).toBeGreaterThanOrEqual(0);
    }
  });
});
