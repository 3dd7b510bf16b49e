/**
 * Faults the link tests inject into the unit's conversation (docs/protocols/essp-device-model.md#the-emulators-controls).
 * They are not behaviours of a healthy unit; they exist so the driver can be shown to survive them:
 * - duplicated events: the next reply with a fresh credit carries its events twice, and the credit comes once
 *   more (as a plain event) in the reply after that;
 * - a lost EVENT_ACK: the next EVENT_ACK and its retransmissions never reach the unit.
 */
import { isCredit } from './event-queue.ts';
import type { PollEvent } from './event-table.ts';

export class LinkFaults {
  #duplicateNext = false;
  #ghost: PollEvent[] = [];
  #loseAcks = 0;

  duplicateNextCredit(): void {
    this.#duplicateNext = true;
  }

  loseNextAck(): void {
    this.#loseAcks = 3; // the host's retries of it too
  }

  /** True when this EVENT_ACK is to be lost on the line (never received, never answered). */
  swallowAck(): boolean {
    if (this.#loseAcks === 0) return false;
    this.#loseAcks--;
    return true;
  }

  /** A poll reply's events, the queued ones first, after the injections. */
  apply(queued: readonly PollEvent[], state: readonly PollEvent[]): { events: PollEvent[]; injected: boolean } {
    const events = [...queued, ...this.#ghost, ...state];
    this.#ghost = [];
    // The duplication waits for a fresh credit, not the ghost of an earlier one.
    if (!this.#duplicateNext || !queued.some(isCredit)) return { events, injected: false };
    this.#duplicateNext = false;
    this.#ghost = queued.filter(isCredit);
    return { events: [...events, ...events], injected: true };
  }

  reset(): void {
    this.#duplicateNext = false;
    this.#ghost = [];
  }
}
