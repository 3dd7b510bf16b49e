/**
 * The process loop every bill acceptor emulator runs (bill-acceptor-process.ts for eSSP,
 * id003/id003-emulator-process.ts for ID-003): the unit on its port (emulated-port.ts), its control lines from
 * stdin and a unix socket (control-line-server.ts), a "ready" line once both are up, and one stop for all.
 * Protocol-neutral on purpose: what the unit answers and how a line fault changes the bytes are each
 * emulator's own.
 */
import { serveControlLines } from './control-line-server.ts';
import { openEmulatedPort, type EmulatedPort, type EmulatedPortOptions } from './emulated-port.ts';

/** What every emulator process is given besides its unit's options. */
export interface EmulatorProcessOptions {
  /** The serial port, or one end of a socat pty pair. */
  readonly port: string;
  /** Optional unix socket for line commands (service panel). */
  readonly controlSocket?: string;
  readonly input?: NodeJS.ReadableStream;
  /** Where the process's lines go; stdout when absent. */
  readonly output?: (line: string) => void;
}

export interface RunningEmulatorProcess {
  /** One control line in, its answer out (the same as on stdin). */
  control(line: string): string;
  stop(): Promise<void>;
}

/** The process's line output: the given one, else stdout. */
export function processOutput(options: EmulatorProcessOptions): (line: string) => void {
  return options.output ?? ((line: string) => void process.stdout.write(line + '\n'));
}

export async function startEmulatorProcess<F>(
  options: EmulatorProcessOptions,
  wire: Omit<EmulatedPortOptions<F>, 'port' | 'out'>,
  controlsFor: (port: EmulatedPort) => (line: string) => string,
  ready: string,
): Promise<RunningEmulatorProcess> {
  const out = processOutput(options);
  const port = await openEmulatedPort<F>({ ...wire, port: options.port, out });
  const control = controlsFor(port);
  const lines = await serveControlLines(control, { ...options, out });
  out(ready);
  return {
    control,
    async stop() {
      lines.close();
      await port.stop();
    },
  };
}
