/**
 * Property: whatever a stadium terminal's link reports — opens, closes, results, voids, timeouts, doubtful results,
 * the same conclusion twice, restarts between the close and the conclusion — the money balances exactly
 * (credits = funds − stakes + wins + refunds, the model's figure) and no table round settles or refunds twice.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { settle, SPOTS, type Bets } from '../engine/settlement.ts';
import { sumSpots } from '../money/ledger-postings.ts';
import { cleanAudit, closeCabinets, fund, journalOf, setupCabinet } from '../../testing/cabinet-harness.ts';
import { BANKER_WINS, PLAYER_WINS, TIE, resultOf, stadiumConfig } from '../../testing/stadium-fixtures.ts';
import type { CabinetCore } from './cabinet.ts';

afterEach(closeCabinets);

const DECKS = { player: PLAYER_WINS, banker: BANKER_WINS, tie: TIE } as const;
type Ending = 'player' | 'banker' | 'tie' | 'table-void' | 'timeout' | 'timeout-then-result' | 'doubtful';

interface Step {
  readonly bets: Bets;
  readonly skip: boolean;
  readonly ending: Ending;
  readonly again: boolean;
  readonly restart: boolean;
}

const step: fc.Arbitrary<Step> = fc.record({
  bets: fc.record(
    {
      player: fc.constantFrom(100, 500, 600),
      banker: fc.constantFrom(100, 500, 2_500),
      tie: fc.constantFrom(100, 500),
    },
    { requiredKeys: [] },
  ),
  skip: fc.boolean(),
  ending: fc.constantFrom<Ending>(
    'player',
    'banker',
    'tie',
    'table-void',
    'timeout',
    'timeout-then-result',
    'doubtful',
  ),
  again: fc.boolean(),
  restart: fc.boolean(),
});

function lay(c: CabinetCore, bets: Bets): void {
  for (const spot of SPOTS) {
    let left = bets[spot] ?? 0;
    for (const chip of [2_500, 500, 100]) {
      while (left >= chip) {
        c.placeChip(spot, chip);
        left -= chip;
      }
    }
  }
}

function conclude(c: CabinetCore, n: number, ending: Ending): string {
  switch (ending) {
    case 'table-void':
      return c.stadiumVoid(n, 'table-void');
    case 'timeout':
    case 'timeout-then-result':
      return c.stadiumVoid(n, 'result-timeout');
    case 'doubtful':
      return c.stadiumResult({ ...resultOf(n, BANKER_WINS), outcome: resultOf(n, PLAYER_WINS).outcome });
    default:
      return c.stadiumResult(resultOf(n, DECKS[ending]));
  }
}

describe('a stadium terminal’s money through any sequence of the link’s calls', () => {
  it('balances exactly and concludes each table round once', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 7 }), (steps) => {
        const h = setupCabinet(stadiumConfig());
        for (let i = 0; i < 5; i++) fund(h.cabinet);
        let expected = 50_000;
        steps.forEach((s, i) => {
          const n = i + 1;
          let c = h.cabinet;
          c.stadiumOpen(n, 15_000);
          c.skipRound(s.skip);
          lay(c, s.bets);
          c.stadiumClose(n);
          const locked = !s.skip && sumSpots(s.bets) > 0;
          if (locked) expected -= sumSpots(s.bets);
          expect(c.snapshot().creditsMinor).toBe(expected);
          if (s.restart) c = h.restart();
          const first = conclude(c, n, s.ending);
          // After a timeout the stream still brings the table's word on the round: its void, or a result, too late.
          if (s.ending === 'timeout') {
            expect(c.stadiumVoid(n, 'table-void')).toBe(locked ? 'already-concluded' : 'recorded');
          }
          if (s.ending === 'timeout-then-result') {
            expect(c.stadiumResult(resultOf(n, TIE))).toBe(locked ? 'late-for-void' : 'recorded');
          }
          if (s.again) {
            const second = conclude(c, n, s.ending);
            expect(second).toBe(first === 'faulted' ? 'faulted' : 'already-concluded');
          }
          if (locked) {
            const won = s.ending === 'player' || s.ending === 'banker' || s.ending === 'tie';
            expected += won ? sumSpots(settle(s.bets, s.ending, c.snapshot().profile)) : sumSpots(s.bets);
          }
          expect(c.snapshot().creditsMinor).toBe(expected);
          if (c.snapshot().tilts.length > 0)
            c.clearTilt('stadium-fault', 'stadium', { by: 'technician', doorOpen: false });
        });
        const j = journalOf(h.cabinet);
        const ledger = j.auditRows().ledger;
        const sum = (kind: string) => ledger.filter((r) => r.kind === kind).reduce((a, r) => a + r.delta_minor, 0);
        expect(sum('bill') + sum('stake') + sum('win') + sum('refund')).toBe(expected);
        expect(j.ledgerBalance(false)).toBe(expected);
        // No terminal round is both paid and refunded, and no table round has two terminal rounds.
        const paid = ledger
          .filter((r) => r.kind === 'win' || r.kind === 'refund')
          .map((r) => `${r.kind}:${r.round_id}`);
        const roundsPaid = new Map<number, Set<string>>();
        for (const key of new Set(paid)) {
          const id = Number(key.split(':')[1]);
          roundsPaid.set(id, (roundsPaid.get(id) ?? new Set()).add(key.split(':')[0]!));
        }
        for (const kinds of roundsPaid.values()) expect(kinds.size).toBe(1);
        for (let n = 1; n <= steps.length; n++) {
          const row = j.stadiumRounds.row('T1', n);
          expect(row?.conclusion, `table round ${n}`).not.toBeNull();
        }
        // The independent audit agrees: money identity, each stadium round concluded as its money says.
        cleanAudit(h.path);
        closeCabinets();
      }),
      { numRuns: 12 },
    );
  });
});
