/**
 * The note test mode of either driver (docs/protocols/essp.md#note-test-mode): while it is on, a note at
 * escrow is read, reported and handed back, never stacked or credited; the technician sees the last notes
 * read. Kept apart from the drivers because the mode and its list do not depend on the protocol.
 */
import type { TestNote } from './acceptor-diagnostics.ts';

/** How many of the notes read the technician's screen keeps. */
const KEPT_NOTES = 20;

export class NoteTestMode {
  #on = false;
  #notes: TestNote[] = [];

  get on(): boolean {
    return this.#on;
  }

  /** The notes read since the mode was last switched on, oldest first. */
  get notes(): readonly TestNote[] {
    return this.#notes;
  }

  /** Switches the mode; false when it already was so (nothing to tell). Switching on starts a fresh list. */
  set(on: boolean): boolean {
    if (on === this.#on) return false;
    this.#on = on;
    if (on) this.#notes = [];
    return true;
  }

  record(note: Omit<TestNote, 'at'>): void {
    this.#notes = [...this.#notes, { at: new Date().toISOString(), ...note }].slice(-KEPT_NOTES);
  }
}
