/**
 * An emulated unit's end of the wire, the same for the eSSP and the ID-003 emulator: the serial port (or one
 * end of a socat pty pair) opened and reopened when it comes back, the bytes read into frames by the
 * protocol's own reader, each frame answered by the protocol's own model, a mute switch (the unit stops
 * answering) and the line faults shaped on the outgoing bytes by the protocol's own rule.
 *
 * Only this plumbing is shared, between the two emulators and with the drivers (the link supervisor); the
 * framing, the CRC and every reading of a protocol stay each emulator's own, written from the protocol's
 * sources apart from the drivers so the emulators can catch a driver's mistakes
 * (docs/protocols/essp.md, docs/protocols/essp-device-model.md#transport, docs/protocols/id003.md#emulator).
 */
import { LinkSupervisor } from '../../devices/serial/link-supervisor.ts';
import { openSerialportLink } from '../../devices/serial/serialport-link.ts';
import type { SerialLink, SerialLinkOptions } from '../../devices/serial/serial-link.ts';

/** The protocol's reader of incoming bytes: frames out, never throws, starts afresh on a new link. */
export interface FrameReader<F> {
  push(chunk: Uint8Array): Iterable<F>;
  reset(): void;
}

export interface EmulatedPortOptions<F> {
  readonly port: string;
  /** Baud rate, data bits, stop bits and parity of the protocol. */
  readonly line: Omit<SerialLinkOptions, 'path'>;
  readonly reader: FrameReader<F>;
  /** The unit's answer to one frame, as bytes on the wire, or null for none. */
  answer(frame: F): Uint8Array | null;
  /** The answer as it goes out: where the injected line faults change it. */
  shape(bytes: Uint8Array): Uint8Array;
  /** Where "link up" and "link down" lines go. */
  out(line: string): void;
}

export interface EmulatedPort {
  /** Puts bytes on the wire now, outside any answer (noise). */
  write(bytes: Uint8Array): void;
  /** Stops (true) or resumes (false) answering; frames are still read, so the reader stays in step. */
  mute(on: boolean): void;
  stop(): Promise<void>;
}

export async function openEmulatedPort<F>(options: EmulatedPortOptions<F>): Promise<EmulatedPort> {
  let muted = false;
  let link: SerialLink | null = null;
  const write = (bytes: Uint8Array) => link?.write(bytes).catch(() => undefined);

  const supervisor = new LinkSupervisor({
    open: openSerialportLink,
    link: { path: options.port, ...options.line },
    backoff: { initialMs: 100, maxMs: 1_000 },
    onConnected: (opened) => {
      link = opened;
      options.reader.reset();
      opened.onData((chunk) => {
        for (const frame of options.reader.push(chunk)) {
          if (muted) continue;
          const reply = options.answer(frame);
          if (reply) void write(options.shape(reply));
        }
      });
    },
  });
  supervisor.onReport((report) => {
    if (report.state === 'disconnected') link = null;
    options.out(report.state === 'connected' ? `link up ${options.port}` : `link down ${report.reason}`);
  });
  await supervisor.start();

  return {
    write: (bytes) => void write(bytes),
    mute: (on) => void (muted = on),
    stop: () => supervisor.stop(),
  };
}
