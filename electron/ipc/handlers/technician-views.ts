/**
 * The technician's views, main side: the meters export (CSV or printable page), game recall and its replay check,
 * the event log, the whole recall and event log as files, device diagnostics and the bill acceptor's note test
 * mode (docs/cabinet-rules.md#meters, #game-recall, #door-and-tilt; docs/protocols/essp.md#note-test-mode).
 * Devices report codes (electron/core/model/device-detail.ts), so the screen words them.
 * The handlers of these channels of the production table (contract.ts); router.ts merges them.
 * Everything here only reads, except the test mode, which changes no money.
 */
import type { Cabinet, CabinetSnapshot, DeviceName, DeviceStatus } from '../../core/cabinet/cabinet-api.ts';
import type {
  BillAcceptorDiagnostics,
  InputsStatus,
  RngDiagnostics,
  TechDiagnostics,
} from '../../core/cabinet/diagnostics.ts';
import { configHash } from '../../core/config/config-hash.ts';
import { eventLogCsv, eventLogJson, recallJson, type ExportHeaderInput } from '../../core/cabinet/journal-export.ts';
import { archiveJson } from '../../core/cabinet/journal-archive-export.ts';
import { metersHtml } from '../../core/cabinet/meters-page.ts';
import { metersCsv, type Currency } from '../../core/cabinet/meters-report.ts';
import { replayRound } from '../../core/engine/replay.ts';
import { refusal, type ChannelHandlers } from '../channel-group.ts';
import type { ProductionTable } from '../contract.ts';

/** Who the cabinet is, for the header of an export. */
export interface CabinetIdentity {
  readonly cabinetId: string;
  /** SHA-256 of the venue config in force. */
  readonly configHash: string;
  readonly currency: Currency;
}

/** The live devices as the composition root has them; null where there is none. */
export interface DiagnosticsProvider {
  billAcceptor(): BillAcceptorDiagnostics | null;
  rng(): RngDiagnostics | null;
  /** Turns the note test mode on or off; false when there is no bill acceptor to test. */
  setBillTestMode(on: boolean): boolean;
}

/** What the technician views need besides the cabinet; every field has a fallback. */
export interface TechnicianViewServices {
  /** Cabinet id, config hash and currency for export headers. */
  readonly identity?: () => CabinetIdentity;
  readonly diagnostics?: DiagnosticsProvider;
  /** The door and key inputs (the GPIO watcher wires this). */
  readonly inputs?: () => InputsStatus;
  /** The time stamped on exports (tests pin it). */
  readonly clock?: () => Date;
}

/** The key and door as staff access sees them (the inputs' fallback). */
export interface SwitchState {
  keyOn(): boolean;
  doorOpen(): boolean;
}

type ViewChannel =
  | 'tech:meters:export'
  | 'tech:recall'
  | 'tech:recall:replay'
  | 'tech:recall:export'
  | 'tech:events'
  | 'tech:events:export'
  | 'tech:archive:export'
  | 'tech:diagnostics'
  | 'tech:bill-test-mode';

function deviceStatus(snapshot: CabinetSnapshot, device: DeviceName): DeviceStatus {
  return (
    snapshot.devices.find((d) => d.device === device) ?? {
      device,
      health: 'not-configured',
      detail: 'not reported',
      detailCode: { code: 'not-reported' },
    }
  );
}

/** The diagnostics from the device status alone, where no live device can say more. */
function fallbackBillAcceptor(status: DeviceStatus): BillAcceptorDiagnostics {
  return {
    health: status.health,
    detail: status.detail,
    detailCode: status.detailCode,
    channels: [],
    counters: { notesIn: 0, rejects: {}, jams: 0 },
    testMode: false,
    testNotes: [],
  };
}

function fallbackRng(status: DeviceStatus): RngDiagnostics {
  return {
    health: status.health,
    detail: status.detail,
    detailCode: status.detailCode,
    source: status.detail,
    // Without the RNG's own diagnostics its status is all that is known of the source.
    sourceCode: status.detailCode,
    bytesRead: 0,
    bytesDelivered: 0,
    rctFailures: 0,
    aptFailures: 0,
    lastFailure: null,
    lastFailureCode: null,
    tests: null,
  };
}

export function technicianViewHandlers(
  cabinet: Cabinet,
  services: TechnicianViewServices,
  switches: SwitchState,
): Pick<ChannelHandlers<ProductionTable>, ViewChannel> {
  const diagnostics = (): TechDiagnostics => {
    const snapshot = cabinet.snapshot();
    const inputs = services.inputs?.() ?? {
      keyOn: switches.keyOn(),
      doorOpen: switches.doorOpen(),
      keyFile: null,
      doorFile: null,
    };
    return {
      billAcceptor:
        services.diagnostics?.billAcceptor() ?? fallbackBillAcceptor(deviceStatus(snapshot, 'bill-acceptor')),
      rng: services.diagnostics?.rng() ?? fallbackRng(deviceStatus(snapshot, 'rng')),
      inputs,
    };
  };
  const exportHeader = (): ExportHeaderInput => {
    const identity = services.identity?.();
    return {
      cabinetId: identity?.cabinetId ?? null,
      configHash: identity?.configHash ?? configHash(cabinet.venueConfig()),
      at: (services.clock?.() ?? new Date()).toISOString(),
    };
  };

  return {
    'tech:meters:export': ({ format }) => {
      const identity = services.identity?.() ?? {
        cabinetId: 'unknown',
        configHash: 'unknown',
        currency: { code: 'EUR', minorDigits: 2 },
      };
      const header = { ...identity, at: (services.clock?.() ?? new Date()).toISOString() };
      return format === 'html' ? metersHtml(cabinet.meters(), header) : metersCsv(cabinet.meters(), header);
    },
    'tech:recall': (r) => cabinet.recall(r),
    'tech:recall:replay': ({ roundId }) => {
      const [round] = cabinet.recall({ fromRoundId: roundId, toRoundId: roundId, limit: 1 });
      if (!round) throw refusal('not-permitted', `there is no round ${roundId} in the journal`);
      // Rounds journaled before the profile was kept with each round replay under the profile in force now.
      const recorded = round.profile ?? null;
      return replayRound(round, recorded ?? cabinet.snapshot().profile, recorded !== null);
    },
    'tech:recall:export': () => recallJson(cabinet, exportHeader()),
    'tech:events': (r) => cabinet.events(r),
    'tech:events:export': ({ format }) =>
      format === 'csv' ? eventLogCsv(cabinet, exportHeader()) : eventLogJson(cabinet, exportHeader()),
    'tech:archive:export': ({ part }) => archiveJson(cabinet, exportHeader(), part),
    'tech:diagnostics': () => diagnostics(),
    'tech:bill-test-mode': ({ on }) => {
      const changed = services.diagnostics?.setBillTestMode(on) ?? false;
      if (!changed && on) throw refusal('not-permitted', 'there is no bill acceptor connected to test');
      return diagnostics();
    },
  };
}
