/**
 * Side bets at the cabinet (docs/cabinet-rules.md#side-bets-at-the-cabinet): placed, removed, undone and cleared
 * like a main spot, locked, settled and refunded in the same commits as the main bets, with their own meters.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { auditJournalFile } from '../../certification/journal-audit.ts';
import type { VenueConfig } from '../config/venue-config.ts';
import { BET_SPOTS, type BetSpot } from '../engine/bet-spot.ts';
import { SIDE_BETS } from '../engine/side-bets.ts';
import { sumSpots } from '../money/ledger-postings.ts';
import { closeCabinets, fund, journalOf, openTestCabinet, refusal } from '../../testing/cabinet-harness.ts';
import { deterministicRandom, steppingClock, tempJournalPath, testConfig } from '../../testing/fixtures.ts';
import { createForcedCardSource, parseForcedCards } from '../../testing/forced-card-source.ts';

afterEach(closeCabinets);

const sideLimit = { minMinor: 100, maxMinor: 5_000 };
/** An EZ table that offers every side bet. */
const ezTable: VenueConfig = testConfig({
  profile: { ...testConfig().profile, variant: 'ez' },
  limits: {
    ...testConfig().limits,
    sideBets: Object.fromEntries(SIDE_BETS.map((bet) => [bet, sideLimit])),
  },
});

function openEz(config: VenueConfig = ezTable) {
  const tmp = tempJournalPath('side-');
  const random = createForcedCardSource(deterministicRandom(3));
  const cabinet = openTestCabinet({ journalPath: tmp.path, config, random, clock: steppingClock() });
  return { cabinet, random, path: tmp.path, cleanup: tmp.cleanup };
}

/** The journal's ledger rows of one round, as the audit reads them. */
function ledgerOf(cabinet: Parameters<typeof journalOf>[0], roundId: number) {
  return journalOf(cabinet)
    .auditRows()
    .ledger.filter((l) => l.round_id === roundId);
}

describe('a side bet is a spot of the table', () => {
  it('is placed, removed, undone and cleared like a main spot', () => {
    const { cabinet, cleanup } = openEz();
    try {
      fund(cabinet);
      cabinet.placeChip('banker', 100);
      cabinet.placeChip('lucky-6', 100);
      cabinet.placeChip('lucky-6', 500);
      expect(cabinet.snapshot().tableBets).toEqual({ banker: 100, 'lucky-6': 600 });
      cabinet.removeChip('lucky-6', 100);
      expect(cabinet.snapshot().tableBets['lucky-6']).toBe(500);
      cabinet.undoChip();
      expect(cabinet.snapshot().tableBets['lucky-6']).toBe(600);
      cabinet.clearBets();
      expect(cabinet.snapshot().tableBets).toEqual({});
    } finally {
      cabinet.close();
      cleanup();
    }
  });

  it('a side bet the venue does not offer is refused with its own code, and nothing changes', () => {
    const { cabinet, cleanup } = openEz(testConfig());
    try {
      fund(cabinet);
      cabinet.placeChip('player', 100);
      const before = cabinet.snapshot();
      expect(refusal(() => cabinet.placeChip('perfect-pair', 100)).code).toBe('side-bet-not-offered');
      expect(cabinet.snapshot()).toEqual(before);
    } finally {
      cabinet.close();
      cleanup();
    }
  });
});

