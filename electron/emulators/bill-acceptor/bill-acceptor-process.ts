/**
 * The bill acceptor emulator as a running device: the model (bill-acceptor-model.ts) on one end of a
 * pseudo-terminal (socat) or a serial port, reopened when the port comes back, line faults injected on the
 * wire, control lines from stdin and an optional unix socket (bill-acceptor-controls.ts). Used by
 * `npm run emulate -- bill-acceptor` (electron/cli/emulate.ts) and the embedded emulator.
 */
import { randomBytes } from 'node:crypto';
import { SspReceiver, encodePacket, type SspPacket } from './essp/ssp-wire.ts';
import { BillAcceptorSlave } from './bill-acceptor-model.ts';
import type { SlaveOptions } from './bill-acceptor-unit.ts';
import { applyControlLine } from './bill-acceptor-controls.ts';
// Only the process loop (port open and reopened when the pty comes back, mute, control lines) is shared with the
// ID-003 emulator and, through the link supervisor, with the driver; the framing, CRC and everything of the
// protocol are the model's own.
import {
  processOutput,
  startEmulatorProcess,
  type EmulatorProcessOptions as ProcessOptions,
  type RunningEmulatorProcess,
} from './emulator-process.ts';

export interface EmulatorProcessOptions extends Omit<SlaveOptions, 'log'>, ProcessOptions {}

export interface RunningEmulator extends RunningEmulatorProcess {
  readonly slave: BillAcceptorSlave;
}

export async function runBillAcceptorEmulator(options: EmulatorProcessOptions): Promise<RunningEmulator> {
  const out = processOutput(options);
  const slave = new BillAcceptorSlave({ ...options, log: (line) => out(`log ${line}`) });
  const injections = { garbage: 0, corruptCrc: 0, dropBytes: 0 };

  /** The injected line faults, on the next reply each. */
  const shape = (bytes: Uint8Array): Uint8Array => {
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
    return wire;
  };

  const running = await startEmulatorProcess<SspPacket>(
    options,
    {
      line: { baudRate: 9600, dataBits: 8, stopBits: 2, parity: 'none' },
      reader: new SspReceiver(),
      answer: (packet) => {
        const reply = slave.handle(packet);
        return reply ? encodePacket(packet.seqId, reply) : null;
      },
      shape,
    },
    (port) => (line) =>
      applyControlLine(line, slave, {
        garbage() {
          injections.garbage++;
          port.write(Uint8Array.from(randomBytes(16).map((b) => (b === 0x7f ? 0x00 : b))));
        },
        corruptCrc: () => void injections.corruptCrc++,
        dropBytes: () => void injections.dropBytes++,
        mute: (on) => port.mute(on),
      }),
    `ready ${options.port} channels ${slave.channelsMajor.join(',')}`,
  );
  return { ...running, slave };
}
