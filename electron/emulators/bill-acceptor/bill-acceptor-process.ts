/**
 * The bill acceptor emulator as a running device: the model (bill-acceptor-model.ts) on one end of a
 * pseudo-terminal (socat) or a serial port, reopened when the port comes back, line faults injected on the
 * wire, control lines from stdin and an optional unix socket (bill-acceptor-controls.ts). Used by
 * `npm run emulate -- bill-acceptor` (electron/cli/emulate.ts) and the embedded emulator.
 */
import { createServer, type Server } from 'node:net';
import { rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { SspReceiver, encodePacket } from './essp/ssp-wire.ts';
// Only the port plumbing (open, reopen when the pty comes back) is shared with the driver; the framing, CRC
// and everything of the protocol are the model's own.
import { LinkSupervisor } from '../../devices/serial/link-supervisor.ts';
import { openSerialportLink } from '../../devices/serial/serialport-link.ts';
import type { SerialLink } from '../../devices/serial/serial-link.ts';
import { BillAcceptorSlave } from './bill-acceptor-model.ts';
import type { SlaveOptions } from './bill-acceptor-unit.ts';
import { applyControlLine } from './bill-acceptor-controls.ts';

export interface EmulatorProcessOptions extends Omit<SlaveOptions, 'log'> {
  readonly port: string;
  /** Optional unix socket for line commands (service panel). */
  readonly controlSocket?: string;
  readonly input?: NodeJS.ReadableStream;
  readonly output?: (line: string) => void;
}

export interface RunningEmulator {
  readonly slave: BillAcceptorSlave;
  control(line: string): string;
  stop(): Promise<void>;
}

export async function runBillAcceptorEmulator(options: EmulatorProcessOptions): Promise<RunningEmulator> {
  const out = options.output ?? ((line: string) => process.stdout.write(line + '\n'));
  const slave = new BillAcceptorSlave({ ...options, log: (line) => out(`log ${line}`) });
  const injections = { garbage: 0, corruptCrc: 0, dropBytes: 0 };
  let muted = false;
  let link: SerialLink | null = null;
  const receiver = new SspReceiver();

  const send = async (bytes: Uint8Array) => {
    let wire = bytes;
    if (injections.corruptCrc > 0) {
      injections.corruptCrc--;
      wire = Uint8Array.from(wire);
      wire[wire.length - 1]! ^= 0x5a;
      out('log injected: corrupt CRC');
    } else if (injections.dropBytes > 0 && wire.length > 4) {
      injections.dropBytes--;
      wire = Uint8Array.from([...wire.subarray(0, 2), ...wire.subarray(4)]);
      out('log injected: dropped 2 bytes');
    }
    if (injections.garbage > 0) {
      injections.garbage--;
      wire = Uint8Array.from([...randomBytes(7).map((b) => (b === 0x7f ? 0x7e : b)), ...wire]);
      out('log injected: garbage');
    }
    await link?.write(wire).catch(() => undefined);
  };

  const supervisor = new LinkSupervisor({
    open: openSerialportLink,
    link: { path: options.port, baudRate: 9600, dataBits: 8, stopBits: 2, parity: 'none' },
    backoff: { initialMs: 100, maxMs: 1_000 },
    onConnected: (opened) => {
      link = opened;
      receiver.reset();
      opened.onData((chunk) => {
        for (const packet of receiver.push(chunk)) {
          if (muted) continue;
          const reply = slave.handle(packet);
          if (reply) void send(encodePacket(packet.seqId, reply));
        }
      });
    },
  });
  supervisor.onReport((report) => {
    if (report.state === 'disconnected') link = null;
    out(report.state === 'connected' ? `link up ${options.port}` : `link down ${report.reason}`);
  });
  await supervisor.start();

  const control = (line: string): string =>
    applyControlLine(line, slave, {
      garbage() {
        injections.garbage++;
        void link?.write(Uint8Array.from(randomBytes(16).map((b) => (b === 0x7f ? 0x00 : b)))).catch(() => undefined);
      },
      corruptCrc: () => void injections.corruptCrc++,
      dropBytes: () => void injections.dropBytes++,
      mute: (on) => void (muted = on),
    });

  let server: Server | null = null;
  if (options.controlSocket) {
    rmSync(options.controlSocket, { force: true });
    server = createServer((socket) => {
      createInterface({ input: socket }).on('line', (line) => socket.write(control(line) + '\n'));
    });
    await new Promise<void>((resolve) => server!.listen(options.controlSocket, resolve));
  }
  if (options.input) {
    createInterface({ input: options.input }).on('line', (line) => {
      const answer = control(line);
      if (answer) out(answer);
    });
  }
  out(`ready ${options.port} channels ${slave.channelsMajor.join(',')}`);

  return {
    slave,
    control,
    async stop() {
      server?.close();
      await supervisor.stop();
    },
  };
}
