/**
 * The ID-003 unit model on a serial port or one end of a socat pseudo-terminal pair: reopened when the port
 * comes back, line faults injected on the wire, control lines from stdin or a unix socket.
 *
 *   npm run emulate -- id003 --port /tmp/pty-A
 */
import { randomBytes } from 'node:crypto';
import {
  processOutput,
  startEmulatorProcess,
  type EmulatorProcessOptions,
  type RunningEmulatorProcess,
} from '../emulator-process.ts';
import { applyId003Control } from './id003-controls.ts';
import { Id003UnitModel, type UnitOptions } from './id003-unit-model.ts';
import { WireReader, frameBytes, type WireFrame } from './id003-wire.ts';

export interface Id003EmulatorOptions extends Omit<UnitOptions, 'log'>, EmulatorProcessOptions {}

export interface RunningId003Emulator extends RunningEmulatorProcess {
  readonly unit: Id003UnitModel;
}

export async function runId003Emulator(options: Id003EmulatorOptions): Promise<RunningId003Emulator> {
  const out = processOutput(options);
  const unit = new Id003UnitModel({ ...options, log: (line) => out(`log ${line}`) });
  const faults = { garbage: 0, corruptCrc: 0 };

  /** The injected line faults, on the next reply each. */
  const shape = (bytes: Uint8Array): Uint8Array => {
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
    return wire;
  };

  const running = await startEmulatorProcess<WireFrame>(
    options,
    {
      line: { baudRate: 9600, dataBits: 8, stopBits: 1, parity: 'even' },
      reader: new WireReader(),
      answer: (frame) => {
        const reply = unit.handle(frame.cmd, frame.data);
        return reply ? frameBytes(reply.cmd, reply.data) : null;
      },
      shape,
    },
    (port) => (line) =>
      applyId003Control(line, unit, {
        garbage: () => void faults.garbage++,
        corruptCrc: () => void faults.corruptCrc++,
        mute: (on) => port.mute(on),
      }),
    `ready ${options.port} id003`,
  );
  return { ...running, unit };
}
