/**
 * The ID-003 emulator as its own process on a socat pty pair (docs/protocols/id003.md#emulator): it answers
 * the wire like a unit after power-up, and takes control lines on stdin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openSerialportLink } from '../../../devices/serial/serialport-link.ts';
import type { SerialLink } from '../../../devices/serial/serial-link.ts';
import { until } from '../../../testing/until.ts';
import { createSocatPair, type SocatPair } from '../../socat-pair.ts';
import { WireReader, frameBytes, type WireFrame } from './id003-wire.ts';

let socatAvailable = true;
try {
  execFileSync('socat', ['-V'], { stdio: 'ignore' });
} catch {
  socatAvailable = false;
}

describe.runIf(socatAvailable)('the ID-003 emulator process on a pty', () => {
  let socat: SocatPair;
  let child: ChildProcess;
  let link: SerialLink;
  const lines: string[] = [];
  const replies: WireFrame[] = [];

  beforeAll(async () => {
    socat = createSocatPair('id003-emu-');
    await socat.start();
    const main = fileURLToPath(new URL('../../../cli/emulate.ts', import.meta.url));
    child = spawn(process.execPath, [main, 'id003', '--port', socat.a], { stdio: ['pipe', 'pipe', 'inherit'] });
    createInterface({ input: child.stdout! }).on('line', (line) => lines.push(line));
    await until(() => lines.some((l) => l.startsWith('ready ')), 'the emulator is ready');
    link = await openSerialportLink({ path: socat.b, baudRate: 9600, parity: 'even' });
    const reader = new WireReader();
    link.onData((chunk) => replies.push(...reader.push(chunk)));
  });

  afterAll(async () => {
    await link?.close();
    child?.kill('SIGTERM');
    await socat?.dispose();
  });

  const ask = async (cmd: number, data?: Uint8Array) => {
    const count = replies.length;
    await link.write(frameBytes(cmd, data));
    await until(() => replies.length > count, `an answer to 0x${cmd.toString(16)}`);
    return replies[count]!;
  };

  it('reports POWER UP until RESET, then INITIALIZE, then inhibited; echoes a setting', async () => {
    expect((await ask(0x11)).cmd).toBe(0x40);
    expect((await ask(0x40)).cmd).toBe(0x50);
    expect((await ask(0x11)).cmd).toBe(0x1b);
    await ask(0x11);
    expect((await ask(0x11)).cmd).toBe(0x1a);
    const echo = await ask(0xc3, Uint8Array.of(0));
    expect([echo.cmd, Array.from(echo.data)]).toEqual([0xc3, [0]]);
    expect((await ask(0x11)).cmd).toBe(0x11);
  });

  it('takes control lines on stdin: a note at the slot goes to escrow with its code', async () => {
    child.stdin!.write('insert 20\n');
    await until(() => lines.includes('ok insert 20'), 'the control answer');
    expect((await ask(0x11)).cmd).toBe(0x12);
    const escrow = await ask(0x11);
    expect([escrow.cmd, Array.from(escrow.data)]).toEqual([0x13, [0x64]]);
  });
});
