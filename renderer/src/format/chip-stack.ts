/**
 * How a spot's chips are drawn on the felt (docs/rules.md#chips-and-bets): a stack whose height follows the
 * number of chips up to a cap, the last chip placed on top with its value readable, and a count when there
 * are two or more. The amount itself is always the one main reports; this only decides what is drawn.
 */
export interface ChipStackView {
  /** The chips drawn, bottom first: the newest `cap` of the stack. The last one is the top chip. */
  readonly layers: readonly number[];
  /** The top chip's value, or null on an empty spot. */
  readonly top: number | null;
  /** Every chip on the spot, drawn or not. */
  readonly count: number;
  /** Chips under the drawn ones that the cap leaves out. */
  readonly hidden: number;
}

/** The stack of `chips` (bottom first) as drawn with at most `cap` layers (cap ≥ 1). */
export function chipStackView(chips: readonly number[], cap: number): ChipStackView {
  if (!Number.isSafeInteger(cap) || cap < 1) {
    throw new RangeError(`a chip stack is drawn with at least one layer; got a cap of ${String(cap)}`);
  }
  const layers = chips.slice(-cap);
  return {
    layers,
    top: layers.length > 0 ? layers[layers.length - 1]! : null,
    count: chips.length,
    hidden: chips.length - layers.length,
  };
}
