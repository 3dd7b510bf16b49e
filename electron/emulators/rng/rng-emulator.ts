/**
 * A serial TRNG emulator for tests and technicians: a separate process that streams bytes into
 * one end of a pseudo-terminal (socat), the way a TrueRNG streams over USB CDC-ACM
 * (docs/protocols/serial-rng.md#emulator). The bytes of each mode come from rng-model.ts (good, stuck,
 * biased; stalled keeps the port open and sends nothing).
 * Switch modes at run time with a line on stdin ("good", "stuck", "biased", "stalled") or with
 * SIGUSR1 (→ stuck) and SIGUSR2 (→ good). Kill the process or socat to "unplug" the device.
 * With --wait-for cmdO it behaves like a OneRNG: silent until it receives that command.
 *
 *   npm run emulate -- rng --port /tmp/rng/A [--mode good] [--rate 350000] [--wait-for cmdO]
 */
import { realpathSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { SerialLink } from '../../devices/serial/serial-link.ts';
import { openSerialportLink } from '../../devices/serial/serialport-link.ts';
import { RNG_EMULATOR_MODES, RngModel, isRngEmulatorMode, type RngEmulatorMode } from './rng-model.ts';

export interface RngEmulatorOptions {
  readonly port: string;
  readonly mode: RngEmulatorMode;
  /** Bytes per second (default 350 000, about a TrueRNG v3). */
  readonly rate?: number;
  /** Stay silent until this command arrives (OneRNG: "cmdO"); "cmdo" then stops the stream again. */
  readonly waitFor?: string | null;
  /** Resolve and close the port when aborted (default: run until the process ends). */
  readonly signal?: AbortSignal;
  /** Read mode switches from stdin lines and SIGUSR1/SIGUSR2 (default: when no `signal` is given, i.e. run as a program). */
  readonly control?: boolean;
  /** One line per event on stderr (default true). */
  readonly log?: (line: string) => void;
}

/**
 * How often the stream is written. Every 40 ms, like a USB device's bursts: a 10 ms tick cost an idle host about a
 * tenth of a core in timers, writes and the driver's reads (4 % at 40 ms), and the reader's stall limit is 2 s.
 */
const TICK_MS = 40;

/** Runs the emulator until `signal` aborts (or forever). Reopens the port if socat goes away and comes back. */
export async function runRngEmulator(options: RngEmulatorOptions): Promise<void> {
  if (!isRngEmulatorMode(options.mode)) {
    throw new Error(`mode must be one of ${RNG_EMULATOR_MODES.join(', ')}, got "${String(options.mode)}"`);
  }
  const rate = options.rate ?? 350_000;
  if (!Number.isInteger(rate) || rate < 100 || rate > 10_000_000) {
    throw new Error(`rate must be a whole number of bytes per second from 100 to 10000000, got ${rate}`);
  }
  const log = options.log ?? ((line: string) => process.stderr.write(`rng-emulator: ${line}\n`));
  let mode: RngEmulatorMode = options.mode;
  let started = !options.waitFor;
  let link: SerialLink | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let writing = false;
  /** The pty behind the link when it opened: a replugged socat makes a new one at the same path. */
  let openedPty: string | null = null;
  const perTick = Math.max(1, Math.round((rate * TICK_MS) / 1000));
  const model = new RngModel();

  const setMode = (next: RngEmulatorMode) => {
    mode = next;
    log(`mode ${mode}`);
  };

  const cleanups: (() => void)[] = [];
  if (options.control ?? options.signal === undefined) {
    const rl = createInterface({ input: process.stdin });
    rl.on('line', (line) => {
      const word = line.trim();
      if (isRngEmulatorMode(word)) setMode(word);
      else if (word !== '') log(`unknown command "${word}" (use ${RNG_EMULATOR_MODES.join(', ')})`);
    });
    const onUsr1 = () => setMode('stuck');
    const onUsr2 = () => setMode('good');
    process.on('SIGUSR1', onUsr1);
    process.on('SIGUSR2', onUsr2);
    cleanups.push(() => {
      rl.close();
      process.off('SIGUSR1', onUsr1);
      process.off('SIGUSR2', onUsr2);
    });
  }

  const tick = () => {
    // socat gone (its link removed, or already back with a new pty) but `serialport` did not notice
    // (a write can wait forever on a hung-up pty): drop the link and reopen, as if replugged.
    if (link && ptyBehind(options.port) !== openedPty) {
      const dead = link;
      link = null;
      writing = false;
      log(`port ${options.port} vanished; reopening`);
      started = !options.waitFor;
      void dead.close().catch(() => undefined);
      void delay(200).then(open);
      return;
    }
    if (!link || writing || !started) return;
    const chunk = model.chunk(mode, perTick);
    if (chunk.length === 0) return;
    writing = true;
    link
      .write(chunk)
      .catch(() => undefined)
      .finally(() => {
        writing = false;
      });
  };

  const open = async (): Promise<void> => {
    while (!stopped) {
      try {
        const opened = await openSerialportLink({ path: options.port, baudRate: 115200 });
        if (stopped) {
          await opened.close();
          return;
        }
        link = opened;
        openedPty = ptyBehind(options.port);
        log(`streaming on ${options.port} (${mode}${options.waitFor ? `, waiting for "${options.waitFor}"` : ''})`);
        let command = '';
        opened.onData((bytes) => {
          if (!options.waitFor) return;
          command = (command + new TextDecoder().decode(bytes)).slice(-16);
          if (command.endsWith(options.waitFor)) {
            started = true;
            log(`"${options.waitFor}" received: streaming`);
          } else if (command.endsWith('cmdo')) {
            started = false;
            log('"cmdo" received: stream stopped');
          }
        });
        opened.onClose(() => {
          if (link !== opened) return; // already dropped by the tick
          link = null;
          if (!stopped) {
            log(`port ${options.port} closed; reopening`);
            started = !options.waitFor;
            void delay(200).then(open);
          }
        });
        return;
      } catch {
        await delay(200);
      }
    }
  };

  await open();
  timer = setInterval(tick, TICK_MS);
  await new Promise<void>((resolve) => {
    if (options.signal?.aborted) return resolve();
    options.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  stopped = true;
  if (timer) clearInterval(timer);
  for (const cleanup of cleanups) cleanup();
  const last = link as SerialLink | null;
  link = null;
  await last?.close();
}

/** The device file a port path leads to, or null while it leads nowhere. */
function ptyBehind(port: string): string | null {
  try {
    return realpathSync(port);
  } catch {
    return null;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
