/**
 * Every command-line tool, every emulator and the browser host fail fast on bad input
 * (docs/cabinet-rules.md#tools-fail-fast): a bad flag, a bad path, a missing port or a port another
 * process holds is ONE stderr line naming what was wrong and what is allowed, and exit code 2, before
 * anything starts. A tool that hangs instead is killed at the deadline and the test fails on `killed`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SerialLink } from '../devices/serial/serial-link.ts';
import { openSerialportLink } from '../devices/serial/serialport-link.ts';
import { createSocatPair, type SocatPair } from '../emulators/socat-pair.ts';
import { runCliKilledAfter } from '../testing/run-cli.ts';

/** A tool has this long to fail; the test's own timeout is twice that, so a hang fails the checks, not the runner. */
const DEADLINE_MS = 5_000;

/** Placeholders filled in once the fixtures exist. */
const BUSY = '{busy-port}'; // a pty end this test process holds open (serialport's lock)
const FREE = '{free-port}'; // the other end of the pair, held by nobody
const FOLDER = '{folder}'; // an existing folder

interface Tool {
  /** The script, relative to the repository root. */
  readonly script: string;
  /** Each way to give it bad input, by name: its arguments. */
  readonly bad: Readonly<Record<string, readonly string[]>>;
}

/** Every tool and its bad inputs. A new tool adds a row here, and is then held to the same rule. */
const TOOLS: Readonly<Record<string, Tool>> = {
  analyze: { script: 'electron/cli/analyze.ts', bad: { 'bad flag': ['--nope'], 'bad value': ['--decks', '0'] } },
  round: { script: 'electron/cli/round.ts', bad: { 'bad flag': ['--nope'], 'bad value': ['--tie-pays', '7'] } },
  simulate: {
    script: 'electron/cli/simulate.ts',
    bad: { 'bad flag': ['--nope'], 'bad value': ['--rounds', 'many'] },
  },
  chaos: { script: 'electron/cli/chaos.ts', bad: { 'bad flag': ['--nope'], 'bad path': ['--dir', '/nonexistent/d'] } },
  'drbg-kat': {
    script: 'electron/cli/drbg-kat.ts',
    bad: { 'bad flag': ['--nope'], 'bad value': ['--entropy', 'xyz'] },
  },
  'rng-report': {
    script: 'electron/cli/rng-report.ts',
    bad: {
      'bad flag': ['--nope'],
      'missing port': ['--draws', '1000', '--port', '/nonexistent/ttyACM9'],
      'busy port': ['--draws', '1000', '--port', BUSY],
      'not a serial device': ['--draws', '1000', '--port', FOLDER],
      'bad capture path': ['--capture', '/nonexistent/d/capture.bin', '--port', FREE, '--bytes', '10'],
      'busy capture port': ['--capture', `${FOLDER}/capture.bin`, '--port', BUSY, '--bytes', '10'],
      'missing capture file': ['--assess', '/nonexistent/capture.bin'],
    },
  },
  'emulate bill-acceptor': {
    script: 'electron/cli/emulate.ts',
    bad: {
      'bad flag': ['bill-acceptor', '--nope', '--port', FREE],
      'missing port': ['bill-acceptor', '--port', '/nonexistent/ttyUSB9'],
      'busy port': ['bill-acceptor', '--port', BUSY],
      'bad control socket path': ['bill-acceptor', '--port', FREE, '--control-socket', '/nonexistent/d/control'],
    },
  },
  'emulate id003': {
    script: 'electron/cli/emulate.ts',
    bad: {
      'flag of another device': ['id003', '--port', FREE, '--fixed-key', '0011223344556677'],
      'missing port': ['id003', '--port', '/nonexistent/ttyUSB9'],
      'busy port': ['id003', '--port', BUSY],
    },
  },
  'emulate rng': {
    script: 'electron/cli/emulate.ts',
    bad: {
      'bad value': ['rng', '--port', FREE, '--rate', '5'],
      'missing port': ['rng', '--port', '/nonexistent/ttyACM9'],
      'busy port': ['rng', '--port', BUSY],
      'not a serial device': ['rng', '--port', FOLDER],
    },
  },
  'audit-journal': {
    script: 'electron/cli/audit-journal.ts',
    bad: {
      'bad flag': ['--nope'],
      'missing journal': ['--journal', '/nonexistent/journal.sqlite'],
      'folder as journal': ['--journal', FOLDER],
    },
  },
  provision: {
    script: 'electron/cli/provision.ts',
    bad: {
      'bad flag': ['--role', 'technician', '--nope'],
      'bad value': ['--role', 'cashier'],
      'missing journal': ['--role', 'technician', '--journal', '/nonexistent/d/journal.sqlite'],
      'missing key input': ['--role', 'technician', '--journal', FOLDER, '--key-file', '/nonexistent/key'],
    },
  },
  roads: { script: 'electron/cli/roads.ts', bad: { 'bad flag': ['--nope'], 'bad value': ['--outcomes', 'XYZ'] } },
  host: {
    script: 'electron/host/browser-host.ts',
    bad: {
      'bad flag': ['--nope'],
      'missing RNG port': ['--port', '0', '--rng-port', '/nonexistent/ttyACM9'],
      'busy bill acceptor port': ['--port', '0', '--bill-port', BUSY],
      'missing renderer folder': ['--port', '0', '--renderer', '/nonexistent/dist-renderer'],
      'bad journal path': ['--port', '0', '--journal', '/nonexistent/d/journal.sqlite'],
    },
  },
};

