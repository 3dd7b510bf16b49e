/**
 * The note test mode (docs/protocols/essp.md#note-test-mode): switching it on starts a fresh list of the
 * notes read, the list keeps the latest twenty, and switching to the state it is already in changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { NoteTestMode } from './note-test-mode.ts';

describe('note test mode', () => {
  it('is off at first and says whether a switch changed it', () => {
    const mode = new NoteTestMode();
    expect(mode.on).toBe(false);
    expect(mode.set(false)).toBe(false);
    expect(mode.set(true)).toBe(true);
    expect(mode.set(true)).toBe(false);
    expect(mode.on).toBe(true);
  });

  it('keeps the latest twenty notes read, oldest first', () => {
    const mode = new NoteTestMode();
    mode.set(true);
    for (let channel = 1; channel <= 25; channel++) mode.record({ channel, valueMinor: channel * 100 });
    expect(mode.notes.map((n) => n.channel)).toEqual(Array.from({ length: 20 }, (_, i) => i + 6));
  });

  it('starts a fresh list when switched on again', () => {
    const mode = new NoteTestMode();
    mode.set(true);
    mode.record({ channel: 1, valueMinor: 500 });
    mode.set(false);
    expect(mode.notes).toHaveLength(1);
    mode.set(true);
    expect(mode.notes).toEqual([]);
  });
});
