/**
 * The poll events of a banknote validator at host protocol 7 (docs/protocols/essp.md#poll-events): for each
 * code the number of data bytes after it and whether POLL_WITH_ACK repeats it until EVENT_ACK.
 *
 * Source: GA138 (SSP protocol manual v2.2), the NV9USB and NV200 event tables and each event's own page
 * ("Data size", "Poll with Ack"). Where an event's page has no table the length comes from its packet example
 * (0xE1: one byte, 0xE5: none). 0xEA (safe jam) is no longer in GA138 v2.2 but older NV9 firmware sends it; the
 * open hosts read it without data. 0xA7 (ticket in bezel at startup) has no size anywhere in the sources, so it
 * is left out on purpose: a code whose length is not known ends the parse (parsePollReply), it is never guessed.
 * Payout, hopper and coin events (variable lengths that depend on the unit's currencies) are not events of a
 * validator without a payout, and are left out the same way.
 */

export const Event = {
  SLAVE_RESET: 0xf1,
  READ_NOTE: 0xef,
  CREDIT_NOTE: 0xee,
  NOTE_REJECTING: 0xed,
  NOTE_REJECTED: 0xec,
  NOTE_STACKING: 0xcc,
  NOTE_STACKED: 0xeb,
  SAFE_JAM: 0xea,
  UNSAFE_JAM: 0xe9,
  DISABLED: 0xe8,
  FRAUD_ATTEMPT: 0xe6,
  STACKER_FULL: 0xe7,
  NOTE_CLEARED_FROM_FRONT: 0xe1,
  NOTE_CLEARED_INTO_CASHBOX: 0xe2,
  CASHBOX_REMOVED: 0xe3,
  CASHBOX_REPLACED: 0xe4,
  BARCODE_TICKET_VALIDATED: 0xe5,
  BARCODE_TICKET_ACK: 0xd1,
  NOTE_PATH_OPEN: 0xe0,
  CHANNEL_DISABLE: 0xb5,
  INITIALISING: 0xb6,
  TICKETS_LOW: 0xa0,
  TICKETS_REPLACED: 0xa1,
  PRINTER_HEAD_REMOVED: 0xa2,
  TICKET_PATH_OPEN: 0xa3,
  TICKET_JAM: 0xa4,
  TICKET_PRINTING: 0xa5,
  TICKET_PRINTED: 0xa6,
  TICKET_PRINTING_ERROR: 0xa8,
  PRINTER_HEAD_REPLACED: 0xa9,
  TICKET_PATH_CLOSED: 0xaa,
  NO_PAPER: 0xab,
  PAPER_REPLACED: 0xac,
  TICKET_IN_BEZEL: 0xad,
  PRINT_HALTED: 0xae,
  PRINTED_TO_CASHBOX: 0xaf,
} as const;

export type EventCode = (typeof Event)[keyof typeof Event];

export interface EventSpec {
  /** Data bytes after the code. */
  readonly data: 0 | 1;
  /** GA138 "Poll with Ack": repeated in every POLL_WITH_ACK reply until the host sends EVENT_ACK. */
  readonly ack: boolean;
  /** Plain words for the event log. */
  readonly text: string;
}

const spec = (data: 0 | 1, ack: boolean, text: string): EventSpec => ({ data, ack, text });

export const EVENT_TABLE: ReadonlyMap<number, EventSpec> = new Map<number, EventSpec>([
  [Event.SLAVE_RESET, spec(0, false, 'slave reset')],
  [Event.READ_NOTE, spec(1, false, 'read note')],
  [Event.CREDIT_NOTE, spec(1, true, 'note credit')],
  [Event.NOTE_REJECTING, spec(0, false, 'rejecting')],
  [Event.NOTE_REJECTED, spec(0, false, 'rejected')],
  [Event.NOTE_STACKING, spec(0, false, 'stacking')],
  [Event.NOTE_STACKED, spec(0, false, 'stacked')],
  [Event.SAFE_JAM, spec(0, false, 'safe jam')],
  [Event.UNSAFE_JAM, spec(0, false, 'unsafe jam')],
  [Event.DISABLED, spec(0, false, 'disabled')],
  [Event.FRAUD_ATTEMPT, spec(1, true, 'fraud attempt')],
  [Event.STACKER_FULL, spec(0, false, 'stacker full')],
  // GA138 v2.2 prints no table for 0xE1: acknowledged like its pair 0xE2 ("Poll with Ack"). An EVENT_ACK
  // the unit was not waiting for costs one exchange; an event left waiting would stop the unit taking notes.
  [Event.NOTE_CLEARED_FROM_FRONT, spec(1, true, 'note cleared from front')],
  [Event.NOTE_CLEARED_INTO_CASHBOX, spec(1, true, 'note cleared into cashbox')],
  [Event.CASHBOX_REMOVED, spec(0, false, 'cashbox removed')],
  [Event.CASHBOX_REPLACED, spec(0, false, 'cashbox replaced')],
  [Event.BARCODE_TICKET_VALIDATED, spec(0, false, 'barcode ticket validated (in escrow)')],
  [Event.BARCODE_TICKET_ACK, spec(0, true, 'barcode ticket stacked')],
  [Event.NOTE_PATH_OPEN, spec(0, false, 'note path open')],
  [Event.CHANNEL_DISABLE, spec(0, false, 'all channels inhibited')],
  [Event.INITIALISING, spec(0, true, 'initialising')],
  [Event.TICKETS_LOW, spec(0, false, 'printer: tickets low')],
  [Event.TICKETS_REPLACED, spec(0, false, 'printer: tickets replaced')],
  [Event.PRINTER_HEAD_REMOVED, spec(0, false, 'printer: head removed')],
  [Event.TICKET_PATH_OPEN, spec(0, false, 'printer: ticket path open')],
  [Event.TICKET_JAM, spec(0, false, 'printer: ticket jam')],
  [Event.TICKET_PRINTING, spec(0, false, 'printer: printing')],
  [Event.TICKET_PRINTED, spec(0, false, 'printer: printed')],
  [Event.TICKET_PRINTING_ERROR, spec(1, false, 'printer: printing error')],
  [Event.PRINTER_HEAD_REPLACED, spec(0, false, 'printer: head replaced')],
  [Event.TICKET_PATH_CLOSED, spec(0, false, 'printer: ticket path closed')],
  [Event.NO_PAPER, spec(0, false, 'printer: no paper')],
  [Event.PAPER_REPLACED, spec(0, false, 'printer: paper replaced')],
  [Event.TICKET_IN_BEZEL, spec(0, false, 'printer: ticket in bezel')],
  [Event.PRINT_HALTED, spec(0, false, 'printer: print halted')],
  [Event.PRINTED_TO_CASHBOX, spec(0, false, 'printer: printed to cashbox')],
]);

/** Events whose data byte is a note channel (0 = unknown). */
export const CHANNEL_EVENTS: ReadonlySet<number> = new Set<number>([
  Event.READ_NOTE,
  Event.CREDIT_NOTE,
  Event.FRAUD_ATTEMPT,
  Event.NOTE_CLEARED_FROM_FRONT,
  Event.NOTE_CLEARED_INTO_CASHBOX,
]);

/** Printer events: only on units with a ticket printer attached; logged, nothing else. */
export function isPrinterEvent(code: number): boolean {
  return code >= 0xa0 && code <= 0xaf;
}

export function eventName(code: number): string {
  for (const [name, value] of Object.entries(Event)) if (value === code) return name;
  return `0x${code.toString(16).padStart(2, '0')}`;
}
