/**
 * The serialport link on a real socat pty: a write always settles. A port that closes while a write is on its
 * way (an unplug, a hung-up pty, the driver dropping the link) ends that write with an error; serialport alone
 * would hold it until the port opened again, and whoever waits for it (a driver's exchange, an emulator's
 * next chunk) would wait forever (docs/protocols/serial-rng.md#what-the-reader-does, reconnection).
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocatPair, type SocatPair } from '../../emulators/socat-pair.ts';
import { until } from '../../testing/until.ts';
import { openSerialportLink } from './serialport-link.ts';

let socatAvailable = true;
try {
  execFileSync('socat', ['-V'], { stdio: 'ignore' });
} catch {
  socatAvailable = false;
}

describe.runIf(socatAvailable)('a serialport link on a pty', () => {
  let socat: SocatPair;

  beforeAll(async () => {
    socat = createSocatPair('serial-link-');
    await socat.start();
  });

  afterAll(async () => {
    await socat?.dispose();
  });

  it('a write overtaken by the close of its port is rejected, every time, never left pending', async () => {
    for (let i = 0; i < 10; i++) {
      const link = await openSerialportLink({ path: socat.b, baudRate: 115200 });
      let outcome: string | null = null;
      const writing = link.write(new Uint8Array(64).fill(i)).then(
        () => 'sent',
        (error: Error) => error.message,
      );
      void writing.then((o) => (outcome = o));
      await link.close();
      await until(() => outcome !== null, `write ${i + 1} of 10 settles after the close`, { timeoutMs: 5_000 });
      expect(outcome).toMatch(/closed/);
    }
  });

  it('a write on a port that is already closed is refused at once, naming the port', async () => {
    const link = await openSerialportLink({ path: socat.b, baudRate: 115200 });
    await link.close();
    await expect(link.write(Uint8Array.of(1))).rejects.toThrow(`serial port ${socat.b} is closed`);
  });

  it('a write on an open port is sent and read at the other end', async () => {
    const device = await openSerialportLink({ path: socat.a, baudRate: 115200 });
    const link = await openSerialportLink({ path: socat.b, baudRate: 115200 });
    const received: number[] = [];
    device.onData((chunk) => received.push(...chunk));
    await link.write(Uint8Array.of(7, 8, 9));
    await until(() => received.length >= 3, 'three bytes at the other end');
    expect(received).toEqual([7, 8, 9]);
    await link.close();
    await device.close();
  });
});
