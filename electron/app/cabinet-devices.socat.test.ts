/**
 * The composition root on real pseudo-terminals (socat) and real bad paths: devices from flags, the
 * environment or the venue config; a wrong or unusable port is a tilt, never a crash; a stuck RNG stops
 * play; a technician's device change applies live (docs/venue-config.md#device-settings,
 * docs/rng.md#approved-entropy-source).
 *
 * These tests run as root, which passes every permission check, so "the port cannot be opened" is made
 * real without permissions: a directory, a FIFO and a mode-000 regular file are refused before a driver
 * starts, and /dev/null (a character device, opened fine) fails in the serial driver itself.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DevicePort } from '../core/cabinet/cabinet-api.ts';
import { CabinetError } from '../core/cabinet/cabinet-error.ts';
import type { ConfigApplyOutcome } from '../core/config/config-apply-outcome.ts';
import { DEFAULT_VENUE_CONFIG, type VenueConfig } from '../core/config/venue-config.ts';
import type { BillAcceptorService } from '../devices/bill-acceptor/acceptor-service.ts';
import type { RngServiceDiagnostics } from '../devices/rng/rng-service.ts';
import { startEmbeddedId003Emulator } from '../emulators/bill-acceptor/id003/embedded-id003-emulator.ts';
import { createSocatPair, type SocatPair } from '../emulators/socat-pair.ts';
import { startRngEmulatorProcess, type EmulatorProcess } from '../testing/rng-emulator-process.ts';
import { until } from '../testing/until.ts';
import type { BillAcceptorConstructors } from './bill-acceptor-factory.ts';
import { DeviceBusyError } from './cabinet-devices.ts';
import type { RunningCabinet } from './running-cabinet.ts';
import { startCabinet, type StartCabinetOptions } from './start-cabinet.ts';

const KEY = '9a3f04c27e51b8d6';
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cabinet-devices-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function pty(): Promise<SocatPair> {
  const pair = createSocatPair('cabinet-devices-');
  await pair.start();
  cleanups.push(() => pair.dispose());
  return pair;
}

async function rngOn(pair: SocatPair, mode: 'good' | 'stuck'): Promise<EmulatorProcess> {
  const emulator = await startRngEmulatorProcess(pair.a, mode);
  cleanups.push(() => emulator.stop());
  return emulator;
}

function venue(devices: Record<string, unknown>, extra: Partial<VenueConfig> = {}): unknown {
  const d = DEFAULT_VENUE_CONFIG.devices;
  return {
    ...DEFAULT_VENUE_CONFIG,
    ...extra,
    devices: {
      rng: { ...d.rng, ...((devices.rng as object) ?? {}) },
      billAcceptor: { ...d.billAcceptor, ...((devices.billAcceptor as object) ?? {}) },
    },
  };
}

async function start(options: Partial<StartCabinetOptions> & { config: unknown }): Promise<{
  r: RunningCabinet;
  logs: string[];
  journalPath: string;
}> {
  const logs: string[] = [];
  const journalPath = path.join(tempDir(), 'journal.sqlite');
  const r = await startCabinet({ journalPath, env: {}, log: (m) => logs.push(m), ...options });
  cleanups.push(() => r.dispose());
  return { r, logs, journalPath };
}

/** The RNG's diagnostics as the composition root fills them (with the entropy source and H). */
const rngDiagnostics = (r: RunningCabinet) => r.services.diagnostics?.rng() as RngServiceDiagnostics;
const tilt = (r: RunningCabinet, source: string) => r.cabinet.snapshot().tilts.find((t) => t.source === source);
const health = (r: RunningCabinet, device: string) => r.cabinet.snapshot().devices.find((d) => d.device === device);

/** A stub bill acceptor driver: starts, reports healthy through the cabinet port it was given, records stops. */
function stubAcceptors(): { constructors: BillAcceptorConstructors; started: string[]; stopped: string[] } {
  const started: string[] = [];
  const stopped: string[] = [];
  const make = (portPath: string, cabinet: DevicePort): BillAcceptorService =>
    ({
      start: async () => {
        started.push(portPath);
        cabinet.reportDevice({
          device: 'bill-acceptor',
          health: 'healthy',
          detail: `stub on ${portPath}`,
          detailCode: { code: 'acceptor-ready', port: '/dev/test', enabled: true },
        });
      },
      stop: async () => void stopped.push(portPath),
      status: () => ({
        device: 'bill-acceptor',
        health: 'healthy',
        detail: `stub on ${portPath}`,
        detailCode: { code: 'acceptor-ready', port: '/dev/test', enabled: true },
      }),
      diagnostics: () => null,
      setTestMode: () => undefined,
    }) as unknown as BillAcceptorService;
  return {
    started,
    stopped,
    constructors: { essp: (o) => make(o.portPath, o.cabinet), id003: (o) => make(o.portPath, o.cabinet) },
  };
}

