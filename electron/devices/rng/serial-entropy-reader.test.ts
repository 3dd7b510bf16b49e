/** The reader's state machine on an in-memory link (the socat tests cover real ptys). SP 800-90B §4.3/§4.4. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceStatus } from '../../core/cabinet/cabinet-api.ts';
import { RngUnavailableError } from '../../core/random/drbg-random-source.ts';
import type { SerialLink, SerialLinkOpener } from '../serial/serial-link.ts';
import { SerialEntropyReader } from './serial-entropy-reader.ts';

function fakeDevice() {
  let data: ((chunk: Uint8Array) => void) | null = null;
  let close: ((info: { disconnected: boolean }) => void) | null = null;
  const written: string[] = [];
  let opens = 0;
  const open: SerialLinkOpener = async (options) => {
    opens++;
    const link: SerialLink = {
      path: options.path,
      write: async (bytes) => void written.push(new TextDecoder().decode(bytes)),
      onData: (l) => ((data = l), () => (data = null)),
      onClose: (l) => ((close = l), () => (close = null)),
      close: async () => undefined,
    };
    return link;
  };
  return {
    open,
    written,
    get opens() {
      return opens;
    },
    send: (bytes: Uint8Array) => data?.(bytes),
    unplug: () => close?.({ disconnected: true }),
  };
}

async function healthyReader(options: Partial<ConstructorParameters<typeof SerialEntropyReader>[0]> = {}) {
  const device = fakeDevice();
  const statuses: DeviceStatus[] = [];
  const reader = new SerialEntropyReader({
    portPath: '/dev/null', // exists, so the unplug watchdog leaves it alone
    open: device.open,
    stallTimeoutMs: 60_000,
    backoff: { initialMs: 5, maxMs: 20 },
    ...options,
  });
  reader.events.on('status', (s) => statuses.push(s));
  await reader.start();
  return { reader, device, statuses };
}

describe('serial entropy reader', () => {
  it('start-up: 1024 tested samples are discarded, then 512 pooled bytes, then healthy', async () => {
    const { reader, device, statuses } = await healthyReader();
    expect(statuses.map((s) => s.health)).toEqual(['connected']);
    device.send(new Uint8Array(randomBytes(1024)));
    expect(reader.phase).toBe('startup');
    expect(reader.available).toBe(0);
    device.send(new Uint8Array(randomBytes(511)));
    expect(reader.phase).toBe('startup');
    device.send(new Uint8Array(randomBytes(1)));
    expect(reader.phase).toBe('healthy');
    expect(statuses.map((s) => s.health)).toEqual(['connected', 'healthy']);
    expect(reader.available).toBe(512);
    // 256 bits at H = 4 bits/byte = 64 bytes, taken from the pool and zeroized there.
    expect(reader.getEntropy(256)).toHaveLength(64);
    expect(reader.available).toBe(448);
    await reader.stop();
  });

  it('a start-up sample that fails the RCT restarts the start-up test', async () => {
    const { reader, device, statuses } = await healthyReader();
    // No random byte may be a 7: one next to the stuck run would move where the run ends and the
    // fresh start-up test begins by a sample (a 1-in-256 chance each side).
    const noSevens = (n: number) => new Uint8Array(randomBytes(n)).map((b) => (b === 7 ? 8 : b));
    device.send(noSevens(500));
    device.send(new Uint8Array(9).fill(7));
    expect(statuses.at(-1)?.health).toBe('fault');
    device.send(noSevens(1024 + 511));
    expect(reader.phase).toBe('fault');
    device.send(new Uint8Array(randomBytes(1)));
    expect(reader.phase).toBe('healthy');
    await reader.stop();
  });

  it('pool exhausted by demand → fault (play stops), healthy again after a fresh start-up test', async () => {
    const { reader, device, statuses } = await healthyReader();
    device.send(new Uint8Array(randomBytes(1024 + 512)));
    for (let i = 0; i < 8; i++) reader.getEntropy(256);
    expect(() => reader.getEntropy(256)).toThrow(RngUnavailableError);
    expect(statuses.at(-1)).toMatchObject({ health: 'fault' });
    expect(statuses.at(-1)!.detail).toMatch(/entropy pool exhausted/);
    expect(() => reader.getEntropy(8)).toThrow(/entropy pool exhausted/);
    device.send(new Uint8Array(randomBytes(1024 + 512)));
    expect(statuses.at(-1)?.health).toBe('healthy');
    await reader.stop();
  });

  it('unplug → disconnected with the pool zeroized; reopened with backoff and tested again', async () => {
    const { reader, device, statuses } = await healthyReader();
    device.send(new Uint8Array(randomBytes(2000)));
    expect(reader.available).toBeGreaterThan(0);
    device.unplug();
    expect(statuses.at(-1)?.health).toBe('disconnected');
    expect(reader.available).toBe(0);
    expect(() => reader.getEntropy(256)).toThrow(/device unplugged/);
    await reader.whenHealth('connected', 2000);
    expect(device.opens).toBe(2);
    device.send(new Uint8Array(randomBytes(1024 + 512)));
    expect(reader.phase).toBe('healthy');
    await reader.stop();
  });

  it('sends the OneRNG start command on open and the stop command on stop', async () => {
    const { reader, device } = await healthyReader({ startCommand: 'cmdO', stopCommand: 'cmdo' });
    expect(device.written).toEqual(['cmdO']);
    await reader.stop();
    expect(device.written).toEqual(['cmdO', 'cmdo']);
  });

  it('stall: no bytes for the stall timeout → fault "stalled"', async () => {
    const { reader, device } = await healthyReader({ stallTimeoutMs: 40 });
    device.send(new Uint8Array(randomBytes(2000)));
    const fault = await reader.whenHealth('fault', 2000);
    expect(fault.detail).toMatch(/stalled: no bytes from the device for \d+ ms \(limit 40 ms\)/);
    await reader.stop();
  });

  it('a process that only runs now and then: each late check counts one check period of silence, so a silent device is still stalled', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      // A 40 ms limit is checked every 10 ms.
      const { reader, device } = await healthyReader({ stallTimeoutMs: 40 });
      device.send(new Uint8Array(randomBytes(2000)));
      expect(reader.phase).toBe('healthy');
      let lateChecks = 0;
      while (reader.phase === 'healthy' && lateChecks < 100) {
        vi.setSystemTime(Date.now() + 20); // the process did not run: the next check comes three periods after the last
        vi.advanceTimersToNextTimer();
        lateChecks++;
      }
      expect(reader.status().detailCode).toMatchObject({ code: 'rng-stalled', limitMs: 40 });
      // A check 30 ms after the one before is no verdict on 30 ms of silence: the limit takes four counted periods.
      expect(lateChecks).toBeGreaterThanOrEqual(4);
      await reader.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses options a lab would reject', () => {
    expect(() => new SerialEntropyReader({ portPath: '/x', startupSamples: 512 })).toThrow(/at least 1024/);
    expect(() => new SerialEntropyReader({ portPath: '/x', readyBytes: 10 })).toThrow(/readyBytes/);
  });
});
