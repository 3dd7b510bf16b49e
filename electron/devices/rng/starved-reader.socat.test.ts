/**
 * A stall is the device's silence, never the cabinet's own: when this process could not run for a while (a
 * busy machine, a long journal write), bytes the device sent meanwhile wait unread in the port, and the
 * reader reads them before it calls the device stalled (docs/protocols/serial-rng.md#what-the-reader-does).
 * The real reader on a socat pty; the test itself is the device on the other end, so it knows every byte sent.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, writeSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceStatus } from '../../core/cabinet/cabinet-api.ts';
import { createSocatPair, type SocatPair } from '../../emulators/socat-pair.ts';
import type { SerialLink } from '../serial/serial-link.ts';
import { openSerialportLink } from '../serial/serialport-link.ts';
import { SerialEntropyReader } from './serial-entropy-reader.ts';

const STALL_LIMIT_MS = 1000;

let socat: SocatPair;
let device: SerialLink | null = null;
let reader: SerialEntropyReader | null = null;

beforeEach(async () => {
  socat = createSocatPair('rng-starved-');
  await socat.start();
});

afterEach(async () => {
  await reader?.stop();
  reader = null;
  await device?.close();
  device = null;
  await socat.dispose();
});

/** This process does not run for `ms`: what a starved or blocked event loop looks like to its timers. */
function processCannotRun(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

describe('the stall limit counts only time the reader could read', () => {
  it('bytes sent while the process was blocked for three stall limits are read before the device is called stalled', async () => {
    device = await openSerialportLink({ path: socat.a, baudRate: 115200 });
    reader = new SerialEntropyReader({ portPath: socat.b, stallTimeoutMs: STALL_LIMIT_MS });
    const samplesAtStatus: Array<{ health: DeviceStatus['health']; code?: string; samples: number }> = [];
    reader.events.on('status', (s) =>
      samplesAtStatus.push({ health: s.health, code: s.detailCode?.code, samples: reader!.counters.samples }),
    );
    await reader.start();
    const startup = randomBytes(4096);
    await device.write(startup);
    await reader.whenHealth('healthy', 10_000);

    // Written at once into the pty (socat, its own process, carries them across meanwhile); read only later.
    const waiting = randomBytes(1024);
    const fd = openSync(socat.a, constants.O_WRONLY | constants.O_NOCTTY | constants.O_NONBLOCK);
    expect(writeSync(fd, waiting)).toBe(waiting.length);
    closeSync(fd);
    processCannotRun(3 * STALL_LIMIT_MS);
    // Then the device says nothing more: the stall that follows is real, and it comes after every byte was read.
    const fault = await reader.whenHealth('fault', 30_000);

    expect(fault.detailCode).toMatchObject({ code: 'rng-stalled', limitMs: STALL_LIMIT_MS });
    expect(samplesAtStatus.find((s) => s.health === 'fault')).toEqual({
      health: 'fault',
      code: 'rng-stalled',
      samples: startup.length + waiting.length,
    });
  });
});