describe('devices on real ports', () => {
  it('the venue config chooses ID-003: the JCM driver runs on the port and a 20 note is credited once', async () => {
    const emulator = await startEmbeddedId003Emulator();
    cleanups.push(() => emulator.stop());
    const { r } = await start({
      config: venue({ rng: { source: 'os' }, billAcceptor: { port: emulator.portPath, protocol: 'id003' } }),
    });
    await until(() => health(r, 'bill-acceptor')?.health === 'healthy', 'the ID-003 acceptor to report healthy');
    await until(
      () => emulator.status()['stage'] === 'idle' && emulator.status()['inhibited'] === false,
      'the unit to be enabled by the driver',
    );
    expect(emulator.control('insert 20')).not.toMatch(/error|busy|inhibited/);
    await until(() => r.cabinet.snapshot().creditsMinor === 2_000, 'the 20 note to be credited');
    await until(
      () => emulator.status()['cashbox'] === 1 && emulator.status()['hostAcks'] === 1,
      'the note stacked, acked once',
    );
    expect(r.cabinet.snapshot().creditsMinor).toBe(2_000);
  });

  it('an RNG port given as a flag is used (no emulator), passes its start-up test and deals', async () => {
    const pair = await pty();
    await rngOn(pair, 'good');
    const { r, logs } = await start({ config: DEFAULT_VENUE_CONFIG, deviceFlags: { rngPort: pair.b } });
    expect(logs).toContain(`devices: rng ${pair.b} (truerng, from flag); bill acceptor none`);
    expect(health(r, 'rng')?.health).toBe('healthy');
    expect(rngDiagnostics(r)).toMatchObject({ entropySource: 'hardware', minEntropyBitsPerByte: 4 });
    r.cabinet.creditBill({ valueMinor: 1_000, channel: 2, eventKey: 'n1' });
    r.cabinet.placeChip('banker', 100);
    expect(r.cabinet.deal().status).toBe('settled');
  });

  it('the venue H reaches the health tests of the real reader', async () => {
    const pair = await pty();
    await rngOn(pair, 'good');
    const { r } = await start({ config: venue({ rng: { port: pair.b, minEntropyBitsPerByte: 8 } }) });
    expect(rngDiagnostics(r)).toMatchObject({
      minEntropyBitsPerByte: 8,
      tests: { rctCutoff: 5, aptCutoff: 16, aptWindow: 512 },
    });
  });

  it('a stuck RNG stream on a real port: an rng-fault tilt at start-up, no deal, no money in', async () => {
    const pair = await pty();
    await rngOn(pair, 'stuck');
    const { r } = await start({ config: venue({ rng: { port: pair.b } }) });
    expect(tilt(r, 'rng')?.kind).toBe('rng-fault');
    expect(r.cabinet.canAcceptBill(1_000).accept).toBe(false);
    expect(rngDiagnostics(r).rctFailures).toBeGreaterThan(0);
  });

  it('a stream that gets stuck while the cabinet runs stops play until it is healthy again', async () => {
    const pair = await pty();
    const emulator = await rngOn(pair, 'good');
    const { r } = await start({ config: venue({ rng: { port: pair.b } }) });
    r.cabinet.creditBill({ valueMinor: 1_000, channel: 2, eventKey: 'n1' });
    emulator.setMode('stuck');
    await until(() => tilt(r, 'rng')?.kind === 'rng-fault', 'the rng-fault tilt');
    expect(() => r.cabinet.placeChip('banker', 100)).toThrow(expect.objectContaining({ code: 'tilted' }));
    expect(r.cabinet.canAcceptBill(1_000).accept).toBe(false);
    emulator.setMode('good');
    await until(() => tilt(r, 'rng') === undefined, 'the tilt to clear after a fresh start-up test');
  });
});

