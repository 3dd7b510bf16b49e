/**
 * The bill acceptor's status as the cabinet sees it (its DevicePort's `reportDevice`), kept by the same rules
 * for every protocol, so the eSSP and the ID-003 driver tell the cabinet the same things the same way:
 *
 * - 'fault' while a condition is active, else 'healthy' after the session's first good poll, else 'connected'
 *   once the unit is set up, and 'disconnected' while the link is down (with the retry delay);
 * - a report goes out only when the health or the words change, and then with an event-log line;
 * - the note being read or held goes out on each change; a unit that is not healthy holds none
 *   (docs/cabinet-rules.md#bill-validator);
 * - a deliberate stop is not reported, so no tilt outlives a shutdown.
 *
 * Only the words that name protocol things differ ('disabled' or 'inhibited'), given by each driver.
 */
import type { DeviceHealth, DevicePort, DeviceStatus, NoteInAcceptor } from '../../core/cabinet/cabinet-api.ts';
import type { DeviceDetail } from '../../core/model/device-detail.ts';
import type { LinkReport } from '../serial/link-supervisor.ts';

/** The words of a driver's own for its healthy-but-not-accepting and its set-up states. */
export interface StatusWords {
  /** How the healthy status says the unit is not taking notes: "disabled", "inhibited". */
  readonly notAccepting: string;
  /** The 'connected' status before the first good poll: "key exchanged, first poll pending". */
  readonly firstPollPending: string;
}

/** What the health follows from, as the driver knows it now. */
export interface HealthInputs {
  readonly conditions: { readonly active: boolean; describe(): string; code(): DeviceDetail };
  /** The unit is on a link and set up (a master in use and the set-up read). */
  readonly setUp: boolean;
  /** A poll succeeded since the last set-up. */
  readonly polledOk: boolean;
  /** The unit was last told to take notes. */
  readonly enabled: boolean;
}

export type LinkDown = Extract<LinkReport, { state: 'disconnected' }>;

export class AcceptorStatus {
  readonly #portPath: string;
  readonly #cabinet: Pick<DevicePort, 'reportDevice'>;
  readonly #emit: (type: string, detail: string) => void;
  readonly #words: StatusWords;
  #status: DeviceStatus;

  constructor(
    portPath: string,
    cabinet: Pick<DevicePort, 'reportDevice'>,
    emit: (type: string, detail: string) => void,
    words: StatusWords,
  ) {
    this.#portPath = portPath;
    this.#cabinet = cabinet;
    this.#emit = emit;
    this.#words = words;
    this.#status = {
      device: 'bill-acceptor',
      health: 'disconnected',
      detail: `not started (${portPath})`,
      detailCode: { code: 'device-not-started', port: portPath },
    };
  }

  get current(): DeviceStatus {
    return this.#status;
  }

  /** The health the inputs call for, reported when it changed. */
  refresh(inputs: HealthInputs): void {
    const port = this.#portPath;
    if (inputs.conditions.active) {
      this.report('fault', inputs.conditions.describe(), inputs.conditions.code());
    } else if (inputs.setUp && inputs.polledOk) {
      this.report('healthy', `${inputs.enabled ? 'enabled' : this.#words.notAccepting} on ${port}`, {
        code: 'acceptor-ready',
        port,
        enabled: inputs.enabled,
      });
    } else if (inputs.setUp) {
      this.report('connected', `${this.#words.firstPollPending} on ${port}`, { code: 'acceptor-first-poll', port });
    }
  }

  /** The link went down: 'disconnected', saying why and when the next try is. */
  linkDown(report: LinkDown): void {
    this.report('disconnected', `${report.reason}; retrying in ${report.retryInMs} ms`, {
      code: 'link-retrying',
      port: this.#portPath,
      cause: report.cause,
      retryInMs: report.retryInMs,
      ...(report.osCode === undefined ? {} : { osCode: report.osCode }),
    });
  }

  /** A deliberate stop (shutdown) is not a fault: the cabinet is not told, so no tilt outlives the shutdown. */
  stopped(): void {
    this.#status = {
      device: 'bill-acceptor',
      health: 'disconnected',
      detail: 'stopped',
      detailCode: { code: 'device-stopped', port: this.#portPath },
    };
  }

  /**
   * The note the unit is reading or holding, for the player's screen (docs/cabinet-rules.md#bill-validator):
   * reported on each change, after the poll's effects (a credit is committed before its note is cleared).
   */
  reportNote(note: NoteInAcceptor | null): void {
    if ((this.#status.note ?? null) === note) return;
    this.#status = { ...this.#status, note };
    this.#tell();
  }

  report(health: DeviceHealth, detail: string, detailCode: DeviceDetail): void {
    if (this.#status.health === health && this.#status.detail === detail) return;
    // A unit that is not healthy is not taking a note in: the player is no longer told one is being read.
    const note = health === 'healthy' ? (this.#status.note ?? null) : null;
    this.#status = { device: 'bill-acceptor', health, detail, detailCode, note };
    this.#tell();
    this.#emit('status', `${health}: ${detail}`);
  }

  #tell(): void {
    try {
      this.#cabinet.reportDevice(this.#status);
    } catch (error) {
      this.#emit('error', `reportDevice failed: ${(error as Error).message}`);
    }
  }
}
