/**
 * The bill acceptor as the composition root sees it: one factory, start/stop/status.
 *
 *   const service = createBillAcceptorService({ portPath, cabinet, config: { fixedKeyHex, enabledChannels, pollIntervalMs },
 *                                               stateFile: join(dataDir, 'bill-acceptor-state.json') });
 *   await service.start();
 *
 * `stateFile` holds the note tracker (see note-tracker.ts); give it a path on the same disk as the journal so a
 * host crash between a credit and its EVENT_ACK never credits twice and never loses an escrow.
 */
import type { DevicePort, DeviceStatus } from '../../core/cabinet/cabinet-api.ts';
import type { SerialLinkOpener } from '../serial/serial-link.ts';
import { validateConfig, type BillAcceptorConfig } from './bill-acceptor-config.ts';
import type { BillAcceptorDiagnostics } from './acceptor-diagnostics.ts';
import { BillAcceptorDriver, type BillAcceptorEvent } from './bill-acceptor-driver.ts';
import { driverService } from './driver-service.ts';
import type { SetupInfo } from './ssp-protocol.ts';

export interface BillAcceptorServiceOptions {
  readonly portPath: string;
  readonly cabinet: DevicePort;
  readonly config: BillAcceptorConfig;
  /** Persistent note tracker; in memory when omitted (development only). */
  readonly stateFile?: string;
  /** Defaults to the serialport opener. */
  readonly open?: SerialLinkOpener;
}

export interface BillAcceptorService {
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): DeviceStatus;
  /** Channel values learnt from the acceptor, once connected. */
  setup(): SetupInfo | null;
  /** Identity, channels, counters and test mode for the technician (acceptor-diagnostics.ts). */
  diagnostics(): BillAcceptorDiagnostics;
  /** Note test mode: notes are read and handed back, never stacked or credited. */
  setTestMode(on: boolean): void;
  /** Driver events for the event log and the service panel (credit, reject, fault, status, line-error…). */
  onEvent(listener: (event: BillAcceptorEvent) => void): () => void;
  readonly metrics: BillAcceptorDriver['metrics'];
}

export function createBillAcceptorService(options: BillAcceptorServiceOptions): BillAcceptorService {
  validateConfig(options.config); // throws BillAcceptorConfigError naming the field, before anything opens
  return driverService(
    options,
    '/dev/ttyACM0',
    (links) =>
      new BillAcceptorDriver({
        portPath: options.portPath,
        cabinet: options.cabinet,
        config: options.config,
        ...links,
      }),
  );
}

export type { BillAcceptorConfig, BillAcceptorDiagnostics, BillAcceptorEvent };
