/**
 * What each poll event means for the acceptor's condition, and the set of conditions that are active now
 * (docs/protocols/essp.md#poll-events, docs/cabinet-rules.md#door-and-tilt).
 *
 * - A **tilt** condition (jams, stacker full, cashbox removed) is raised while the acceptor reports it and
 *   clears on the first poll that no longer does (the cashbox condition thus when 0xE4 arrives).
 * - A **fault** condition (fraud, a credit without its escrow, an unknown poll event, no acceptable channel, a
 *   refused unit) is latched: fraud, credit anomalies and unknown events until the acceptor resets (0xF1, a
 *   technician power-cycles it), no-channels until the next handshake finds an acceptable channel, a refusal
 *   until a session gets past the step that was refused.
 * - A **status** event changes no condition; the driver acts on it (re-enable, set up again, log).
 * Every raised condition is a `device-fault` for the cabinet; while any is active the acceptor is disabled.
 */
import type { DeviceDetail } from '../../core/model/device-detail.ts';
import { Event } from './ssp-protocol.ts';
import type { RefusalKind } from './unit-refusal.ts';
import { ConditionSet, type ConditionEffects as BaseConditionEffects } from './condition-set.ts';

export type Condition =
  | 'safe-jam'
  | 'unsafe-jam'
  | 'stacker-full'
  | 'cashbox-removed'
  | 'note-path-open'
  | 'fraud'
  | 'credit-anomaly'
  | 'unknown-event'
  | 'no-channels'
  | RefusalKind;

export const CONDITION_TEXT: Readonly<Record<Condition, string>> = {
  'safe-jam': 'note jammed in the acceptor (safe jam): clear the note path',
  'unsafe-jam': 'note jammed where it may be reachable (unsafe jam): clear the note path',
  'stacker-full': 'stacker full: empty the cashbox',
  'cashbox-removed': 'cashbox removed',
  'note-path-open': 'the note path of the bill acceptor is open: close it',
  fraud: 'fraud attempt detected at the bill acceptor',
  'credit-anomaly': 'bill acceptor reported a stacked note without a matching escrow: count the cashbox',
  'unknown-event':
    'bill acceptor sent a poll event the driver does not know: the events after it could not be read, check the acceptor',
  'no-channels': 'bill acceptor accepts no note: its channels do not match the venue configuration or currency',
  'key-mismatch':
    'the eSSP fixed key does not match the one set on the bill acceptor: set the same key on both, then power-cycle the acceptor',
  'protocol-refused': 'the bill acceptor will not run host protocol 6 or later: update its firmware or replace it',
  'no-poll-with-ack': 'the bill acceptor does not know POLL_WITH_ACK: update its firmware or replace it',
};

/** Conditions that stay until the acceptor resets or is set up again, not until their events stop. */
export const LATCHED: ReadonlySet<Condition> = new Set<Condition>([
  'fraud',
  'credit-anomaly',
  'unknown-event',
  'no-channels',
  'key-mismatch',
  'protocol-refused',
  'no-poll-with-ack',
]);

/** Conditions a reset of the acceptor (0xF1) clears. */
export const CLEARED_BY_RESET: readonly Condition[] = ['fraud', 'credit-anomaly', 'unknown-event'];

/** Refusals: cleared only by a session that gets past the point where the unit was refused. */
export const REFUSALS: readonly RefusalKind[] = ['key-mismatch', 'protocol-refused', 'no-poll-with-ack'];

export type EventMeaning =
  | { readonly kind: 'tilt'; readonly condition: Condition }
  | { readonly kind: 'fault'; readonly condition: Condition }
  | { readonly kind: 'status' };

/** Poll event code → what it means for the acceptor's condition. Codes not listed are note movements. */
export const EVENT_MEANING: ReadonlyMap<number, EventMeaning> = new Map<number, EventMeaning>([
  [Event.SAFE_JAM, { kind: 'tilt', condition: 'safe-jam' }],
  [Event.UNSAFE_JAM, { kind: 'tilt', condition: 'unsafe-jam' }],
  [Event.STACKER_FULL, { kind: 'tilt', condition: 'stacker-full' }],
  [Event.CASHBOX_REMOVED, { kind: 'tilt', condition: 'cashbox-removed' }],
  [Event.NOTE_PATH_OPEN, { kind: 'tilt', condition: 'note-path-open' }],
  [Event.FRAUD_ATTEMPT, { kind: 'fault', condition: 'fraud' }],
  [Event.CASHBOX_REPLACED, { kind: 'status' }],
  [Event.DISABLED, { kind: 'status' }],
  [Event.SLAVE_RESET, { kind: 'status' }],
]);

/** The condition a poll event raises, or null. */
export function conditionOf(code: number): Condition | null {
  const meaning = EVENT_MEANING.get(code);
  return meaning && meaning.kind !== 'status' ? meaning.condition : null;
}

export type ConditionEffects = BaseConditionEffects<Condition>;

/** The active conditions of one eSSP acceptor (condition-set.ts), with the byte of an unknown poll event. */
export class AcceptorConditions extends ConditionSet<Condition> {
  /** The byte of the last poll event the driver could not read, while 'unknown-event' is active. */
  #unknownEventCode: number | null = null;

  constructor(effects: ConditionEffects) {
    super({ texts: CONDITION_TEXT, latched: LATCHED }, effects);
  }

  /** The active conditions as a code, for the device status (the words are describe()'s). */
  code(): DeviceDetail & { readonly code: 'acceptor-conditions' } {
    const unknown = this.has('unknown-event') && this.#unknownEventCode !== null;
    return {
      code: 'acceptor-conditions',
      conditions: this.list(),
      ...(unknown ? { unknownEventCode: this.#unknownEventCode! } : {}),
    };
  }

  /** The code of a freshly raised condition alone, for the tilt it raises. */
  codeOf(condition: Condition): DeviceDetail {
    return {
      code: 'acceptor-conditions',
      conditions: [condition],
      ...(condition === 'unknown-event' && this.#unknownEventCode !== null
        ? { unknownEventCode: this.#unknownEventCode }
        : {}),
    };
  }

  /** A poll reply held an event byte the driver does not know: raises 'unknown-event' naming that byte. */
  raiseUnknownEvent(eventCode: number, reason: string): void {
    if (!this.has('unknown-event')) this.#unknownEventCode = eventCode;
    this.raise('unknown-event', reason);
  }

  /** Drops conditions without an event (a reset, a handshake that found acceptable channels). */
  override drop(conditions: readonly Condition[]): void {
    super.drop(conditions);
    if (!this.has('unknown-event')) this.#unknownEventCode = null;
  }
}
