/**
 * The poll events of the modelled NV9USB / NV200, from the event tables and event pages of GA138
 * (docs/protocols/essp-device-model.md#events): code, data bytes, the lowest protocol version that has the
 * event, whether it needs EVENT_ACK under POLL_WITH_ACK, and the products that report it.
 * Where GA138 and the units disagree (0xEA, and events GA138 marks "repeat: no" that real units report on every
 * poll while the condition lasts) the page says which way the model goes.
 */

export type Product = 'NV200' | 'NV9USB';

export interface EventSpec {
  readonly code: number;
  readonly name: string;
  readonly dataBytes: 0 | 1;
  readonly minProtocol: number;
  /** "Poll with Ack: yes" in GA138: repeated in every POLL_WITH_ACK reply until EVENT_ACK. */
  readonly needsAck: boolean;
  readonly products: readonly Product[];
}

const BOTH: readonly Product[] = ['NV200', 'NV9USB'];
const NV200: readonly Product[] = ['NV200'];

function spec(code: number, name: string, dataBytes: 0 | 1, minProtocol: number, needsAck: boolean, products = BOTH) {
  return { code, name, dataBytes, minProtocol, needsAck, products } satisfies EventSpec;
}

export const EVENTS = {
  SLAVE_RESET: spec(0xf1, 'slave reset', 0, 4, false),
  READ: spec(0xef, 'read', 1, 4, false),
  NOTE_CREDIT: spec(0xee, 'note credit', 1, 4, true),
  REJECTING: spec(0xed, 'rejecting', 0, 4, false),
  REJECTED: spec(0xec, 'rejected', 0, 4, false),
  STACKING: spec(0xcc, 'stacking', 0, 4, false),
  STACKED: spec(0xeb, 'stacked', 0, 4, false),
  SAFE_JAM: spec(0xea, 'safe jam', 0, 4, false),
  UNSAFE_JAM: spec(0xe9, 'unsafe jam', 0, 4, false),
  DISABLED: spec(0xe8, 'disabled', 0, 4, false),
  FRAUD_ATTEMPT: spec(0xe6, 'fraud attempt', 1, 4, true, NV200),
  STACKER_FULL: spec(0xe7, 'stacker full', 0, 4, false),
  NOTE_CLEARED_FROM_FRONT: spec(0xe1, 'note cleared from front', 1, 4, false),
  NOTE_CLEARED_INTO_CASHBOX: spec(0xe2, 'note cleared into cashbox', 1, 5, true),
  CASHBOX_REMOVED: spec(0xe3, 'cashbox removed', 0, 5, false, NV200),
  CASHBOX_REPLACED: spec(0xe4, 'cashbox replaced', 0, 5, false, NV200),
  NOTE_PATH_OPEN: spec(0xe0, 'note path open', 0, 6, false, NV200),
  CHANNEL_DISABLE: spec(0xb5, 'channel disable', 0, 7, false),
  INITIALISING: spec(0xb6, 'initialising', 0, 7, true),
} as const;

export type EventName = keyof typeof EVENTS;

/** One event in a poll reply. */
export interface PollEvent {
  readonly spec: EventSpec;
  /** The channel byte of events that carry one (0 = unknown). */
  readonly channel?: number;
}

export function eventOf(name: EventName, channel?: number): PollEvent {
  const found = EVENTS[name];
  return found.dataBytes === 1 ? { spec: found, channel: channel ?? 0 } : { spec: found };
}

export function eventBytes(event: PollEvent): number[] {
  return event.spec.dataBytes === 1 ? [event.spec.code, (event.channel ?? 0) & 0xff] : [event.spec.code];
}

/** True when the unit reports this event at the protocol version the host set. */
export function reportable(event: PollEvent, protocolVersion: number, product: Product): boolean {
  return event.spec.minProtocol <= protocolVersion && event.spec.products.includes(product);
}
