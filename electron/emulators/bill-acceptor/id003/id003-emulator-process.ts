/**
 * The ID-003 unit model on a serial port or one end of a socat pseudo-terminal pair: reopened when the port
 * comes back, line faults injected on the wire, control lines from stdin or a unix socket.
 *
 *   node electron/emulators/bill-acceptor/id003/id003-emulator-main.ts --port /tmp/pty-A
 */
import { createServer, type Server } from 'node:net';
import { rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { LinkSupervisor } from '../../../devices/serial/link-supervisor.ts';
import { openSerialportLink } from '../../../devices/serial/serialport-link.ts';
import type { SerialLink } from '../../../devices/serial/serial-link.ts';
import { applyId003Control } from './id003-controls.ts';
import { Id003UnitModel, type UnitOptions } from './id003-unit-model.ts';
import { WireReader, frameBytes } from './id003-wire.ts';

export interface Id003EmulatorOptions extends Omit<UnitOptions, 'log'> {
  readonly port: string;
  readonly controlSocket?: string;
  readonly input?: NodeJS.ReadableStream;
  readonly output?: (line: string) => void;
}

export interface RunningId003Emulator {
  readonly unit: Id003UnitModel;
  control(line: string): string;
  stop(): Promise<void>;
}

export async function runId003Emulator(options: Id003EmulatorOptions): Promise<RunningId003Emulator> {
  const out = options.output ?? ((line: string) => process.stdout.write(line + '\n'));
  const unit = new Id003UnitModel({ ...options, log: (line) => out(`log ${line}`) });
  const reader = new WireReader();
  const faults = { garbage: 0, corruptCrc: 0 };
  let muted = false;
  let link: SerialLink | null = null;

  const send = async (bytes: Uint8Array) => {
    let wire = bytes;
    if (faults.corruptCrc > 0) {
      faults.corruptCrc--;
      wire = Uint8Array.from(wire);
      wire[wire.length - 1]! ^= 0x5a;
    }
    if (faults.garbage > 0) {
      faults.garbage--;
      wire = Uint8Array.from([...randomBytes(6), ...wire]);
    }
    await link?.write(wire).catch(() => undefined);
  };

  const supervisor = new LinkSupervisor({
    open: openSerialportLink,
    link: { path: options.port, baudRate: 9600, dataBits: 8, stopBits: 1, parity: 'even' },
    backoff: { initialMs: 100, maxMs: 1_000 },
    onConnected: (opened) => {
      link = opened;
      reader.reset();
      opened.onData((chunk) => {
        for (const frame of reader.push(chunk)) {
          if (muted) continue;
          const reply = unit.handle(frame.cmd, frame.data);
          if (reply) void send(frameBytes(reply.cmd, reply.data));
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
    applyId003Control(line, unit, {
      garbage: () => void faults.garbage++,
      corruptCrc: () => void faults.corruptCrc++,
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
  out(`ready ${options.port} id003`);
  return {
    unit,
    control,
    async stop() {
      server?.close();
      await supervisor.stop();
    },
  };
}
