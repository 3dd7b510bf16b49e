/**
 * The ID-003 bill acceptor as the composition root sees it: the same options (without the eSSP fixed key) and
 * the same service as createBillAcceptorService, so `devices.billAcceptor.protocol` picks one or the other.
 *
 *   const service = createId003BillAcceptorService({ portPath, cabinet, config: { enabledChannels },
 *                                                    stateFile: join(dataDir, 'bill-acceptor-state.json') });
 *   await service.start();
 *
 * `stateFile` holds the note tracker (../note-tracker.ts); beside the journal, so a host crash between a credit
 * and its ACK never credits twice and never loses an escrow.
 */
import type { BillAcceptorService, BillAcceptorServiceOptions } from '../acceptor-service.ts';
import { driverService } from '../driver-service.ts';
import { validateId003Config, type Id003BillAcceptorConfig } from './id003-config.ts';
import { Id003BillAcceptorDriver } from './id003-driver.ts';

export interface Id003BillAcceptorServiceOptions extends Omit<BillAcceptorServiceOptions, 'config'> {
  readonly config: Id003BillAcceptorConfig;
}

export function createId003BillAcceptorService(options: Id003BillAcceptorServiceOptions): BillAcceptorService {
  validateId003Config(options.config); // throws BillAcceptorConfigError naming the field, before anything opens
  return driverService(
    options,
    '/dev/ttyUSB0',
    (links) =>
      new Id003BillAcceptorDriver({
        portPath: options.portPath,
        cabinet: options.cabinet,
        config: options.config,
        ...links,
      }),
  );
}

export type { Id003BillAcceptorConfig };
