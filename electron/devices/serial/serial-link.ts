/**
 * What a device driver needs from a serial line. Drivers depend on this
 * interface only, so the same driver runs on a real port, a socat
 * pseudo-terminal or @serialport/binding-mock.
 */
export interface SerialLinkOptions {
  readonly path: string;
  readonly baudRate: number;
  readonly dataBits?: 8 | 7;
  readonly stopBits?: 1 | 2;
  readonly parity?: 'none' | 'even' | 'odd';
}

export interface SerialLink {
  readonly path: string;
  write(bytes: Uint8Array): Promise<void>;
  /** Raw bytes as they arrive. */
  onData(listener: (chunk: Uint8Array) => void): () => void;
  /** The port closed; `disconnected` is true for an unplug (socat killed). */
  onClose(listener: (info: { disconnected: boolean }) => void): () => void;
  close(): Promise<void>;
}

/** Opens links; the reconnecting supervisor calls it again after an unplug. */
export type SerialLinkOpener = (options: SerialLinkOptions) => Promise<SerialLink>;
