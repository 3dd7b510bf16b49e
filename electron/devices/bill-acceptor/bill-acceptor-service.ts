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
import type { BillAcceptorService, BillAcceptorServiceOptions } from './acceptor-service.ts';
import { validateConfig, type BillAcceptorConfig } from './bill-acceptor-config.ts';
import type { BillAcceptorDiagnostics } from './acceptor-diagnostics.ts';
import { BillAcceptorDriver, type BillAcceptorEvent } from './bill-acceptor-driver.ts';
import { driverService } from './driver-service.ts';

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
