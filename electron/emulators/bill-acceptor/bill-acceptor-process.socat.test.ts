import { execFileSync } from 'node:child_process';
import { SerialPort } from 'serialport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../testing/until.ts';
import { startEmbeddedBillAcceptorEmulator, type EmbeddedBillAcceptor } from './embedded-emulator.ts';
import { hostCrc, hostFrame } from './scripted-essp-host.ts';

let socatAvailable = true;
try {
  execFileSync('socat', ['-V'], { stdio: 'ignore' });
} catch {
  socatAvailable = false;
}

describe.runIf(socatAvailable)('the emulator process on a socat pty, spoken to in raw GA138 bytes', () => {
  let emulator: EmbeddedBillAcceptor;
  let port: SerialPort;
  let received: number[] = [];

  /** Sends one frame and waits for `length` reply bytes. */
  const exchange = async (frame: number[], length: number) => {
    received = [];
    await new Promise<void>((resolve, reject) => port.write(Buffer.from(frame), (e) => (e ? reject(e) : resolve())));
    await until(() => received.length >= length, `${length} reply bytes`);
    return received.slice(0, length);
  };

  beforeAll(async () => {
    emulator = await startEmbeddedBillAcceptorEmulator();
    port = new SerialPort({ path: emulator.portPath, baudRate: 9600, dataBits: 8, stopBits: 2, parity: 'none' });
    await new Promise<void>((resolve, reject) => port.once('open', resolve).once('error', reject));
    port.on('data', (chunk: Buffer) => received.push(...chunk));
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => (port?.isOpen ? port.close(() => resolve()) : resolve()));
    await emulator?.stop();
  });

  it('answers the manual SYNC frame with the manual reply', async () => {
    expect(await exchange([0x7f, 0x80, 0x01, 0x11, 0x65, 0x82], 6)).toEqual([0x7f, 0x80, 0x01, 0xf0, 0x23, 0x80]);
  });

  it('with encryption forced, a command in clear gets KEY NOT SET', async () => {
    expect(await exchange(hostFrame(0x00, [0x0c]), 6)).toEqual(hostFrame(0x00, [0xfa]));
  });

  it('the corrupt-crc control breaks the CRC of the next reply only', async () => {
    expect(await emulator.controller.command('corrupt-crc')).toBe('ok corrupt-crc');
    const broken = await exchange(hostFrame(0x80, [0x0c]), 6);
    expect(broken.slice(0, 4)).toEqual([0x7f, 0x80, 0x01, 0xfa]);
    const crc = hostCrc(broken.slice(1, 4));
    expect(broken[4]! | (broken[5]! << 8)).not.toBe(crc);
    expect(await exchange(hostFrame(0x00, [0x0c]), 6)).toEqual(hostFrame(0x00, [0xfa]));
  });

  it('control lines reach the model and status reports it', async () => {
    expect(await emulator.controller.command('insert 3')).toBe('ok insert 3');
    expect(await emulator.controller.status()).toMatchObject({ queued: [3], enabled: false, encrypted: false });
  });
});
