/** Test helpers: the RNG emulator as a separate process on one end of a socat pty pair. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** `npm run emulate -- rng`: the emulator behind the tools' shared flag and port checks. */
const EMULATOR = fileURLToPath(new URL('../cli/emulate.ts', import.meta.url));

export interface EmulatorProcess {
  readonly child: ChildProcess;
  setMode(mode: 'good' | 'stuck' | 'biased' | 'stalled'): void;
  stop(): Promise<void>;
}

/** Starts the emulator writing to `port` and resolves once it has opened the port. */
export async function startRngEmulatorProcess(
  port: string,
  mode: string,
  extra: string[] = [],
): Promise<EmulatorProcess> {
  const child = spawn(
    process.execPath,
    [EMULATOR, 'rng', '--port', port, '--mode', mode, '--rate', '100000', ...extra],
    {
      stdio: ['pipe', 'ignore', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let text = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('streaming on')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`emulator exited (${code}): ${text}`)));
  });
  return {
    child,
    setMode: (next) => void child.stdin!.write(`${next}\n`),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
