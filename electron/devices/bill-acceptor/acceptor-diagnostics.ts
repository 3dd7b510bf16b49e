/**
 * What the technician's diagnostics screen shows of the bill acceptor: its identity (serial
 * number, firmware, dataset; docs/protocols/essp.md#commands), its channels, and counters since
 * the driver started (notes credited, rejects by reason, jams), plus the note test mode: while
 * it is on, a note at escrow is read, reported and handed back, never stacked and never credited
 * (docs/protocols/essp.md#note-test-mode).
 */
import type { DeviceHealth } from '../../core/cabinet/cabinet-api.ts';
import type { MinorUnits } from '../../core/money/minor-units.ts';

/** Why a note went back to the player, as counted. */
export type RejectReason =
  | 'channel-not-accepted' // the venue or currency does not accept this channel
  | 'cabinet-not-taking-money' // tilt, round running, demo mode
  | 'cabinet-refused' // canAcceptBill said no (credit limit)
  | 'not-recorded' // the escrow could not be written down first
  | 'test-mode' // note test mode: read and returned on purpose
  | 'acceptor'; // the acceptor itself returned the note (0xEC: unrecognised, or timed out in escrow)

export interface AcceptorCountersView {
  /** Notes stacked and credited. */
  readonly notesIn: number;
  readonly rejects: Readonly<Partial<Record<RejectReason, number>>>;
  /** Safe and unsafe jams raised. */
  readonly jams: number;
}

export class AcceptorCounters {
  notesIn = 0;
  jams = 0;
  readonly #rejects = new Map<RejectReason, number>();

  reject(reason: RejectReason): void {
    this.#rejects.set(reason, (this.#rejects.get(reason) ?? 0) + 1);
  }

  view(): AcceptorCountersView {
    return { notesIn: this.notesIn, rejects: Object.fromEntries(this.#rejects), jams: this.jams };
  }
}

/** A note read in test mode. */
export interface TestNote {
  readonly at: string;
  readonly channel: number;
  readonly valueMinor: MinorUnits;
}

export interface AcceptorChannel {
  readonly channel: number;
  readonly valueMinor: MinorUnits;
  /** The venue accepts it now (configured, enabled, in the cabinet's currency). */
  readonly enabled: boolean;
  /** ISO 4217 code the acceptor reports for it. */
  readonly currency: string;
}

export interface BillAcceptorDiagnostics {
  readonly health: DeviceHealth;
  readonly detail: string;
  readonly serialNumber?: string;
  readonly firmware?: string;
  readonly dataset?: string;
  readonly channels: readonly AcceptorChannel[];
  readonly counters: AcceptorCountersView;
  readonly testMode: boolean;
  /** The notes read in test mode since it was last turned on, newest last (at most 20). */
  readonly testNotes: readonly TestNote[];
}