describe('ports that cannot work are tilts, never crashes', () => {
  it('an RNG port that is a directory: rng-fault naming it, no entropy', async () => {
    const dir = tempDir();
    const { r } = await start({ config: venue({ rng: { port: dir } }) });
    expect(tilt(r, 'rng')?.reasonCode).toMatchObject({
      deviceDetail: { code: 'port-unusable', port: dir, problem: 'not-a-serial-device', is: 'directory' },
    });
    expect(rngDiagnostics(r).entropySource).toBe('none');
  });

  it('a bill port that is a FIFO or a mode-000 file: device-fault naming what it is', async () => {
    const dir = tempDir();
    const fifo = path.join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const locked = path.join(dir, 'locked');
    writeFileSync(locked, '');
    chmodSync(locked, 0o000);
    for (const [port, what] of [
      [fifo, 'fifo'],
      [locked, 'file'],
    ] as const) {
      const { r } = await start({
        config: venue({ rng: { source: 'os' }, billAcceptor: { port, fixedKeyHex: KEY } }),
      });
      expect(tilt(r, 'bill-acceptor')).toMatchObject({ kind: 'device-fault' });
      expect(tilt(r, 'bill-acceptor')?.reasonCode).toMatchObject({
        deviceDetail: { code: 'port-unusable', port, problem: 'not-a-serial-device', is: what },
      });
    }
  });

  it('a character device that is no serial port (/dev/null): the driver fails to open it, a tilt says why', async () => {
    const { r } = await start({
      config: venue({ rng: { source: 'os' }, billAcceptor: { port: '/dev/null', fixedKeyHex: KEY } }),
    });
    await until(() => tilt(r, 'bill-acceptor') !== undefined, 'the bill acceptor tilt');
    expect(tilt(r, 'bill-acceptor')?.reasonCode).toMatchObject({
      deviceDetail: { code: 'link-retrying', port: '/dev/null', osCode: 'ENOTTY' },
    });
  });

  it('a port that does not exist: a tilt now, and the driver finds the device when it appears', async () => {
    const pair = createSocatPair('cabinet-devices-late-');
    cleanups.push(() => pair.dispose());
    const { r } = await start({ config: venue({ rng: { port: pair.b } }) });
    expect(tilt(r, 'rng')?.kind).toBe('rng-fault');
    await pair.start();
    await rngOn(pair, 'good');
    await until(() => tilt(r, 'rng') === undefined, 'the RNG to be found once plugged in');
  });
});

