/**
 * Which chips lie on each spot, newest last, so a right click takes off the chip the player put there last
 * (docs/rules.md#chips-and-bets). Main keeps only the amounts; the screen follows every layout main sends and
 * keeps each spot's stack summing to the amount main reports:
 * - an amount that grows gained one chip of the difference (a chip placed, or an undo of a removal);
 * - an amount that shrinks lost chips from the top (a chip removed, an undo, a clear, a deal);
 * - a stack that is not known (a screen loaded with bets already on the table) is made of the table's chips,
 *   largest first, as the felt draws it.
 */
import { LISTED_BETS, type BetSpot } from '../format/money.ts';

export type ChipStacks = Readonly<Partial<Record<BetSpot, readonly number[]>>>;

function greedy(amount: number, denominations: readonly number[]): number[] {
  const out: number[] = [];
  let left = amount;
  for (const d of [...denominations].sort((a, b) => b - a)) {
    while (d > 0 && left >= d) {
      out.push(d);
      left -= d;
    }
  }
  if (left > 0) out.push(left);
  return out;
}

function shrink(stack: readonly number[], by: number): number[] {
  const out = [...stack];
  let left = by;
  while (left > 0 && out.length > 0) {
    const top = out[out.length - 1]!;
    if (top <= left) {
      out.pop();
      left -= top;
    } else {
      out[out.length - 1] = top - left;
      left = 0;
    }
  }
  return out;
}

/** The stacks after main's layout moved from `before` to `after`. */
export function followLayout(
  stacks: ChipStacks,
  before: Readonly<Partial<Record<BetSpot, number>>>,
  after: Readonly<Partial<Record<BetSpot, number>>>,
  denominations: readonly number[],
): ChipStacks {
  const next: Partial<Record<BetSpot, readonly number[]>> = {};
  for (const spot of LISTED_BETS) {
    const was = before[spot] ?? 0;
    const now = after[spot] ?? 0;
    if (now <= 0) continue;
    const known = stacks[spot] ?? [];
    const base = known.reduce((a, b) => a + b, 0) === was ? known : greedy(was, denominations);
    next[spot] = now > was ? [...base, now - was] : now < was ? shrink(base, was - now) : base;
  }
  return next;
}

/**
 * The chip value a right click on `spot` asks main to remove: the last chip placed there. Main removes only
 * table chips, so a top that is not one (left over from a partial removal) is sent as the largest chip not
 * above it, or the smallest chip, which main then takes off whole when it is larger than the bet.
 */
export function lastPlacedChip(stacks: ChipStacks, spot: BetSpot, denominations: readonly number[]): number | null {
  const stack = stacks[spot];
  const top = stack?.[stack.length - 1];
  if (top === undefined || denominations.length === 0) return null;
  if (denominations.includes(top)) return top;
  const sorted = [...denominations].sort((a, b) => a - b);
  return [...sorted].reverse().find((d) => d <= top) ?? sorted[0]!;
}

/**
 * The chips the felt draws on `spot` for `amountMinor` (bottom first): the first of `known` (the chips on the
 * table now, then those of the layout that was dealt) whose chips on the spot still add up to it, else the
 * table's chips, largest at the bottom (a screen loaded with bets on it).
 */
export function feltStack(
  known: readonly ChipStacks[],
  spot: BetSpot,
  amountMinor: number,
  denominations: readonly number[],
): number[] {
  if (amountMinor <= 0) return [];
  for (const stacks of known) {
    const chips = stacks[spot];
    if (chips && chips.reduce((a, b) => a + b, 0) === amountMinor) return [...chips];
  }
  return greedy(amountMinor, denominations);
}
