import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFleet, type FleetRecord, type SettledRound, type TerminalRecord } from './fleet-checks.ts';

const TABLE_CARDS = new Map<number, string[]>([
  [1, ['9S', '2H', 'KD', '3C']],
  [2, ['2S', '9H', '3D', 'KC']],
  [3, ['9S', '9H', 'KD', 'KC']],
]);

const settled = (round: number, cards = TABLE_CARDS.get(round)!): SettledRound => ({ table: 'T1', round, cards });

const terminal = (id: string, rounds: SettledRound[], lockedRounds = 0): TerminalRecord => ({
  terminal: id,
  settled: rounds,
  lockedRounds,
  rounds: rounds.length,
  refunded: 0,
});

const fleet = (...terminals: TerminalRecord[]): FleetRecord => ({ table: 'T1', tableCards: TABLE_CARDS, terminals });

const zero = { settled_twice: 0, settled_differently: 0, bad_signatures_accepted: 0, unsettled_locked_bets: 0 };

describe('the fleet checks of the stadium chaos', () => {
  it('a fleet that settled every round once on the table’s signed cards counts nothing', () => {
    const found = checkFleet(
      fleet(terminal('A', [settled(1), settled(2)]), terminal('B', [settled(2), settled(3)])),
      true,
    );
    expect(found).toMatchObject(zero);
    expect(found.problems).toEqual([]);
  });

  it('counts one table round settled twice in one terminal’s journal', () => {
    const found = checkFleet(fleet(terminal('A', [settled(1), settled(1)])), true);
    expect(found.settled_twice).toBe(1);
    expect(found.problems[0]).toMatch(/A: T1\/1 settled twice/);
  });

  it('counts two terminals that settled one round on different cards, and the forged cards as not signed', () => {
    const forged = ['AS', 'AH', 'AD', 'AC'];
    const found = checkFleet(fleet(terminal('A', [settled(2)]), terminal('B', [settled(2, forged)])), true);
    expect(found.settled_differently).toBe(1);
    expect(found.bad_signatures_accepted).toBe(1);
  });

  it('counts a round settled on cards the table never dealt, or with no table round, as a bad signature accepted', () => {
    const never = checkFleet(fleet(terminal('A', [settled(9, ['9S', '2H', 'KD', '3C'])])), true);
    expect(never.bad_signatures_accepted).toBe(1);
    const unlinked = checkFleet(fleet(terminal('A', [{ table: null, round: null, cards: ['9S'] }])), true);
    expect(unlinked.bad_signatures_accepted).toBe(1);
  });

  it('counts bets still locked only at the end: mid-run a locked round is waiting for its table', () => {
    const record = fleet(terminal('A', [settled(1)], 2));
    expect(checkFleet(record, false).unsettled_locked_bets).toBe(0);
    expect(checkFleet(record, true).unsettled_locked_bets).toBe(2);
  });

  it('any one changed card of any settled round is caught as different and not signed (property)', () => {
    const arbitraryFleet = fc.array(fc.uniqueArray(fc.constantFrom(1, 2, 3), { minLength: 1 }), {
      minLength: 1,
      maxLength: 5,
    });
    fc.assert(
      fc.property(arbitraryFleet, fc.nat(), fc.nat(3), (rounds, which, card) => {
        const honest = rounds.map((rs, i) =>
          terminal(
            `C${i}`,
            rs.map((r) => settled(r)),
          ),
        );
        expect(checkFleet(fleet(...honest), true)).toMatchObject(zero);
        const t = honest[which % honest.length]!;
        const victim = t.settled[which % t.settled.length]!;
        const cards = victim.cards.map((c, i) => (i === card ? (c === 'AS' ? 'AH' : 'AS') : c));
        const changed = honest.map((x) =>
          x !== t
            ? x
            : terminal(
                x.terminal,
                x.settled.map((s) => (s === victim ? { ...s, cards } : s)),
              ),
        );
        const found = checkFleet(fleet(...changed), true);
        expect(found.bad_signatures_accepted).toBe(1);
        expect(found.settled_differently).toBe(1);
      }),
    );
  });
});
