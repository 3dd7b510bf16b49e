import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  closeCabinets,
  fund,
  journalOf,
  setupCabinet,
  type CabinetHandle,
  emptyCabinet,
} from '../../testing/cabinet-harness.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { DEFAULT_VENUE_CONFIG, parseVenueConfig, type VenueConfig } from '../config/venue-config.ts';
import type { RoundRecord } from '../model/round-record.ts';
import { readRoadWindow, roadOutcomeOf } from './road-window.ts';

afterEach(closeCabinets);

function withWindow(windowRounds: number, overrides: Partial<VenueConfig> = {}): VenueConfig {
  return testConfig({ ...overrides, roads: { windowRounds, shownByDefault: true } });
}

/** Plays `n` rounds of a 1.00 Banker bet and returns their records. */
function play(h: CabinetHandle, n: number): RoundRecord[] {
  const out: RoundRecord[] = [];
  for (let i = 0; i < n; i++) {
    h.cabinet.placeChip('banker', 100);
    out.push(h.cabinet.deal());
  }
  return out;
}

const asRoad = (rounds: readonly RoundRecord[]) =>
  rounds.filter((r) => r.status === 'settled').map((r) => roadOutcomeOf(r.roundId, r.outcome!));

describe('the roads span the latest settled rounds of the wallet in play', () => {
  it('the snapshot carries the newest windowRounds settled rounds, oldest first, as their outcomes', () => {
    const h = setupCabinet(withWindow(6));
    fund(h.cabinet);
    const rounds = play(h, 9);
    const roads = h.cabinet.snapshot().roads;
    expect(roads).toEqual(asRoad(rounds).slice(-6));
    expect(roads.map((r) => r.roundId)).toEqual(rounds.slice(-6).map((r) => r.roundId));
    const first = rounds.at(-6)!.outcome!;
    expect(roads[0]).toMatchObject({
      winner: first.winner,
      playerTotal: first.player.total,
      bankerTotal: first.banker.total,
      playerPair: first.playerPair,
      bankerPair: first.bankerPair,
      natural: first.natural,
    });
  });

  it('a voided round is no outcome and takes no place in the window', () => {
    const h = setupCabinet(withWindow(6));
    fund(h.cabinet);
    const before = play(h, 2);
    h.cabinet.placeChip('banker', 100);
    h.random.failNext = true;
    expect(h.cabinet.deal().status).toBe('voided');
    h.cabinet.reportDevice({
      device: 'rng',
      health: 'healthy',
      detail: 'health tests pass',
      detailCode: { code: 'os-entropy-only' },
    });
    const after = play(h, 5);
    const roads = h.cabinet.snapshot().roads;
    expect(roads).toHaveLength(6);
    expect(roads).toEqual(asRoad([...before, ...after]).slice(-6));
  });

  it('the same window comes back after a restart, and after a smaller window is configured', () => {
    const h = setupCabinet(withWindow(10));
    fund(h.cabinet);
    const rounds = play(h, 8);
    const before = h.cabinet.snapshot().roads;
    expect(h.restart().snapshot().roads).toEqual(before);
    expect(h.restart(withWindow(6)).snapshot().roads).toEqual(asRoad(rounds).slice(-6));
  });

  it('demo mode shows the demo rounds only, real play the real rounds only', () => {
    const h = setupCabinet(withWindow(20));
    fund(h.cabinet);
    const real = play(h, 3);
    emptyCabinet(h.cabinet);
    h.restart(withWindow(20, { demoMode: true }));
    expect(h.cabinet.snapshot().roads).toEqual([]);
    const demo = play(h, 4);
    expect(h.cabinet.snapshot().roads).toEqual(asRoad(demo));
    h.restart(withWindow(20));
    expect(h.cabinet.snapshot().roads).toEqual(asRoad(real));
  });
});

