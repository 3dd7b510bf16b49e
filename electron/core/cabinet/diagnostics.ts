/**
 * What the technician's diagnostics screen shows (`tech:diagnostics`), as plain types shared by
 * the devices that fill them, the IPC contract and the touchscreen: the bill acceptor (identity,
 * channels, counters, note test mode; docs/protocols/essp.md#note-test-mode), the RNG (entropy
 * source, SP 800-90B health-test counts; docs/rng.md#health-tests) and the door and key inputs.
 */
import type { MinorUnits } from '../money/minor-units.ts';
import type { DeviceDetail, RngFailureDetail } from '../model/device-detail.ts';
import type { DeviceHealth } from './cabinet-api.ts';

/**
 * Why a note went back to the player, as counted in `counters.rejects`:
 * channel-not-accepted (venue or currency), cabinet-not-taking-money (tilt, round, demo),
 * cabinet-refused (credit limit), not-recorded (the escrow could not be written down first),
 * test-mode (read and returned on purpose), acceptor (the acceptor itself returned it).
 */
export type RejectReason =
  'channel-not-accepted' | 'cabinet-not-taking-money' | 'cabinet-refused' | 'not-recorded' | 'test-mode' | 'acceptor';

export interface AcceptorCountersView {
  /** Notes stacked and credited since the driver started. */
  readonly notesIn: number;
  /** Notes handed back, by RejectReason. */
  readonly rejects: Readonly<Record<string, number>>;
  /** Safe and unsafe jams raised. */
  readonly jams: number;
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
  /** The device's own words. */
  readonly detail: string;
  /** What they say, as a code (electron/core/model/device-detail.ts); the screen shows this. */
  readonly detailCode: DeviceDetail;
  readonly serialNumber?: string;
  readonly firmware?: string;
  readonly dataset?: string;
  readonly channels: readonly AcceptorChannel[];
  readonly counters: AcceptorCountersView;
  readonly testMode: boolean;
  /** The notes read since test mode was last turned on, newest last (at most 20). */
  readonly testNotes: readonly TestNote[];
}

export interface RngDiagnostics {
  readonly health: DeviceHealth;
  /** The device's own words. */
  readonly detail: string;
  readonly detailCode: DeviceDetail;
  /** Where the DRBG's entropy comes from: the hardware RNG's port, or the OS only. */
  readonly source: string;
  readonly sourceCode: DeviceDetail;
  /** Raw device bytes read and health-tested since start (0 with OS entropy only). */
  readonly bytesRead: number;
  /** Tested bytes handed to the DRBG. */
  readonly bytesDelivered: number;
  readonly rctFailures: number;
  readonly aptFailures: number;
  /** "<ISO time>: <reason>" of the last health-test failure, or null. */
  readonly lastFailure: string | null;
  readonly lastFailureCode: RngFailureDetail | null;
  /** The cutoffs in force; null with OS entropy only (no device bytes to test). */
  readonly tests: { readonly rctCutoff: number; readonly aptCutoff: number; readonly aptWindow: number } | null;
}

/** The operator key switch and the door switch as main reads them, with the GPIO value files (null: none). */
export interface InputsStatus {
  readonly keyOn: boolean;
  readonly doorOpen: boolean;
  readonly keyFile: string | null;
  readonly doorFile: string | null;
}

export interface TechDiagnostics {
  readonly billAcceptor: BillAcceptorDiagnostics;
  readonly rng: RngDiagnostics;
  readonly inputs: InputsStatus;
}
