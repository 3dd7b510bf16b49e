import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noteOfStatus } from './id003/id003-note.ts';
import { Status } from './id003/id003-protocol.ts';
import { noteAfterPoll } from './note-in-acceptor.ts';
import { Event } from './poll-event-table.ts';

const read = (channel: number) => ({ code: Event.READ_NOTE, channel });

describe('eSSP: the player sees a note being read from its first report until it is credited or goes back', () => {
  it('READ_NOTE before the channel is known is a note being read', () => {
    expect(noteAfterPoll(null, [read(0)])).toBe('reading');
  });

  it('READ_NOTE with its channel is a note in escrow', () => {
    expect(noteAfterPoll('reading', [read(3)])).toBe('escrow');
  });

  it('a poll with no note event leaves the note where it was', () => {
    expect(noteAfterPoll('escrow', [])).toBe('escrow');
    expect(noteAfterPoll(null, [])).toBeNull();
  });

  it('stacking keeps the note shown; its credit ends it, and the STACKING repeated after the credit does not bring it back', () => {
    const stacking = noteAfterPoll('escrow', [{ code: Event.NOTE_STACKING }]);
    expect(stacking).toBe('escrow');
    const credited = noteAfterPoll(stacking, [{ code: Event.CREDIT_NOTE, channel: 3 }, { code: Event.NOTE_STACKING }]);
    expect(credited).toBeNull();
    expect(noteAfterPoll(credited, [{ code: Event.NOTE_STACKING }])).toBeNull();
  });

  it('a rejected or returned note ends it', () => {
    expect(noteAfterPoll('reading', [{ code: Event.NOTE_REJECTING }])).toBeNull();
    expect(noteAfterPoll('escrow', [{ code: Event.NOTE_REJECTED }])).toBeNull();
    expect(noteAfterPoll('escrow', [{ code: Event.NOTE_CLEARED_FROM_FRONT, channel: 2 }])).toBeNull();
  });

  it('events are read in order: a read and its credit in one reply leave no note', () => {
    expect(
      noteAfterPoll(null, [read(0), read(2), { code: Event.NOTE_STACKING }, { code: Event.CREDIT_NOTE, channel: 2 }]),
    ).toBeNull();
    expect(noteAfterPoll(null, [{ code: Event.NOTE_REJECTED }, read(0)])).toBe('reading');
  });

  it('whatever came before, the last note event decides', () => {
    const codes = [Event.CREDIT_NOTE, Event.NOTE_REJECTED, Event.NOTE_STACKED, Event.SLAVE_RESET, Event.DISABLED];
    fc.assert(
      fc.property(
        fc.constantFrom<'reading' | 'escrow' | null>('reading', 'escrow', null),
        fc.array(
          fc.oneof(
            fc.constantFrom(...codes).map((code) => ({ code })),
            fc.integer({ min: 0, max: 8 }).map(read),
          ),
        ),
        fc.boolean(),
        (before, events, endsWithCredit) => {
          const last = endsWithCredit ? { code: Event.CREDIT_NOTE, channel: 1 } : read(0);
          expect(noteAfterPoll(before, [...events, last])).toBe(endsWithCredit ? null : 'reading');
        },
      ),
    );
  });
});

describe('ID-003: the note follows from the unit status alone', () => {
  it('ACCEPTING is a note being read', () => {
    expect(noteOfStatus(Status.ACCEPTING)).toBe('reading');
  });

  it('ESCROW, HOLDING and STACKING hold a note', () => {
    for (const s of [Status.ESCROW, Status.HOLDING, Status.STACKING]) expect(noteOfStatus(s)).toBe('escrow');
  });

  it('VEND_VALID (credited by then), STACKED, REJECTING, RETURNING and IDLING have no note on its way in', () => {
    for (const s of [
      Status.VEND_VALID,
      Status.STACKED,
      Status.REJECTING,
      Status.RETURNING,
      Status.IDLING,
      Status.DISABLED,
    ])
      expect(noteOfStatus(s)).toBeNull();
  });
});
