/**
 * The Punto Banco drawing rules, docs/rules.md#the-tableau. Pure functions on totals so the
 * exact analysis, the simulator and the dealer all share one source of truth.
 */

/** A hand's total: the sum of card values mod 10. */
export function handTotal(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum % 10;
}

/** A two-card 8 or 9: both hands stand, overriding every other rule. */
export function isNatural(twoCardTotal: number): boolean {
  return twoCardTotal >= 8;
}

/** Player draws on 0–5 and stands on 6–7 (only asked when neither hand is natural). */
export function playerDraws(playerTotal: number): boolean {
  return playerTotal <= 5;
}

/**
 * Whether the Banker draws, given its two-card total and the value of the
 * Player's third card (null when the Player stood).
 */
export function bankerDraws(bankerTotal: number, playerThirdValue: number | null): boolean {
  if (playerThirdValue === null) return bankerTotal <= 5;
  const v = playerThirdValue;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return v !== 8;
    case 4:
      return v >= 2 && v <= 7;
    case 5:
      return v >= 4 && v <= 7;
    case 6:
      return v === 6 || v === 7;
    default:
      return false;
  }
}
