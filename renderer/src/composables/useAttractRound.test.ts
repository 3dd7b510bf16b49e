import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankValue } from '../../../electron/core/cards/card.ts';
import type { RoundOutcome } from '../../../electron/core/engine/round.ts';
import { handTotal } from '../../../electron/core/engine/tableau.ts';
import { DEMO_DEALS, demoRound } from './useAttract.ts';
import { shuffledDemoHand, type RandomBelow } from './useAttractHands.ts';
import { attractSeats, attractSteps, attractView, type AttractSide } from './useAttractRound.ts';

const fromList =
  (values: number[]): RandomBelow =>
  (n) =>
    (values.shift() ?? 0) % n;
/** Any round the loop can show: a shuffled one or a hand-picked one. */
const anyHand = fc.oneof(
  fc.array(fc.nat(), { minLength: 6, maxLength: 6 }).map((choices) => shuffledDemoHand(fromList(choices))),
  fc.constantFrom(...DEMO_DEALS.map((_, i) => demoRound(i)!)),
);
const SIDES: readonly AttractSide[] = ['player', 'banker'];

describe('an attract round shows its cards before any total or result', () => {
  it('at every moment, a total is the total of that side’s face-up cards, and only once two are face up', () => {
    fc.assert(
      fc.property(anyHand, (hand) => {
        for (let shown = 0; shown <= attractSteps(hand).length; shown++) {
          const view = attractView(hand, shown);
          for (const side of SIDES) {
            const up = view.cards.filter((c) => c.side === side && c.faceUp);
            const total = view.totals[side];
            if (up.length < 2) expect(total).toBeNull();
            else expect(total).toBe(handTotal(up.map((c) => rankValue(c.card.rank))));
          }
        }
      }),
    );
  });

  it('the winner shows only after every card of the round is face up, and never before the last step', () => {
    fc.assert(
      fc.property(anyHand, (hand) => {
        const steps = attractSteps(hand);
        for (let shown = 0; shown < steps.length; shown++) expect(attractView(hand, shown).winner).toBeNull();
        const last = attractView(hand, steps.length);
        expect(last.cards.length).toBe(hand.dealOrder.length);
        expect(last.cards.every((c) => c.faceUp)).toBe(true);
        expect(last.winner).toBe(hand.winner);
      }),
    );
  });

  it('cards are dealt in shoe order, each turned only after it was dealt, third cards after both opening hands show', () => {
    fc.assert(
      fc.property(anyHand, (hand) => {
        const steps = attractSteps(hand);
        const dealt = steps.flatMap((s, at) => (s.kind === 'deal' ? [{ card: s.card, at }] : []));
        expect(dealt.map((d) => d.card)).toEqual(hand.dealOrder.map((_, i) => i));
        steps.forEach((s, at) => {
          if (s.kind !== 'reveal') return;
          expect(dealt.find((d) => d.card === s.card)!.at).toBeLessThan(at);
          if (s.card >= 4) {
            const view = attractView(hand, at);
            expect(view.totals.player).not.toBeNull();
            expect(view.totals.banker).not.toBeNull();
          }
        });
      }),
    );
  });

  it('the finished round is exactly the engine’s: same cards on the same sides, same totals and winner', () => {
    fc.assert(
      fc.property(anyHand, (hand: RoundOutcome) => {
        const seats = attractSeats(hand);
        for (const side of SIDES)
          expect(seats.filter((s) => s.side === side).map((s) => s.card)).toEqual(hand[side].cards);
        const end = attractView(hand, attractSteps(hand).length);
        expect(end.totals).toEqual({ player: hand.player.total, banker: hand.banker.total });
      }),
    );
  });

  it('an empty felt before the first step', () => {
    expect(attractView(demoRound(0)!, 0)).toEqual({ cards: [], totals: { player: null, banker: null }, winner: null });
  });
});
