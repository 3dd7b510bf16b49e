/**
 * Development / demo / browser-host helper: a socat pseudo-terminal pair with the bill acceptor emulator on one
 * end, so the real driver runs against it on the other end. Never part of the packaged kiosk (the path says
 * "emulator"; dist:check keeps it out of app.asar).
 *
 *   const { portPath, controller, stop } = await startEmbeddedBillAcceptorEmulator();
 *   createBillAcceptorService({ portPath, cabinet, config: { fixedKeyHex: EMULATOR_FIXED_KEY_HEX } })
 *   await controller.insertNote(3);   // service panel
 *   await controller.unplug();        // kills socat: the driver reports disconnected and retries with backoff
 *   await controller.replug();        // new socat on the same paths: the driver reconnects
 *
 * mode 'in-process' (default) runs the emulator's slave logic inside this process on pty end A — it still
 * talks to the driver only through the pseudo-terminal. mode 'process' spawns `node electron/cli/emulate.ts
 * bill-acceptor` (source checkouts and tests) and drives it over stdin.
 */
import type { NoteTimings } from './essp/note-path.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { createSocatPair, type SocatPair } from '../socat-pair.ts';
import { DEV_FIXED_KEY_HEX } from './bill-acceptor-unit.ts';
import { runBillAcceptorEmulator, type RunningEmulator } from './bill-acceptor-process.ts';

export const EMULATOR_FIXED_KEY_HEX = DEV_FIXED_KEY_HEX;

export interface BillAcceptorController {
  insertNote(channel: number): Promise<{ accepted: boolean; detail: string }>;
  jam(kind?: 'safe' | 'unsafe'): Promise<string>;
  clearJam(): Promise<string>;
  stackerFull(full: boolean): Promise<string>;
  cashboxOut(out: boolean): Promise<string>;
  fraud(): Promise<string>;
  powerCycle(): Promise<string>;
  garbage(): Promise<string>;
  corruptCrc(): Promise<string>;
  dropBytes(): Promise<string>;
  duplicateEvents(): Promise<string>;
  /** Any control line (see CONTROL_COMMANDS in bill-acceptor-controls.ts). */
  command(line: string): Promise<string>;
  status(): Promise<Record<string, unknown>>;
  /** Kills socat: the cable is pulled. The emulator keeps its state (a note in escrow times out and returns). */
  unplug(): Promise<void>;
  /** Starts socat again on the same paths. */
  replug(): Promise<void>;
  /** process mode only: kills the emulator process (the acceptor dies; its state is lost). */
  killEmulator(): Promise<void>;
  /** process mode only: starts a fresh emulator process after killEmulator (a replacement acceptor powers up). */
  restartEmulator(): Promise<void>;
}

export interface EmbeddedBillAcceptor {
  /** The path the driver opens. */
  readonly portPath: string;
  /** The path the emulator holds. */
  readonly emulatorPort: string;
  readonly socat: SocatPair;
  readonly controller: BillAcceptorController;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  readonly mode?: 'in-process' | 'process';
  readonly fixedKeyHex?: string;
  readonly channelsMajor?: readonly number[];
  /** The currency of the unit's dataset (ISO 4217, default EUR): a cabinet takes only notes of its own. */
  readonly countryCode?: string;
  readonly escrowTimeoutMs?: number;
  /** How long the unit takes over each stage of a note (in-process mode); default: a real unit's pace. */
  readonly timings?: Partial<NoteTimings>;
  readonly log?: (line: string) => void;
}

