/**
 * The bookkeeping of an acceptor's active conditions, the same for every protocol: each driver keeps its own
 * list of conditions, texts and which of them are latched (acceptor-conditions.ts for eSSP,
 * id003/id003-conditions.ts for ID-003), and this class keeps the rule they share
 * (docs/cabinet-rules.md#door-and-tilt):
 *
 * - a condition is raised once: the cabinet hears of it when it becomes active, not on every poll;
 * - a tilt lasts while the unit reports it and clears on the first reply that no longer does;
 * - a latched condition stays until the driver drops it (a reset, a power-up, a set-up that found channels).
 *
 * Kept apart from the protocols so both drivers report conditions by the same rule; it reads no bytes.
 */

export interface ConditionEffects<C extends string> {
  /** A condition became active: tell the cabinet (device-fault) and the event log. */
  raised(condition: C, reason: string): void;
  /** A tilt condition ended. */
  cleared(condition: C): void;
  /** The set may have changed: report the acceptor's health again. */
  changed(): void;
}

export interface ConditionRules<C extends string> {
  /** Every condition's words, for the device status and the default reason of a fault. */
  readonly texts: Readonly<Record<C, string>>;
  /** Conditions that stay until dropped, not until the unit stops reporting them. */
  readonly latched: ReadonlySet<C>;
}

export class ConditionSet<C extends string> {
  readonly #rules: ConditionRules<C>;
  readonly #effects: ConditionEffects<C>;
  readonly #active = new Set<C>();

  constructor(rules: ConditionRules<C>, effects: ConditionEffects<C>) {
    this.#rules = rules;
    this.#effects = effects;
  }

  get active(): boolean {
    return this.#active.size > 0;
  }

  has(condition: C): boolean {
    return this.#active.has(condition);
  }

  /** The active conditions, in the order they were raised. */
  list(): C[] {
    return [...this.#active];
  }

  /** The texts of the active conditions, for the device status. */
  describe(): string {
    return this.list()
      .map((c) => this.#rules.texts[c])
      .join('; ');
  }

  /** Raises `condition` (the cabinet hears of it once, while it stays active). */
  raise(condition: C, reason: string = this.#rules.texts[condition]): void {
    const fresh = !this.#active.has(condition);
    this.#active.add(condition);
    if (fresh) this.#effects.raised(condition, reason);
    this.#effects.changed();
  }

  /**
   * After one reply from the unit: raises what it reported, clears the tilts it no longer reports. Latched
   * conditions stay.
   */
  update(seen: ReadonlySet<C>): void {
    for (const condition of seen) if (!this.#active.has(condition)) this.raise(condition);
    for (const condition of [...this.#active]) {
      if (!this.#rules.latched.has(condition) && !seen.has(condition)) {
        this.#active.delete(condition);
        this.#effects.cleared(condition);
      }
    }
    this.#effects.changed();
  }

  /** Drops conditions without a reply saying so (a reset, a set-up that found acceptable channels). */
  drop(conditions: readonly C[]): void {
    let dropped = false;
    for (const condition of conditions) dropped = this.#active.delete(condition) || dropped;
    if (dropped) this.#effects.changed();
  }
}
