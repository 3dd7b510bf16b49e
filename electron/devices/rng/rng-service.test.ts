/**
 * The hardware RNG over real pseudo-terminals (socat), with the emulator as a separate process.
 * Rules: SP 800-90B §4.3/§4.4 (docs/rng.md#health-tests); "if the RNG fails, play stops"
 * (docs/rng.md#rng-failure-stops-play).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceStatus } from '../../core/cabinet/cabinet-api.ts';
import { RngUnavailableError } from '../../core/random/drbg-random-source.ts';
import { dealRound } from '../../core/engine/round.ts';
import { FreshShoe } from '../../core/engine/shoe.ts';
import { createRngService, type RngService } from './rng-service.ts';
import { createSocatPair, type SocatPair } from '../../emulators/socat-pair.ts';
import { until } from '../../testing/until.ts';

const EMULATOR = fileURLToPath(new URL('../../cli/emulate.ts', import.meta.url));

let socat: SocatPair;
let emulator: ChildProcess | null = null;
let service: RngService | null = null;
let statuses: DeviceStatus[] = [];
/** Everything the emulator has written to stderr (one line per event). */
let emulatorLog = '';

/** Starts the emulator process and resolves once it has opened its end of the pty. */
async function startEmulator(mode: string, extra: string[] = []): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [EMULATOR, 'rng', '--port', socat.a, '--mode', mode, '--rate', '100000', ...extra],
    {
      stdio: ['pipe', 'ignore', 'pipe'],
    },
  );
  emulator = child;
  await new Promise<void>((resolve, reject) => {
    let text = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      emulatorLog += chunk.toString();
      if (text.includes('streaming on')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`emulator exited (${code}): ${text}`)));
  });
  return child;
}

function setMode(mode: string): void {
  emulator!.stdin!.write(`${mode}\n`);
}

/** The stall limit of the tests about stalls; the others get one no busy machine reaches (they are not about stalls). */
const STALL_MS = 1000;

function startService(options: Partial<Parameters<typeof createRngService>[0]> = {}): RngService {
  statuses = [];
  service = createRngService({
    portPath: socat.b,
    onStatus: (s) => statuses.push(s),
    stallTimeoutMs: 10_000,
    backoff: { initialMs: 50, maxMs: 300 },
    ...options,
  });
  return service;
}

beforeEach(async () => {
  emulatorLog = '';
  socat = createSocatPair();
  await socat.start();
});

/** Every status a run reported carries a code the screens word, never words alone. */
function expectEveryStatusCoded(): void {
  for (const status of statuses) {
    expect(status.detailCode, `${status.health}: ${status.detail}`).toBeDefined();
  }
}

afterEach(async () => {
  expectEveryStatusCoded();
  await service?.stop();
  service = null;
  if (emulator && emulator.exitCode === null) {
    const exited = new Promise((r) => emulator!.once('exit', r));
    emulator.kill('SIGTERM');
    await exited;
  }
  emulator = null;
  await socat.dispose();
});

