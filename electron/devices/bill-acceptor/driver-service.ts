/**
 * A driver behind the one service the composition root knows (bill-acceptor-service.ts), the same for every
 * protocol: the serial port path is checked before anything opens, the note tracker goes to the state file
 * (in memory without one), and the service hands on only the service's methods, never the driver itself.
 */
import { openSerialportLink } from '../serial/serialport-link.ts';
import type { SerialLinkOpener } from '../serial/serial-link.ts';
import type { BillAcceptorService, BillAcceptorServiceOptions } from './acceptor-service.ts';
import { fileStore, memoryStore, type TrackerStore } from './note-tracker.ts';

/** What a driver gets from the service's options besides its config. */
export interface DriverLinks {
  readonly open: SerialLinkOpener;
  readonly store: TrackerStore;
}

/**
 * Checks the port path (the error names an example path), then builds the driver on the serialport opener
 * (unless the options bring their own) and the state file's tracker store.
 */
export function driverService(
  options: Pick<BillAcceptorServiceOptions, 'portPath' | 'stateFile' | 'open'>,
  examplePort: string,
  makeDriver: (links: DriverLinks) => BillAcceptorService,
): BillAcceptorService {
  if (typeof options.portPath !== 'string' || options.portPath.trim() === '') {
    throw new Error(`the bill acceptor needs a serial port path, e.g. ${examplePort}`);
  }
  const driver = makeDriver({
    open: options.open ?? openSerialportLink,
    store: options.stateFile ? fileStore(options.stateFile) : memoryStore(),
  });
  return {
    start: () => driver.start(),
    stop: () => driver.stop(),
    status: () => driver.status(),
    setup: () => driver.setup(),
    diagnostics: () => driver.diagnostics(),
    setTestMode: (on) => driver.setTestMode(on),
    onEvent: (listener) => driver.onEvent(listener),
    metrics: driver.metrics,
  };
}