describe('resets', () => {
  it("the technician's reset empties the roads, durably: after a restart they still start after it", () => {
    const h = setupCabinet(withWindow(20));
    fund(h.cabinet);
    const old = play(h, 4);
    const afterRoundId = h.cabinet.resetRoads();
    expect(afterRoundId).toBe(old.at(-1)!.roundId);
    expect(h.cabinet.snapshot().roads).toEqual([]);
    const fresh = play(h, 3);
    expect(h.cabinet.snapshot().roads).toEqual(asRoad(fresh));
    expect(h.restart().snapshot().roads).toEqual(asRoad(fresh));
    const logged = h.cabinet.events({ kind: 'roads-reset', limit: 5 });
    expect(logged.map((e) => e.message)).toEqual([{ code: 'roads-reset', afterRoundId }]);
  });

  it('the reset tells the screen at once (a state event with empty roads)', () => {
    const h = setupCabinet(withWindow(20));
    fund(h.cabinet);
    play(h, 2);
    const seen: number[] = [];
    h.cabinet.subscribe((e) => {
      if (e.type === 'state') seen.push(e.snapshot.roads.length);
    });
    h.cabinet.resetRoads();
    expect(seen).toEqual([0]);
  });

  it('a RAM clear starts the roads afresh too, also after a restart', () => {
    const h = setupCabinet(withWindow(20));
    fund(h.cabinet);
    play(h, 3);
    h.cabinet.ramClear();
    expect(h.cabinet.snapshot().roads).toEqual([]);
    // What was on the meter is now a handpay; an attendant pays it before play goes on.
    h.cabinet.clearHandpay('attendant');
    fund(h.cabinet);
    const fresh = play(h, 2);
    expect(h.restart().snapshot().roads).toEqual(asRoad(fresh));
  });
});

describe('the window read is bounded', () => {
  it('property: whatever rounds and resets, the window is the last settled rounds after the last reset', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 6, max: 12 }),
        fc.array(fc.constantFrom('round', 'round', 'round', 'reset'), { maxLength: 24 }),
        (windowRounds, steps) => {
          const h = setupCabinet(withWindow(windowRounds));
          fund(h.cabinet, 10_000);
          let since: RoundRecord[] = [];
          for (const step of steps) {
            if (step === 'reset') {
              h.cabinet.resetRoads();
              since = [];
            } else since.push(...play(h, 1));
          }
          expect(h.cabinet.snapshot().roads).toEqual(asRoad(since).slice(-windowRounds));
          closeCabinets();
        },
      ),
      { numRuns: 15 },
    );
  });

  it('reads no more than the window from the journal, newest first', () => {
    const h = setupCabinet(withWindow(6));
    fund(h.cabinet);
    const rounds = play(h, 10);
    const journal = journalOf(h.cabinet);
    expect(journal.settledOutcomes(false, 0, 6).map((r) => r.roundId)).toEqual(
      rounds
        .slice(-6)
        .map((r) => r.roundId)
        .reverse(),
    );
    expect(readRoadWindow(journal, false, 6)).toEqual(asRoad(rounds).slice(-6));
  });
});

describe('roads.windowRounds in the venue config', () => {
  it('defaults to 60 rounds, and a file without it still loads', () => {
    expect(DEFAULT_VENUE_CONFIG.roads).toEqual({ windowRounds: 60, shownByDefault: true });
    const { roads: _roads, ...withoutRoads } = DEFAULT_VENUE_CONFIG;
    expect(parseVenueConfig(withoutRoads).roads).toEqual({ windowRounds: 60, shownByDefault: true });
  });

  it('refuses a window outside 6..500 or not whole, saying what is allowed', () => {
    for (const [bad, words] of [
      [5, /windowRounds must be at least 6 rounds/],
      [501, /windowRounds must be at most 500 rounds/],
      [60.5, /windowRounds must be a whole number of rounds from 6 to 500/],
      ['60', /windowRounds must be a whole number of rounds from 6 to 500/],
    ] as const) {
      expect(() => parseVenueConfig({ ...DEFAULT_VENUE_CONFIG, roads: { windowRounds: bad } }), String(bad)).toThrow(
        words,
      );
    }
    expect(() => parseVenueConfig({ ...DEFAULT_VENUE_CONFIG, roads: { windowRounds: 60, extra: 1 } })).toThrow(/roads/);
  });
});
