/**
 * The bill acceptor service's shape, the same for every protocol (SSP in bill-acceptor-service.ts, ID-003 in
 * id003/id003-service.ts): what the composition root gives a driver, and the only methods it gets back.
 */
import type { DevicePort, DeviceStatus } from '../../core/cabinet/cabinet-api.ts';
import type { SerialLinkOpener } from '../serial/serial-link.ts';
import type { BillAcceptorConfig } from './bill-acceptor-config.ts';
import type { BillAcceptorDiagnostics } from './acceptor-diagnostics.ts';
import type { BillAcceptorDriver, BillAcceptorEvent } from './bill-acceptor-driver.ts';
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
