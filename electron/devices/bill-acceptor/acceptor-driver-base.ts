/**
 * The half of an acceptor driver that faces the cabinet and the technician, the same for every protocol: the
 * status report (acceptor-status.ts), the cabinet watch for the enable policy (cabinet-watch.ts), the note
 * test mode (note-test-mode.ts), the counters (acceptor-diagnostics.ts), the event log (driver-events.ts) and
 * what a raised condition does (cabinet-condition-effects.ts). The eSSP driver (bill-acceptor-driver.ts) and
 * the ID-003 driver (id003/id003-driver.ts) extend it with their protocol: link, set-up, polling, money flow.
 * It reads no bytes, so sharing it keeps both drivers telling the cabinet the same things the same way.
 */
import type { DevicePort, DeviceStatus } from '../../core/cabinet/cabinet-api.ts';
import type { DeviceDetail } from '../../core/model/device-detail.ts';
import { AcceptorCounters } from './acceptor-diagnostics.ts';
import { AcceptorStatus, type StatusWords } from './acceptor-status.ts';
import { cabinetConditionEffects } from './cabinet-condition-effects.ts';
import { CabinetWatch } from './cabinet-watch.ts';
import type { ConditionEffects } from './condition-set.ts';
import { DriverEvents, type BillAcceptorEvent } from './driver-events.ts';
import { NoteTestMode } from './note-test-mode.ts';

export interface AcceptorDriverBaseOptions {
  readonly portPath: string;
  readonly cabinet: DevicePort;
}

export abstract class AcceptorDriverBase {
  protected readonly events = new DriverEvents();
  protected readonly counters = new AcceptorCounters();
  protected readonly testMode = new NoteTestMode();
  protected readonly statusReport: AcceptorStatus;
  protected readonly cabinetWatch: CabinetWatch;
  readonly #cabinet: DevicePort;

  constructor(options: AcceptorDriverBaseOptions, words: StatusWords) {
    this.#cabinet = options.cabinet;
    this.statusReport = new AcceptorStatus(
      options.portPath,
      options.cabinet,
      (type, detail) => this.emit(type, detail),
      words,
    );
    this.cabinetWatch = new CabinetWatch(options.cabinet);
  }

  status(): DeviceStatus {
    return this.statusReport.current;
  }

  /**
   * Note test mode (docs/protocols/essp.md#note-test-mode): while on, every note is read and handed back,
   * never stacked or credited, and the acceptor is enabled even while the cabinet could not take money.
   */
  setTestMode(on: boolean): void {
    if (!this.testMode.set(on)) return;
    this.emit('test-mode', on ? 'note test mode on: notes are read and returned' : 'note test mode off');
    this.wake();
  }

  /** Driver events (credit, reject, fault, status, line-error…); a listener that throws never stops the driver. */
  onEvent(listener: (event: BillAcceptorEvent) => void): () => void {
    return this.events.on(listener);
  }

  /**
   * The enable policy (docs/cabinet-rules.md#bill-validator): notes are taken only while the unit has no
   * active condition and the cabinet takes money, or in note test mode, where every note is handed back.
   */
  protected wantsNotes(conditionActive: boolean): boolean {
    return !conditionActive && (this.testMode.on || this.cabinetWatch.takesMoney());
  }

  /** The unit was just told to take notes (true) or not: logged, and the health says so. */
  protected enableSent(enabled: boolean): void {
    this.emit(enabled ? 'enabled' : 'disabled', enabled ? 'accepting notes' : 'not accepting notes');
    this.refreshHealth();
  }

  protected emit(type: string, detail: string): void {
    this.events.emit(type, detail);
  }

  /** Wakes the poll loop, so the enable state follows a change at once. */
  protected abstract wake(): void;

  /** Reports the health again from the driver's state (statusReport.refresh). */
  protected abstract refreshHealth(): void;

  /** What the driver's condition set does on a change: `jams` are counted, `codeOf` codes a fresh tilt. */
  protected conditionEffects<C extends string>(
    jams: readonly C[],
    codeOf: (condition: C) => DeviceDetail,
  ): ConditionEffects<C> {
    return cabinetConditionEffects({
      cabinet: this.#cabinet,
      counters: this.counters,
      jams,
      codeOf,
      emit: (type, detail) => this.emit(type, detail),
      changed: () => this.refreshHealth(),
    });
  }
}
