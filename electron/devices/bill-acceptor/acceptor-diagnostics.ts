/**
 * What the technician's diagnostics screen shows of the bill acceptor: its identity (serial
 * number, firmware, dataset; docs/protocols/essp.md#commands), its channels, and counters since
 * the driver started (notes credited, rejects by reason, jams), plus the note test mode: while
 * it is on, a note at escrow is read, reported and handed back, never stacked and never credited
 * (docs/protocols/essp.md#note-test-mode).
 */
import type { AcceptorCountersView, RejectReason } from '../../core/cabinet/diagnostics.ts';

export type {
  AcceptorChannel,
  AcceptorCountersView,
  BillAcceptorDiagnostics,
  RejectReason,
  TestNote,
} from '../../core/cabinet/diagnostics.ts';

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
