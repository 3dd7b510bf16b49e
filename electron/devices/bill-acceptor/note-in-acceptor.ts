/**
 * Where the note in an eSSP acceptor is, from its poll events (docs/cabinet-rules.md#bill-validator): the
 * player's screen shows "reading" from the first READ_NOTE until the credit is committed or the note goes
 * back. Events are taken in order, so a reply with both a READ_NOTE and its CREDIT_NOTE ends with no note.
 * A poll with no note event leaves the note where it was (the acceptor repeats only some events); STACKING
 * leaves it too.
 */
import type { NoteInAcceptor } from '../../core/cabinet/cabinet-api.ts';
import { Event } from './poll-event-table.ts';
import type { PollEvent } from './ssp-protocol.ts';

/** Events after which no note is on its way in: credited, stacked, returned, or the unit lost it. */
const NOTE_GONE: ReadonlySet<number> = new Set([
  Event.CREDIT_NOTE,
  Event.NOTE_CLEARED_INTO_CASHBOX,
  Event.NOTE_STACKED,
  Event.NOTE_REJECTING,
  Event.NOTE_REJECTED,
  Event.NOTE_CLEARED_FROM_FRONT,
  Event.SAFE_JAM,
  Event.UNSAFE_JAM,
  Event.SLAVE_RESET,
  Event.DISABLED,
]);

/** The note's place after one poll reply's events, starting from where the last reply left it. */
export function noteAfterPoll(before: NoteInAcceptor | null, events: readonly PollEvent[]): NoteInAcceptor | null {
  let note = before;
  for (const event of events) {
    if (event.code === Event.READ_NOTE) note = event.channel && event.channel > 0 ? 'escrow' : 'reading';
    // STACKING is repeated in every reply while it lasts, also after the credit (docs/protocols/essp-device-model.md):
    // it never brings back a note the credit has ended.
    else if (NOTE_GONE.has(event.code)) note = null;
  }
  return note;
}
