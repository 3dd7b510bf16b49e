/**
 * Which physical note a CREDIT_NOTE belongs to, durable across a host crash. This is what makes the eventKey
 * given to cabinet.creditBill identify one physical note.
 *
 * Scheme (documented decision):
 * - The acceptor's events carry no note number, so the host numbers notes itself: a persistent per-acceptor
 *   counter `nextSeq`, under a random `epoch` drawn when the state file is created.
 *   eventKey = `bill:<acceptor serial>:<epoch>:<seq>`.
 * - A number is allocated when a note is first seen in escrow (READ_NOTE with channel > 0) and written to disk
 *   *before* the host answers the escrow (HOLD / REJECT). The record says: channel, value, stage.
 * - CREDIT_NOTE (or NOTE_CLEARED_INTO_CASHBOX at power-up) for the recorded channel reuses the record's key,
 *   however often it repeats: POLL_WITH_ACK repeats it until EVENT_ACK, also after a host crash and restart,
 *   and the cabinet journals a key once. The host sends EVENT_ACK only after creditBill returned (committed).
 * - After the EVENT_ACK the record is marked `acked`. A unit never repeats an event it had acknowledged, so a
 *   later CREDIT_NOTE without a new escrow, of any channel, is a second note whose escrow the host missed: it is
 *   refused and raised as an anomaly ("count the cashbox"), never credited and never dropped in silence
 *   (docs/protocols/essp.md#credit-rules).
 * Limits: the key is only as durable as the state file. A lost or deleted file restarts the numbering under a
 * fresh epoch, so new keys never collide with keys the journal already credited (which would swallow real
 * notes as repeats); keys of a new acceptor serial never collide with old ones either. A host crash in the microseconds between receiving an
 * escrow report and writing it down loses the escrow: the later CREDIT_NOTE is refused and raised as a fault for
 * a technician to settle with the cashbox count — money is never credited twice or silently.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';

/** 48 random bits: two numberings never share an epoch in practice. */
function newEpoch(): string {
  return randomBytes(6).toString('hex');
}

export type NoteStage = 'escrow' | 'credited' | 'acked';

export interface NoteRecord {
  readonly seq: number;
  readonly key: string;
  readonly channel: number;
  readonly valueMinor: number;
  readonly stage: NoteStage;
}

export interface TrackerState {
  readonly version: 1;
  readonly acceptorId: string;
  /** Random, drawn when the numbering starts; absent only in files written before it existed. */
  readonly epoch?: string;
  readonly nextSeq: number;
  readonly note: NoteRecord | null;
}

export interface TrackerStore {
  load(): TrackerState | null;
  save(state: TrackerState): void;
}

export function memoryStore(initial: TrackerState | null = null): TrackerStore & { state: TrackerState | null } {
  const store = {
    state: initial,
    load: () => store.state,
    save: (state: TrackerState) => {
      store.state = state;
    },
  };
  return store;
}

/** A JSON file replaced atomically (write temp, fsync, rename), so a crash leaves the old or the new state. */
export function fileStore(path: string): TrackerStore {
  return {
    load() {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      let parsed: TrackerState;
      try {
        parsed = JSON.parse(text) as TrackerState;
      } catch (error) {
        throw new Error(
          `bill acceptor state file ${path} is not valid JSON (${(error as Error).message}); it must hold a version 1 note tracker state`,
          { cause: error },
        );
      }
      if (parsed?.version !== 1 || typeof parsed.acceptorId !== 'string' || !Number.isSafeInteger(parsed.nextSeq)) {
        throw new Error(`bill acceptor state file ${path} is not a version 1 note tracker state`);
      }
      return parsed;
    },
    save(state) {
      mkdirSync(dirname(path), { recursive: true });
      const tmp = `${path}.tmp`;
      const fd = openSync(tmp, 'w');
      try {
        writeSync(fd, JSON.stringify(state));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, path);
      // The rename is only durable once the folder's entry is on disk: without this, a power loss could bring
      // back the previous state and a stacked note would find no escrow record (credited to nobody).
      const dir = openSync(dirname(path), 'r');
      try {
        fsyncSync(dir);
      } finally {
        closeSync(dir);
      }
    },
  };
}

export type CreditDecision =
  | { readonly credit: true; readonly key: string; readonly valueMinor: number; readonly repeat: boolean }
  | { readonly credit: false; readonly reason: string };

export class NoteTracker {
  readonly #store: TrackerStore;
  #state: TrackerState;

  constructor(store: TrackerStore, acceptorId: string) {
    this.#store = store;
    const loaded = store.load();
    if (loaded && loaded.acceptorId === acceptorId && loaded.epoch !== undefined) {
      this.#state = loaded;
    } else if (loaded && loaded.acceptorId === acceptorId) {
      // A file from before epochs: keep its numbering and any note in flight (its key is stored whole).
      this.#state = { ...loaded, epoch: newEpoch() };
      this.#store.save(this.#state);
    } else {
      // No file (first start, or lost), or a different acceptor (swapped unit): its notes cannot match the old
      // record. A fresh epoch keeps new keys apart from every key credited before.
      this.#state = { version: 1, acceptorId, epoch: newEpoch(), nextSeq: loaded?.nextSeq ?? 1, note: null };
      this.#store.save(this.#state);
    }
  }

  get state(): TrackerState {
    return this.#state;
  }

  /** READ_NOTE channel > 0. Returns true when this is a new escrow (not a repeat report of the same one). */
  escrow(channel: number, valueMinor: number): boolean {
    const note = this.#state.note;
    if (note && note.stage === 'escrow' && note.channel === channel) return false;
    const seq = this.#state.nextSeq;
    this.#save({
      ...this.#state,
      nextSeq: seq + 1,
      note: {
        seq,
        key: `bill:${this.#state.acceptorId}:${this.#state.epoch ?? newEpoch()}:${seq}`,
        channel,
        valueMinor,
        stage: 'escrow',
      },
    });
    return true;
  }

  /** NOTE_REJECTED / NOTE_CLEARED_FROM_FRONT: the escrowed note went back to the player. */
  returned(): void {
    if (this.#state.note?.stage === 'escrow') this.#save({ ...this.#state, note: null });
  }

  /** CREDIT_NOTE or NOTE_CLEARED_INTO_CASHBOX for `channel`. */
  credit(channel: number): CreditDecision {
    const note = this.#state.note;
    if (!note) return { credit: false, reason: `credit for channel ${channel} without any escrow` };
    if (note.channel !== channel) {
      return {
        credit: false,
        reason: `credit for channel ${channel} but the note in escrow was channel ${note.channel}`,
      };
    }
    if (note.stage === 'acked') {
      return {
        credit: false,
        reason:
          `credit for channel ${channel} after ${note.key} was acknowledged, with no new escrow: ` +
          'a second note whose escrow was missed',
      };
    }
    if (note.stage === 'escrow') this.#save({ ...this.#state, note: { ...note, stage: 'credited' } });
    return { credit: true, key: note.key, valueMinor: note.valueMinor, repeat: note.stage === 'credited' };
  }

  /** EVENT_ACK went through. */
  acked(): void {
    const note = this.#state.note;
    if (note && note.stage === 'credited') this.#save({ ...this.#state, note: { ...note, stage: 'acked' } });
  }

  #save(state: TrackerState): void {
    this.#store.save(state);
    this.#state = state;
  }
}
