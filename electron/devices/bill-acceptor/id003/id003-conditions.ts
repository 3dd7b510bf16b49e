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
import type { DeviceDetail, Id003AcceptorCondition } from '../../../core/model/device-detail.ts';
import { ConditionSet, type ConditionEffects as BaseConditionEffects } from '../condition-set.ts';
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

export type ConditionEffects = BaseConditionEffects<Id003Condition>;

/** The active conditions of one ID-003 unit: ID-003's list on the shared bookkeeping (../condition-set.ts). */
export class Id003Conditions extends ConditionSet<Id003Condition> {
  constructor(effects: ConditionEffects) {
    super({ texts: ID003_CONDITION_TEXT, latched: LATCHED }, effects);
  }

  /** The active conditions as a code, for the device status (the words are describe()'s). */
  code(): DeviceDetail & { readonly code: 'id003-conditions' } {
    return { code: 'id003-conditions', conditions: this.list() };
  }

  /** The code of a freshly raised condition alone, for the tilt it raises. */
  codeOf(condition: Id003Condition): DeviceDetail {
    return { code: 'id003-conditions', conditions: [condition] };
  }
}