const cases = Object.entries(TOOLS).flatMap(([name, tool]) =>
  Object.entries(tool.bad).map(([input, args]) => ({ name, input, script: tool.script, args })),
);

let pair: SocatPair;
let holder: SerialLink;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'fail-fast-'));
  pair = createSocatPair('fail-fast-');
  await pair.start();
  holder = await openSerialportLink({ path: pair.a, baudRate: 9600 });
});

afterAll(async () => {
  await holder?.close();
  await pair?.dispose();
  rmSync(folder, { recursive: true, force: true });
});

function fill(args: readonly string[]): string[] {
  return args.map((arg) => arg.replace(BUSY, pair.a).replace(FREE, pair.b).replace(FOLDER, folder));
}

describe('every tool fails fast on bad input', () => {
  it.each(cases)(
    '$name, $input: one stderr line, exit 2, nothing started',
    async ({ name, script, args }) => {
      const run = await runCliKilledAfter(DEADLINE_MS, script, ...fill(args));
      expect(run.killed, `${name} still running after ${DEADLINE_MS} ms: ${run.stderr}`).toBe(false);
      expect(run.code, run.stderr).toBe(2);
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines, run.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^${name.split(' ')[0] === 'emulate' ? 'emulate' : name}: \\S`));
      expect(run.stdout).toBe('');
    },
    2 * DEADLINE_MS,
  );

  it(
    'a busy port is named as busy, a missing one as missing',
    async () => {
      const busy = await runCliKilledAfter(DEADLINE_MS, 'electron/cli/emulate.ts', 'rng', '--port', pair.a);
      expect(busy.stderr).toMatch(/--port: .* is busy: another process holds it/);
      const missing = await runCliKilledAfter(
        DEADLINE_MS,
        'electron/cli/emulate.ts',
        'rng',
        '--port',
        '/nonexistent/x',
      );
      expect(missing.stderr).toMatch(/--port: \/nonexistent\/x does not exist/);
    },
    4 * DEADLINE_MS,
  );

  it(
    'an unknown flag is named with the flags there are',
    async () => {
      const run = await runCliKilledAfter(DEADLINE_MS, 'electron/cli/analyze.ts', '--nope');
      expect(run.stderr.trim()).toBe(
        'analyze: unknown flag "--nope"; the flags are --decks VALUE, --tie-pays VALUE, --variant VALUE, --lucky6-three-card VALUE, --json, --help (see --help)',
      );
    },
    2 * DEADLINE_MS,
  );
});