describe('hardware RNG service over a socat pty (docs/protocols/serial-rng.md#what-the-reader-does)', () => {
  it('good stream: start-up test passes on fresh samples → healthy, and the DRBG deals rounds', async () => {
    await startEmulator('good');
    const rng = startService();
    await rng.start();
    await rng.reader!.whenHealth('healthy', 10_000);
    expect(statuses.map((s) => s.health)).toEqual(['connected', 'healthy']);
    await rng.reader!.whenAvailable(512, 5000);
    for (let i = 0; i < 5; i++) {
      const round = dealRound(new FreshShoe(8, rng.random));
      expect(round.dealOrder.length).toBeGreaterThanOrEqual(4);
    }
    // 64 device bytes (256 bits at H = 4) per (re)seed, all consumed from the pool.
    expect(rng.reader!.counters.delivered).toBe(64 * (1 + rng.random.reseeds));
    expect(rng.random.reseeds).toBeGreaterThanOrEqual(5);
  });

  it('stuck stream: the RCT trips within its cutoff of 9 identical samples → fault, and nextInt throws', async () => {
    await startEmulator('good');
    const rng = startService();
    const failures: number[] = [];
    rng.reader!.events.on('failure', (f) => {
      if (f.test === 'repetition-count') failures.push(f.count);
    });
    await rng.start();
    await rng.reader!.whenHealth('healthy', 10_000);
    const before = rng.reader!.counters.samples;
    setMode('stuck');
    const fault = await rng.reader!.whenHealth('fault', 5000);
    expect(fault.detail).toMatch(/repetition count test failed: 9 identical samples \(0xa5\)/);
    expect(fault.detailCode).toEqual({ code: 'rng-repetition-failed', port: socat.b, cutoff: 9 });
    // The failure came at most 9 samples after the stuck bytes began: the run is exactly the cutoff.
    const stuckRun = rng.reader!.counters.samples - before;
    expect(stuckRun).toBeGreaterThanOrEqual(9);
    expect(failures[0]).toBe(9); // the 9th identical sample in a row, never later
    expect(() => new FreshShoe(8, rng.random)).toThrow(RngUnavailableError);
    expect(() => rng.random.nextInt(416)).toThrow(/repetition count test failed/);
    // The technician's diagnostics count it and name it.
    const d = rng.diagnostics();
    expect(d).toMatchObject({
      health: 'fault',
      aptFailures: 0,
      tests: { rctCutoff: 9, aptCutoff: 71, aptWindow: 512 },
    });
    expect(d.rctFailures).toBeGreaterThanOrEqual(1);
    expect(d.bytesRead).toBe(rng.reader!.counters.samples);
    expect(d.source).toMatch(/^hardware RNG on .*, mixed with OS entropy$/);
    expect(d.lastFailure).toMatch(/^\d{4}-\d\d-\d\dT.*Z: repetition count test failed: 9 identical samples/);
    expect(d.lastFailureCode?.failure).toEqual({ code: 'rng-repetition-failed', port: socat.b, cutoff: 9 });
    expect(d.sourceCode).toEqual({ code: 'rng-source-hardware', port: socat.b });
    // Back to good: a fresh start-up test on 1024 samples makes it healthy again.
    setMode('good');
    await rng.reader!.whenHealth('healthy', 10_000);
    await rng.reader!.whenAvailable(256, 5000);
    expect(dealRound(new FreshShoe(8, rng.random)).winner).toMatch(/banker|player|tie/);
  });

  it('the RCT counts exactly: stuck samples before the failure are never given to the DRBG', async () => {
    await startEmulator('stuck');
    const rng = startService();
    const failures: { test: string; at: number }[] = [];
    rng.reader!.events.on('failure', (f) => failures.push({ test: f.test, at: f.samplesSinceReset }));
    await rng.start();
    await rng.reader!.whenHealth('fault', 5000);
    // From a fresh start every failure is at sample 9 of its run: the cutoff, not later.
    await until(() => failures.length > 3, 'more than three failures of the stuck stream');
    expect(failures.every((f) => f.test === 'repetition-count' && f.at === 9)).toBe(true);
    expect(rng.reader!.counters.delivered).toBe(0);
    expect(statuses.some((s) => s.health === 'healthy')).toBe(false);
  });

  it('biased stream (values 0..3): the APT trips → fault', async () => {
    await startEmulator('good');
    const rng = startService();
    const tests: string[] = [];
    rng.reader!.events.on('failure', (f) => tests.push(f.test));
    await rng.start();
    await rng.reader!.whenHealth('healthy', 10_000);
    setMode('biased');
    const fault = await rng.reader!.whenHealth('fault', 5000);
    expect(fault.detail).toMatch(/adaptive proportion test failed: one value \(0x0[0-3]\) 71 times in a window of 512/);
    expect(fault.detailCode).toEqual({ code: 'rng-proportion-failed', port: socat.b, cutoff: 71, window: 512 });
    expect(tests[0]).toBe('adaptive-proportion');
    expect(() => rng.random.beforeShuffle!()).toThrow(RngUnavailableError);
  });

  it('stalled stream: no bytes for the stall timeout → fault "stalled", healthy again when bytes resume', async () => {
    await startEmulator('good');
    const rng = startService({ stallTimeoutMs: STALL_MS });
    await rng.start();
    await rng.reader!.whenHealth('healthy', 10_000);
    setMode('stalled');
    const fault = await rng.reader!.whenHealth('fault', 5000);
    expect(fault.detail).toMatch(/stalled: no bytes from the device/);
    expect(fault.detailCode).toMatchObject({ code: 'rng-stalled', port: socat.b, limitMs: STALL_MS });
    expect(() => rng.random.nextInt(10)).toThrow(RngUnavailableError);
    setMode('good');
    await rng.reader!.whenHealth('healthy', 10_000);
  });

  it('killing socat (unplug) → disconnected, unhealthy; a restarted socat → healthy after the start-up test', async () => {
    await startEmulator('good');
    const rng = startService();
    await rng.start();
    await rng.reader!.whenHealth('healthy', 10_000);
    await rng.reader!.whenAvailable(256, 5000);
    const disconnected = rng.reader!.whenHealth('disconnected', 5000);
    await socat.kill();
    const down = await disconnected;
    expect(down.detail).toMatch(/retrying in \d+ ms/);
    expect(down.detailCode).toMatchObject({ code: 'link-retrying', port: socat.b });
    expect(() => new FreshShoe(8, rng.random)).toThrow(RngUnavailableError);
    expect(rng.reader!.available).toBe(0);
    // A real device sees the unplug; so must the emulator before the cable goes back in.
    await until(() => /reopening/.test(emulatorLog), 'the emulator noticing the unplug', {
      timeoutMs: 10_000,
      context: () => `emulator said:\n${emulatorLog}`,
    });
    await socat.start(); // the emulator reopens A by itself, the service reopens B with backoff
    await rng.reader!.whenHealth('healthy', 15_000);
    const tail = statuses.slice(statuses.findIndex((s) => s.health === 'disconnected'));
    expect(tail.map((s) => s.health).filter((h, i, all) => h !== all[i - 1])).toEqual([
      'disconnected',
      'connected',
      'healthy',
    ]);
    await rng.reader!.whenAvailable(256, 5000);
    expect(dealRound(new FreshShoe(8, rng.random)).dealOrder.length).toBeGreaterThanOrEqual(4);
  });

  it('killing the emulator process (device dead, port still open) → stalled fault; a new emulator → healthy', async () => {
    await startEmulator('good');
    const rng = startService({ stallTimeoutMs: STALL_MS });
    await rng.start();
    await rng.reader!.whenHealth('healthy', 10_000);
    const exited = new Promise((r) => emulator!.once('exit', r));
    emulator!.kill('SIGKILL');
    await exited;
    const fault = await rng.reader!.whenHealth('fault', 5000);
    expect(fault.detail).toMatch(/stalled/);
    expect(() => new FreshShoe(8, rng.random)).toThrow(RngUnavailableError);
    await startEmulator('good');
    await rng.reader!.whenHealth('healthy', 10_000);
  });

  it('OneRNG style: sends the start command and becomes healthy only after the device streams', async () => {
    await startEmulator('good', ['--wait-for', 'cmdO']);
    const rng = startService({ startCommand: 'cmdO', stopCommand: 'cmdo' });
    await rng.start();
    await rng.reader!.whenHealth('healthy', 10_000);
  });

  it('no device configured: OS entropy only, status says so, and the DRBG works', async () => {
    const rng = createRngService({ portPath: null, onStatus: (s) => statuses.push(s) });
    statuses = [];
    await rng.start();
    expect(rng.status()).toEqual({
      device: 'rng',
      health: 'not-configured',
      detail: 'OS entropy only',
      detailCode: { code: 'os-entropy-only' },
    });
    expect(rng.diagnostics()).toMatchObject({
      detailCode: { code: 'os-entropy-only' },
      sourceCode: { code: 'rng-source-os' },
      bytesRead: 0,
      rctFailures: 0,
      aptFailures: 0,
      lastFailure: null,
      tests: null,
    });
    expect(statuses).toEqual([rng.status()]);
    expect(dealRound(new FreshShoe(8, rng.random)).dealOrder.length).toBeGreaterThanOrEqual(4);
    await rng.stop();
  });

  it('no port and no approved source: a fault "no approved entropy source", and no card can be drawn', async () => {
    const rng = createRngService({ portPath: null, noPort: 'refuse', onStatus: (s) => statuses.push(s) });
    statuses = [];
    await rng.start();
    expect(rng.status().health).toBe('fault');
    expect(rng.status().detail).toMatch(/^no approved entropy source: .*devices\.rng\.port.*devices\.rng\.source "os"/);
    expect(rng.status().detailCode).toEqual({ code: 'rng-no-approved-source' });
    expect(statuses).toEqual([rng.status()]);
    expect(rng.diagnostics()).toMatchObject({ entropySource: 'none', health: 'fault', tests: null });
    expect(() => new FreshShoe(8, rng.random)).toThrow(RngUnavailableError);
    expect(() => rng.random.nextInt(52)).toThrow(/no approved entropy source/);
    await rng.stop();
  });

  it('OS entropy the venue approved, or in demo mode: healthy, and the diagnostics name which', async () => {
    for (const noPort of ['os-approved', 'os-demo'] as const) {
      const rng = createRngService({ portPath: null, noPort });
      await rng.start();
      expect(rng.status().health).toBe('healthy');
      expect(rng.diagnostics().entropySource).toBe(noPort);
      expect(rng.status().detailCode).toEqual({ code: noPort === 'os-approved' ? 'rng-os-approved' : 'rng-os-demo' });
      expect(dealRound(new FreshShoe(8, rng.random)).dealOrder.length).toBeGreaterThanOrEqual(4);
      await rng.stop();
    }
  });

  it("the venue H sets the cutoffs of the hardware RNG's tests and is shown in the diagnostics", () => {
    const rng = createRngService({ portPath: socat.b, minEntropyBitsPerByte: 8 });
    expect(rng.diagnostics()).toMatchObject({
      entropySource: 'hardware',
      minEntropyBitsPerByte: 8,
      tests: { rctCutoff: 5, aptCutoff: 16, aptWindow: 512 },
    });
    expect(rng.reader!.bytesFor(256)).toBe(32);
    expect(() => createRngService({ portPath: socat.b, minEntropyBitsPerByte: 0.1 })).toThrow(/minEntropyBitsPerByte/);
  });

  it('rejects an empty port path', () => {
    expect(() => createRngService({ portPath: '  ' })).toThrow(/portPath must be a serial port path/);
  });
});