export async function startEmbeddedBillAcceptorEmulator(options: EmbeddedOptions = {}): Promise<EmbeddedBillAcceptor> {
  const log = options.log ?? (() => undefined);
  const socat = createSocatPair('bill-pty-');
  await socat.start();
  const fixedKeyHex = options.fixedKeyHex ?? DEV_FIXED_KEY_HEX;
  let send: (line: string) => Promise<string>;
  let stopEmulator: () => Promise<void>;
  let kill: () => Promise<void> = async () => {
    throw new Error('killEmulator needs mode "process"');
  };
  let restart: () => Promise<void> = async () => {
    throw new Error('restartEmulator needs mode "process"');
  };

  if ((options.mode ?? 'in-process') === 'in-process') {
    const running: RunningEmulator = await runBillAcceptorEmulator({
      port: socat.a,
      fixedKeyHex,
      channelsMajor: options.channelsMajor,
      ...(options.countryCode
        ? { countryCode: options.countryCode, datasetVersion: `${options.countryCode}01610` }
        : {}),
      escrowTimeoutMs: options.escrowTimeoutMs,
      ...(options.timings ? { timings: options.timings } : {}),
      output: (line) => log(`bill-acceptor emulator: ${line}`),
    });
    send = async (line) => running.control(line);
    stopEmulator = () => running.stop();
  } else {
    const script = fileURLToPath(new URL('../../cli/emulate.ts', import.meta.url));
    const args = [script, 'bill-acceptor', '--port', socat.a, '--fixed-key', fixedKeyHex];
    if (options.channelsMajor) args.push('--channels', options.channelsMajor.join(','));
    if (options.escrowTimeoutMs) args.push('--escrow-timeout-ms', String(options.escrowTimeoutMs));
    if (options.countryCode) args.push('--country', options.countryCode);
    let current: { child: ChildProcess; exited: boolean; exit: Promise<void>; waiting: Array<(line: string) => void> };
    const launch = async () => {
      const child: ChildProcess = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
      const proc = { child, exited: false, exit: Promise.resolve(), waiting: [] as Array<(line: string) => void> };
      let ready!: () => void;
      const readyPromise = new Promise<void>((resolve) => (ready = resolve));
      proc.exit = new Promise<void>((resolve) =>
        child.once('exit', () => {
          proc.exited = true;
          for (const w of proc.waiting.splice(0)) w('error emulator exited');
          resolve();
        }),
      );
      createInterface({ input: child.stdout! }).on('line', (line) => {
        log(`bill-acceptor emulator: ${line}`);
        if (line.startsWith('ready ')) ready();
        if (/^(ok|error|status) /.test(line)) proc.waiting.shift()?.(line);
      });
      current = proc;
      await Promise.race([readyPromise, proc.exit]);
      if (proc.exited) throw new Error('the bill acceptor emulator process exited at start-up');
    };
    await launch();
    let chain: Promise<unknown> = Promise.resolve();
    send = (line) => {
      const run = chain.then(
        () =>
          new Promise<string>((resolve) => {
            const proc = current;
            if (proc.exited) return resolve('error emulator exited');
            proc.waiting.push(resolve);
            proc.child.stdin!.write(line + '\n');
          }),
      );
      chain = run.catch(() => undefined);
      return run;
    };
    kill = async () => {
      if (!current.exited) current.child.kill('SIGKILL');
      await current.exit;
    };
    restart = async () => {
      if (!current.exited) throw new Error('the emulator is still running');
      await launch();
    };
    stopEmulator = async () => {
      if (!current.exited) current.child.kill('SIGTERM');
      await current.exit;
    };
  }

  const simple = (line: string) => send(line);
  const controller: BillAcceptorController = {
    async insertNote(channel) {
      const answer = await send(`insert ${channel}`);
      return answer.startsWith('ok')
        ? { accepted: true, detail: `note inserted on channel ${channel}` }
        : { accepted: false, detail: answer.replace(/^error /, '') };
    },
    jam: (kind = 'safe') => simple(kind === 'safe' ? 'jam' : 'unsafe-jam'),
    clearJam: () => simple('clear-jam'),
    stackerFull: (full) => simple(full ? 'stacker-full' : 'stacker-emptied'),
    cashboxOut: (out) => simple(out ? 'cashbox-out' : 'cashbox-in'),
    fraud: () => simple('fraud'),
    powerCycle: () => simple('power-cycle'),
    garbage: () => simple('garbage'),
    corruptCrc: () => simple('corrupt-crc'),
    dropBytes: () => simple('drop-bytes'),
    duplicateEvents: () => simple('duplicate-events'),
    command: (line) => send(line),
    async status() {
      const answer = await send('status');
      return answer.startsWith('status ') ? (JSON.parse(answer.slice(7)) as Record<string, unknown>) : {};
    },
    unplug: () => socat.kill(),
    replug: () => socat.start(),
    killEmulator: () => kill(),
    restartEmulator: () => restart(),
  };

  return {
    portPath: socat.b,
    emulatorPort: socat.a,
    socat,
    controller,
    async stop() {
      await stopEmulator().catch(() => undefined);
      await socat.dispose();
    },
  };
}