describe('a side bet settles, meters and refunds with the round', () => {
  it('Lucky 6 and Banker Pair win on a two-card Banker 6 of a pair of threes; one commit pays both sides', () => {
    const { cabinet, random, path, cleanup } = openEz();
    try {
      fund(cabinet);
      // Player 2♠ 3♥ = 5 draws K♣ and stays 5; Banker 3♦ 3♣ = 6 stands on a Player third card worth 0.
      random.force(parseForcedCards(['2S', '3D', '3H', '3C', 'KC']), ezTable.profile.decks);
      cabinet.placeChip('banker', 100);
      cabinet.placeChip('lucky-6', 100);
      cabinet.placeChip('banker-pair', 100);
      cabinet.placeChip('player-pair', 100);
      const round = cabinet.deal();
      // EZ Banker 1:1, Lucky 6 on two cards 12:1, Banker Pair 11:1; Player Pair loses.
      expect(round.returns).toEqual({ banker: 200, 'lucky-6': 1_300, 'banker-pair': 1_200, 'player-pair': 0 });
      const meters = cabinet.meters();
      expect(meters.wageredBySpot['banker-pair']).toBe(100);
      expect(meters.wonBySpot['banker-pair']).toBe(1_200);
      expect(meters.wonBySpot['lucky-6']).toBe(1_300);
      expect(meters.wonBySpot['player-pair']).toBe(0);
      expect(meters.wageredMinor).toBe(400);
      expect(meters.wonMinor).toBe(2_700);
      const ledger = ledgerOf(cabinet, round.roundId);
      expect(ledger.filter((l) => l.kind === 'win').map((l) => [l.spot, l.delta_minor])).toEqual([
        ['banker', 200],
        ['banker-pair', 1_200],
        ['lucky-6', 1_300],
      ]);
      expect(cabinet.recall({ fromRoundId: round.roundId, toRoundId: round.roundId })[0]?.bets).toEqual(round.bets);
      cabinet.close();
      expect(auditJournalFile(path, ezTable.profile, false).problems).toEqual([]);
    } finally {
      cleanup();
    }
  });

  it('Dragon 7 pays 40:1 and the EZ Banker pushes on a three-card 7; REBET lays the side bets again', () => {
    const { cabinet, random, cleanup } = openEz();
    try {
      fund(cabinet);
      // Player 3♠ 3♥ = 6 stands; Banker K♦ 3♣ = 3 draws 4♠ → 7 on three cards.
      random.force(parseForcedCards(['3S', 'KD', '3H', '3C', '4S']), ezTable.profile.decks);
      cabinet.placeChip('banker', 100);
      cabinet.placeChip('dragon-7', 100);
      const round = cabinet.deal();
      expect(round.returns).toEqual({ banker: 100, 'dragon-7': 4_100 });
      const again = cabinet.rebet(1);
      expect(again.bets).toEqual({ banker: 100, 'dragon-7': 100 });
    } finally {
      cabinet.close();
      cleanup();
    }
  });

  it('a fault voids the round and refunds the side bets with the main bets, once', () => {
    const { cabinet, random, path, cleanup } = openEz();
    try {
      fund(cabinet);
      const before = cabinet.snapshot().creditsMinor;
      cabinet.placeChip('player', 100);
      cabinet.placeChip('panda-8', 500);
      (random as unknown as { nextInt: (n: number) => number }).nextInt = () => {
        throw new Error('health test failed');
      };
      const round = cabinet.deal();
      expect(round.status).toBe('voided');
      expect(round.refundedMinor).toBe(600);
      expect(cabinet.snapshot().creditsMinor).toBe(before);
      const refunds = ledgerOf(cabinet, round.roundId).filter((l) => l.kind === 'refund');
      expect(refunds.map((l) => [l.spot, l.delta_minor])).toEqual([
        ['player', 100],
        ['panda-8', 500],
      ]);
      cabinet.close();
      expect(auditJournalFile(path, ezTable.profile, false).problems).toEqual([]);
    } finally {
      cleanup();
    }
  });
});

describe('property: a round with side bets moves exactly its stake and returns', () => {
  const layout = fc.dictionary(fc.constantFrom(...BET_SPOTS), fc.constantFrom(100, 500), {
    minKeys: 1,
    maxKeys: 5,
  }) as fc.Arbitrary<Partial<Record<BetSpot, number>>>;

  it('credits after = credits before − stake + returns; a void refunds the stake', () => {
    fc.assert(
      fc.property(layout, fc.integer({ min: 1, max: 1_000_000 }), fc.boolean(), (bets, seed, fault) => {
        const tmp = tempJournalPath('side-prop-');
        const random = deterministicRandom(seed);
        const cabinet = openTestCabinet({ journalPath: tmp.path, config: ezTable, random, clock: steppingClock() });
        try {
          fund(cabinet);
          for (const [spot, v] of Object.entries(bets)) cabinet.placeChip(spot as BetSpot, v);
          const before = cabinet.snapshot().creditsMinor;
          const stake = sumSpots(bets);
          random.failNext = fault;
          const round = cabinet.deal();
          const after = cabinet.snapshot().creditsMinor;
          if (fault) {
            expect(round.status).toBe('voided');
            expect(round.refundedMinor).toBe(stake);
            expect(after).toBe(before);
          } else {
            expect(Object.keys(round.returns).sort()).toEqual(Object.keys(bets).sort());
            expect(after).toBe(before - stake + sumSpots(round.returns));
          }
        } finally {
          cabinet.close();
          tmp.cleanup();
        }
      }),
      { numRuns: 40 },
    );
  });
});
