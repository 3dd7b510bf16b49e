/**
 * A stall is the device's silence, never the cabinet's own: when this process could not run for a while (a
 * busy machine, a long journal write), bytes the device sent meanwhile wait unread in the port, and the
 * reader must read them before it calls the device stalled (docs/protocols/serial-rng.md#what-the-reader-does).
 * The real reader on a socat pty, the emulator as its own process streaming all along.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceStatus } from '../../core/cabinet/cabinet-api.ts';
import { createSocatPair, type SocatPair } from '../../emulators/socat-pair.ts';
import { startRngEmulatorProcess, type EmulatorProcess } from '../../testing/rng-emulator-process.ts';
import { until } from '../../testing/until.ts';
import { SerialEntropyReader } from './serial-entropy-reader.ts';

const STALL_LIMIT_MS = 200;

let socat: SocatPair;
let emulator: EmulatorProcess | null = null;
let reader: SerialEntropyReader | null = null;

beforeEach(async () => {
  socat = createSocatPair('rng-starved-');
  await socat.start();
});

afterEach(async () => {
  await reader?.stop();
  reader = null;
  await emulator?.stop();
  emulator = null;
  await socat.dispose();
});

/** This process does not run for `ms`: what a starved or blocked event loop looks like to its timers. */
function processCannotRun(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

describe('the stall limit counts only time the reader could read', () => {
  it('the process blocked for three stall limits while the device streamed: no stall fault, still healthy', async () => {
    emulator = await startRngEmulatorProcess(socat.a, 'good');
    reader = new SerialEntropyReader({ portPath: socat.b, stallTimeoutMs: STALL_LIMIT_MS });
    const statuses: DeviceStatus[] = [];
    reader.events.on('status', (s) => statuses.push(s));
    await reader.start();
    await reader.whenHealth('healthy', 10_000);

    processCannotRun(3 * STALL_LIMIT_MS);
    // Well past the blocked time: the bytes that waited have been read, and fresh ones after them.
    const samples = reader.counters.samples;
    await until(() => reader!.counters.samples > samples + 10_000, 'ten thousand more samples read');

    expect(statuses.filter((s) => s.health === 'fault').map((s) => s.detail)).toEqual([]);
    expect(reader.status().health).toBe('healthy');
  });

  it('a device that really went silent is still a stall after such a block', async () => {
    emulator = await startRngEmulatorProcess(socat.a, 'good');
    reader = new SerialEntropyReader({ portPath: socat.b, stallTimeoutMs: STALL_LIMIT_MS });
    await reader.start();
    await reader.whenHealth('healthy', 10_000);
    emulator.setMode('stalled');
    processCannotRun(3 * STALL_LIMIT_MS);
    const fault = await reader.whenHealth('fault', 10_000);
    expect(fault.detailCode).toMatchObject({ code: 'rng-stalled', limitMs: STALL_LIMIT_MS });
  });
});
