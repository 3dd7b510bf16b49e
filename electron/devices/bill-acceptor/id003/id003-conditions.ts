/**
 * What an ID-003 status means for the acceptor's condition, and the set of active conditions — the same
 * concept as the eSSP driver's acceptor-conditions.ts (docs/protocols/id003.md#conditions,
 * docs/cabinet-rules.md#door-and-tilt), with ID-003's own list: that file's condition names and texts are
 * eSSP's (safe / unsafe jam, 0xF1 reset), and ID-003 adds a unit failure and a bill found in the stacker.
 *
 * - A **tilt** (jam in acceptor or stacker, stacker full, stacker open) is raised while the unit reports it and
 *   clears on the first status that no longer does.
 * - A **fault** is latched: cheated, failure, a credit without its escrow, and a bill found in the stacker at
 *   power-up whose escrow was never credited stay until the unit powers up again (a technician power-cycles
 *   it); no-channels until the next set-up finds an acceptable channel.
 * Every raised condition is a `device-fault` for the cabinet; while any is active the unit stays inhibited.
 */
import type { Id003AcceptorCondition } from '../../../core/model/device-detail.ts';
import { Status } from './id003-protocol.ts';

/** The list is the device-detail model's, so every condition has a code the screens word. */
export type Id003Condition = Id003AcceptorCondition;

export const ID003_CONDITION_TEXT: Readonly<Record<Id003Condition, string>> = {
  'acceptor-jam': 'note jammed in the acceptor: clear the note path',
  'stacker-jam': 'note jammed in the stacker: clear the stacker',
  'stacker-full': 'stacker full: empty the cashbox',
  'stacker-open': 'stacker (cashbox) open or removed',
  cheated: 'the bill acceptor detected a cheat attempt',
  failure: 'the bill acceptor reported a hardware failure',
  'credit-anomaly': 'bill acceptor reported a valid note without a matching escrow: count the cashbox',
  'uncredited-bill-in-stacker':
    'bill acceptor powered up with a note in the stacker that was never credited: count the cashbox and credit by hand',
  'no-channels': 'bill acceptor accepts no note: its denominations do not match the venue configuration or currency',
};

/** Conditions that stay until the unit powers up again (or is set up again), not until their status stops. */
export const LATCHED: ReadonlySet<Id003Condition> = new Set<Id003Condition>([
  'cheated',
  'failure',
  'credit-anomaly',
  'uncredited-bill-in-stacker',
  'no-channels',
]);

/** Conditions a power-up of the unit clears (a technician power-cycled it). */
export const CLEARED_BY_POWER_UP: readonly Id003Condition[] = [
  'cheated',
  'failure',
  'credit-anomaly',
  'uncredited-bill-in-stacker',
];

/** Status code → the condition it raises. Codes not listed are note movements or states. */
export const STATUS_CONDITION: ReadonlyMap<number, Id003Condition> = new Map<number, Id003Condition>([
  [Status.JAM_IN_ACCEPTOR, 'acceptor-jam'],
  [Status.JAM_IN_STACKER, 'stacker-jam'],
  [Status.STACKER_FULL, 'stacker-full'],
  [Status.STACKER_OPEN, 'stacker-open'],
  [Status.CHEATED, 'cheated'],
  [Status.FAILURE, 'failure'],
]);

export interface ConditionEffects {
  raised(condition: Id003Condition, reason: string): void;
  cleared(condition: Id003Condition): void;
  changed(): void;
}

export class Id003Conditions {
  readonly #effects: ConditionEffects;
  readonly #active = new Set<Id003Condition>();

  constructor(effects: ConditionEffects) {
    this.#effects = effects;
  }

  get active(): boolean {
    return this.#active.size > 0;
  }

  has(condition: Id003Condition): boolean {
    return this.#active.has(condition);
  }

  list(): Id003Condition[] {
    return [...this.#active];
  }

  describe(): string {
    return [...this.#active].map((c) => ID003_CONDITION_TEXT[c]).join('; ');
  }

  /** The cabinet hears of a condition once, while it stays active. */
  raise(condition: Id003Condition, reason: string = ID003_CONDITION_TEXT[condition]): void {
    const fresh = !this.#active.has(condition);
    this.#active.add(condition);
    if (fresh) this.#effects.raised(condition, reason);
    this.#effects.changed();
  }

  /** After one status: clears the tilts it no longer reports (latched conditions stay). */
  update(seen: Id003Condition | null): void {
    for (const condition of [...this.#active]) {
      if (!LATCHED.has(condition) && condition !== seen) {
        this.#active.delete(condition);
        this.#effects.cleared(condition);
      }
    }
    this.#effects.changed();
  }

  drop(conditions: readonly Id003Condition[]): void {
    let any = false;
    for (const condition of conditions) any = this.#active.delete(condition) || any;
    if (any) this.#effects.changed();
  }
}