describe('a technician changes the device settings while the cabinet runs', () => {
  type Applied = { configApplied: ConfigApplyOutcome };

  it('a new RNG port is refused at the cabinet: it changes only by re-provisioning the venue file and a restart', async () => {
    const pair = await pty();
    await rngOn(pair, 'good');
    const { r } = await start({ config: venue({ rng: { source: 'os' } }) });
    const moved = venue({ rng: { source: 'hardware', port: pair.b } });
    expect(() => r.cabinet.applyConfig(moved, 'technician')).toThrow(
      expect.objectContaining({
        code: 'not-permitted',
        reason: { code: 'restart-only', settings: ['devices.rng.port'] },
      }),
    );
    expect(rngDiagnostics(r).entropySource).toBe('os-approved');
    expect(tilt(r, 'rng')).toBeUndefined();
    // The installation's venue file names the port: the next start uses it, and deals from the hardware.
    const { r: again } = await start({ config: moved });
    await until(
      () => health(again, 'rng')?.health === 'healthy' && tilt(again, 'rng') === undefined,
      'the RNG healthy',
    );
    expect(rngDiagnostics(again)).toMatchObject({ entropySource: 'hardware' });
    again.cabinet.creditBill({ valueMinor: 1_000, channel: 2, eventKey: 'n1' });
    again.cabinet.placeChip('player', 100);
    expect(again.cabinet.deal().status).toBe('settled');
  });

  it('turning demo mode off without a hardware RNG: "no approved entropy source" at once', async () => {
    const { r } = await start({ config: { ...DEFAULT_VENUE_CONFIG, demoMode: true } });
    expect(tilt(r, 'rng')).toBeUndefined();
    r.cabinet.applyConfig({ ...DEFAULT_VENUE_CONFIG, demoMode: false }, 'technician');
    await until(() => /no approved entropy source/.test(health(r, 'rng')?.detail ?? ''), 'the refusal');
    expect(tilt(r, 'rng')?.kind).toBe('rng-fault');
  });

  it('the staff timer applies at next start; a port set by the environment is not changed from the screen', async () => {
    const pair = await pty();
    await rngOn(pair, 'good');
    const { r } = await start({ config: DEFAULT_VENUE_CONFIG, env: { BACCARAT_RNG_PORT: pair.b } });
    const answer = r.cabinet.applyConfig(
      venue({}, { staff: { idleSignOutS: 120 } }),
      'technician',
    ) as unknown as Applied;
    expect(answer.configApplied).toEqual({ restarted: [], atNextStart: ['staff.idleSignOutS'], overridden: [] });
    expect(() => r.cabinet.applyConfig(venue({ rng: { port: '/dev/ttyACM7' } }), 'technician')).toThrow(
      expect.objectContaining({ reason: { code: 'restart-only', settings: ['devices.rng.port'] } }),
    );
    expect(health(r, 'rng')?.health).toBe('healthy');
  });

  it('a new door file is refused at the cabinet; named in the venue file, it drives the door tilt after a restart', async () => {
    const dir = tempDir();
    const door = path.join(dir, 'door');
    writeFileSync(door, '0\n');
    const { r } = await start({ config: venue({ rng: { source: 'os' } }) });
    const config = {
      ...(venue({ rng: { source: 'os' } }) as VenueConfig),
      inputs: { operatorKeyFile: null, doorFile: door },
    };
    expect(() => r.cabinet.applyConfig(config, 'technician')).toThrow(
      expect.objectContaining({ reason: { code: 'restart-only', settings: ['inputs.doorFile'] } }),
    );
    expect(r.inputs.doorFile).toBeNull();
    const { r: again } = await start({ config });
    expect(again.inputs.doorFile).toBe(door);
    writeFileSync(door, '1\n');
    await until(() => again.cabinet.snapshot().tilts.some((t) => t.kind === 'door-open'), 'the door-open tilt');
  });

  it('a bill acceptor change is refused while a note is in escrow or a credit pending, and applies once it is not', async () => {
    const first = await pty();
    const stubs = stubAcceptors();
    const config = venue({ rng: { source: 'os' }, billAcceptor: { port: first.b, fixedKeyHex: KEY } });
    const { r, journalPath } = await start({ config, billAcceptors: stubs.constructors });
    expect(stubs.started).toEqual([first.b]);
    const stateFile = `${journalPath}.bill-acceptor.json`;
    const tracker = (stage: string) =>
      writeFileSync(
        stateFile,
        JSON.stringify({
          version: 1,
          acceptorId: 'stub',
          nextSeq: 2,
          note: { seq: 1, key: 'k1', channel: 2, valueMinor: 1_000, stage },
        }),
      );
    // A new eSSP key restarts the acceptor on its port (the port itself changes only by re-provisioning).
    const moved = venue({ rng: { source: 'os' }, billAcceptor: { port: first.b, fixedKeyHex: 'a1b2c3d4e5f60718' } });
    for (const [stage, reason] of [
      ['escrow', 'note-in-escrow'],
      ['credited', 'credit-pending'],
    ] as const) {
      tracker(stage);
      let caught: unknown;
      try {
        r.cabinet.applyConfig(moved, 'technician');
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DeviceBusyError);
      expect(caught).toBeInstanceOf(CabinetError);
      expect(caught).toMatchObject({ code: 'not-permitted', reason: { code: reason, device: 'bill-acceptor' } });
      expect(r.cabinet.venueConfig().devices.billAcceptor.fixedKeyHex).toBe(KEY);
      expect(stubs.stopped).toEqual([]);
    }
    // A change that leaves the acceptor alone is not held up by it.
    r.cabinet.applyConfig({ ...(config as VenueConfig), attractIdleS: 90 }, 'technician');
    tracker('acked');
    const answer = r.cabinet.applyConfig(moved, 'technician') as unknown as Applied;
    expect(answer.configApplied.restarted).toEqual(['bill-acceptor']);
    await until(() => stubs.started.length === 2, 'the acceptor restarted with the new key');
    expect(stubs.stopped).toEqual([first.b]);
    expect(stubs.started).toEqual([first.b, first.b]);
  });
});
