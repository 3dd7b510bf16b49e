import { SerialPort } from 'serialport';
import type { SerialLink, SerialLinkOpener, SerialLinkOptions } from './serial-link.ts';

/** A SerialLink over the `serialport` package: real ports and socat pseudo-terminals alike. */
export const openSerialportLink: SerialLinkOpener = (options: SerialLinkOptions) =>
  new Promise<SerialLink>((resolve, reject) => {
    const port = new SerialPort({
      path: options.path,
      baudRate: options.baudRate,
      dataBits: options.dataBits ?? 8,
      stopBits: options.stopBits ?? 1,
      parity: options.parity ?? 'none',
      autoOpen: false,
    });
    port.open((error) => {
      if (error) {
        reject(new Error(`cannot open serial port ${options.path}: ${error.message}`));
        return;
      }
      resolve(wrap(port, options.path));
    });
  });

function wrap(port: SerialPort, path: string): SerialLink {
  // An 'error' without a listener would throw out of the event loop; a dying port is reported through 'close'.
  port.on('error', () => undefined);
  // Set when this side closes the port: a write the close overtakes may fail with the file system's EBADF before
  // serialport emits 'close', and its caller must hear the same "closed" either way.
  let closing = false;
  return {
    path,
    write: (bytes) =>
      new Promise<void>((resolve, reject) => {
        if (!port.isOpen) {
          reject(new Error(`serial port ${path} is closed`));
          return;
        }
        // serialport holds a write or a drain that meets a closed port until the port opens again, which this
        // one never does (an unplug, a hung-up pty): the close ends the write, or its caller waits forever.
        const closedError = (cause?: Error) =>
          new Error(`serial port ${path} closed before the write was sent`, cause ? { cause } : undefined);
        const closed = () => reject(closedError());
        port.once('close', closed);
        const done = (error: Error | null | undefined) => {
          port.off('close', closed);
          if (error) reject(closing || !port.isOpen ? closedError(error) : error);
          else resolve();
        };
        port.write(Buffer.from(bytes), (error) => (error ? done(error) : port.drain(done)));
      }),
    onData(listener) {
      const handler = (chunk: Buffer) => listener(new Uint8Array(chunk));
      port.on('data', handler);
      return () => port.off('data', handler);
    },
    onClose(listener) {
      // serialport passes an error with `disconnected: true` when the device vanished (unplug).
      const handler = (error?: Error & { disconnected?: boolean }) =>
        listener({ disconnected: error?.disconnected === true });
      port.on('close', handler);
      return () => port.off('close', handler);
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (!port.isOpen) return resolve();
        closing = true;
        port.close(() => resolve());
      }),
  };
}
