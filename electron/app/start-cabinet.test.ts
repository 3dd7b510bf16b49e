import { afterEach, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, DEFAULT_VENUE_CONFIG } from '../core/config/venue-config.ts';
import type { StaffStatus } from '../core/staff/staff-status.ts';
import type { RunningCabinet } from './running-cabinet.ts';
import { startEmbeddedEmulators } from '../emulators/dev-emulators.ts';
import { startCabinet } from './start-cabinet.ts';
import { venueFileLines } from './venue-file.ts';
import { testPinHash } from '../testing/memory-staff.ts';
import { Journal } from '../storage/journal.ts';
import type { RngServiceDiagnostics } from '../devices/rng/rng-service.ts';

const dirs: string[] = [];
const running: RunningCabinet[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.dispose();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'start-cabinet-'));
  dirs.push(dir);
  return dir;
}

/** The default venue with OS entropy as its approved source (docs/rng.md#approved-entropy-source). */
const OS_APPROVED = {
  ...DEFAULT_VENUE_CONFIG,
  devices: { ...DEFAULT_VENUE_CONFIG.devices, rng: { ...DEFAULT_VENUE_CONFIG.devices.rng, source: 'os' as const } },
};

describe('composition root (no devices configured)', () => {
  it('real money without a hardware RNG or approved OS entropy: an rng-fault tilt, no deal, no money in', async () => {
    const r = await startCabinet({ journalPath: path.join(tempDir(), 'j.sqlite'), env: {}, log: () => undefined });
    running.push(r);
    const snapshot = r.cabinet.snapshot();
    expect(snapshot.devices.map((d) => `${d.device}:${d.health}`).sort()).toEqual([
      'bill-acceptor:not-configured',
      'rng:fault',
    ]);
    const tilt = snapshot.tilts.find((t) => t.kind === 'rng-fault');
    expect(tilt?.reasonCode).toMatchObject({ deviceDetail: { code: 'rng-no-approved-source' } });
    expect(r.cabinet.canAcceptBill(1_000).accept).toBe(false);
    expect(r.services.diagnostics?.rng() as RngServiceDiagnostics).toMatchObject({
      entropySource: 'none',
      health: 'fault',
    });
  });

  it('OS entropy named as the approved source: healthy, no tilt, and the diagnostics say so', async () => {
    const r = await startCabinet({
      journalPath: path.join(tempDir(), 'j.sqlite'),
      config: OS_APPROVED,
      env: {},
      log: () => undefined,
    });
    running.push(r);
    expect(r.cabinet.snapshot().tilts).toEqual([]);
    expect(r.services.diagnostics?.rng() as RngServiceDiagnostics).toMatchObject({
      entropySource: 'os-approved',
      health: 'healthy',
    });
  });

  it('demo mode may use OS entropy: free play deals without a hardware RNG', async () => {
    const r = await startCabinet({
      journalPath: path.join(tempDir(), 'j.sqlite'),
      config: { ...DEFAULT_VENUE_CONFIG, demoMode: true },
      env: {},
      log: () => undefined,
    });
    running.push(r);
    expect(r.cabinet.snapshot().tilts).toEqual([]);
    expect(r.services.diagnostics?.rng() as RngServiceDiagnostics).toMatchObject({ entropySource: 'os-demo' });
    r.cabinet.placeChip('banker', 100);
    expect(r.cabinet.deal().status).toBe('settled');
  });

  it('opens the journal, recovers, reports the devices, and answers the paytable', async () => {
    const logs: string[] = [];
    const r = await startCabinet({
      journalPath: path.join(tempDir(), 'j.sqlite'),
      config: OS_APPROVED,
      env: {},
      log: (m) => logs.push(m),
    });
    running.push(r);
    expect(r.recovery).toMatch(/clean start/);
    const snapshot = r.cabinet.snapshot();
    expect(snapshot.creditsMinor).toBe(0);
    expect(snapshot.devices.map((d) => `${d.device}:${d.health}`).sort()).toEqual([
      'bill-acceptor:not-configured',
      'rng:healthy',
    ]);
    expect(r.controls).toEqual({ rng: null, billAcceptor: null });
    expect(Object.keys(r.services).sort()).toEqual([
      'diagnostics',
      'identity',
      'inputs',
      'journalDamage',
      'onRefused',
      'paytable',
      'staff',
    ]);
    const paytable = await r.services.paytable(snapshot);
    expect(paytable.spots.banker.pays).toBe('0.95:1');
    expect(paytable.spots.tie.pays).toBe(`${snapshot.profile.tiePays}:1`);
    expect(
      paytable.spots.player.probability + paytable.spots.banker.probability + paytable.spots.tie.probability,
    ).toBeCloseTo(1, 12);
  });

  it('refuses a bad venue config with the field named, and leaves nothing open', async () => {
    const dir = tempDir();
    const config = path.join(dir, 'venue.json');
    writeFileSync(config, JSON.stringify({ profile: { id: 'x', decks: 3, tiePays: 7, bankerCommissionPercent: 5 } }));
    await expect(
      startCabinet({ journalPath: path.join(dir, 'j.sqlite'), env: { BACCARAT_CONFIG: config }, log: () => undefined }),
    ).rejects.toThrow(/tiePays|decks|limits/);
    // The journal can be opened again: nothing was left locked.
    const r = await startCabinet({ journalPath: path.join(dir, 'j.sqlite'), env: {}, log: () => undefined });
    running.push(r);
    expect(r.cabinet.snapshot().phase).toBe('idle');
  });

  it('a bill acceptor port from the environment without the eSSP key: a device-fault tilt naming the key, no crash', async () => {
    const r = await startCabinet({
      journalPath: path.join(tempDir(), 'j.sqlite'),
      config: OS_APPROVED,
      env: { BACCARAT_BILL_PORT: '/dev/null' },
      log: () => undefined,
    });
    running.push(r);
    const tilt = r.cabinet.snapshot().tilts.find((t) => t.source === 'bill-acceptor');
    expect(tilt?.kind).toBe('device-fault');
    expect(tilt?.reasonCode).toMatchObject({ deviceDetail: { code: 'acceptor-no-fixed-key', port: '/dev/null' } });
  });
});

describe('composition root: the venue config (docs/venue-config.md#starting-with-a-file)', () => {
  it('with no file, the config applied at the cabinet is the one in force after a restart', async () => {
    const journalPath = path.join(tempDir(), 'j.sqlite');
    const first = await startCabinet({ journalPath, env: {}, log: () => undefined });
    const config = first.cabinet.venueConfig();
    first.cabinet.applyConfig({ ...config, limits: { ...config.limits, tableMaxMinor: 80_000 } }, 'technician');
    await first.dispose();
    const again = await startCabinet({ journalPath, env: {}, log: () => undefined });
    running.push(again);
    expect(again.cabinet.snapshot().limits.tableMaxMinor).toBe(80_000);
  });

  it('with no file, start-up opens the journal once and finds the stored copy path in it', async () => {
    const dir = tempDir();
    const journalPath = path.join(dir, 'j.sqlite');
    const copyPath = path.join(dir, 'elsewhere.critical');
    const config = {
      ...DEFAULT_VENUE_CONFIG,
      journal: { ...DEFAULT_VENUE_CONFIG.journal, criticalCopyPath: copyPath },
    };
    const first = await startCabinet({ journalPath, config, env: {}, log: () => undefined });
    await first.dispose();
    rmSync(copyPath, { force: true });
    rmSync(`${journalPath}.critical`, { force: true });
    const opens = vi.spyOn(Journal, 'open');
    try {
      const again = await startCabinet({ journalPath, env: {}, log: () => undefined });
      running.push(again);
      expect(opens).toHaveBeenCalledTimes(1);
    } finally {
      opens.mockRestore();
    }
    expect(existsSync(copyPath)).toBe(true);
    expect(existsSync(`${journalPath}.critical`)).toBe(false);
  });

  it('a file wins over the stored config; an old file without the newer fields gets the defaults', async () => {
    const dir = tempDir();
    const journalPath = path.join(dir, 'j.sqlite');
    const { currency, attractIdleS, playerInactivityS, defaultLanguage, devices, inputs, staff, ...old } =
      DEFAULT_VENUE_CONFIG;
    void [currency, attractIdleS, playerInactivityS, defaultLanguage, devices, inputs, staff];
    const file = path.join(dir, 'venue.json');
    writeFileSync(file, JSON.stringify({ ...old, demoCreditsMinor: 4_000 }));
    const r = await startCabinet({ journalPath, env: { BACCARAT_CONFIG: file }, log: () => undefined });
    running.push(r);
    expect(r.cabinet.venueConfig()).toEqual({ ...DEFAULT_VENUE_CONFIG, demoCreditsMinor: 4_000 });
  });

  it('the example file in docs/ starts a cabinet', async () => {
    const example = path.join(import.meta.dirname, '../../docs/venue-config.example.json');
    const r = await startCabinet({
      journalPath: path.join(tempDir(), 'j.sqlite'),
      configFile: example,
      env: {},
      log: () => undefined,
    });
    running.push(r);
    expect(r.cabinet.venueConfig()).toEqual(DEFAULT_VENUE_CONFIG);
  });

  it('a bad file is a ConfigError with one problem per bad field, before anything starts', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'venue.json');
    writeFileSync(file, JSON.stringify({ ...DEFAULT_VENUE_CONFIG, attractIdleS: 1, staff: { idleSignOutS: 1 } }));
    let caught: unknown;
    try {
      await startCabinet({ journalPath: path.join(dir, 'j.sqlite'), configFile: file, env: {}, log: () => undefined });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect(venueFileLines(file, caught as ConfigError)).toEqual([
      `venue config ${file}: attractIdleS: attractIdleS must be at least 10 seconds`,
      `venue config ${file}: staff.idleSignOutS: idleSignOutS must be at least 15 seconds`,
    ]);
    expect(existsSync(path.join(dir, 'j.sqlite'))).toBe(false);
  });
});

describe('composition root with the embedded emulators (socat)', () => {
  it('an orderly shutdown journals no device fault, so the next start-up is not tilted (docs/cabinet-rules.md#door-and-tilt)', async () => {
    const journalPath = path.join(tempDir(), 'j.sqlite');
    for (let run = 0; run < 2; run++) {
      const r = await startCabinet({ journalPath, startEmulators: startEmbeddedEmulators, log: () => undefined });
      running.push(r);
      expect(r.cabinet.snapshot().tilts).toEqual([]);
      await r.dispose();
      running.pop();
    }
    const r = await startCabinet({ journalPath, config: OS_APPROVED, env: {}, log: () => undefined });
    running.push(r);
    const events = r.cabinet.events({ limit: 100 });
    expect(events.filter((e) => e.kind === 'shutdown')).toHaveLength(2);
    expect(events.filter((e) => e.kind === 'fault' || e.kind === 'tilt')).toEqual([]);
  });

  it('a deal right after start-up is dealt, not voided: the RNG start-up test has passed (docs/rng.md#start-up-test)', async () => {
    const r = await startCabinet({
      journalPath: path.join(tempDir(), 'j.sqlite'),
      startEmulators: startEmbeddedEmulators,
      log: () => undefined,
    });
    running.push(r);
    expect(r.cabinet.snapshot().devices.find((d) => d.device === 'rng')?.health).toBe('healthy');
    r.cabinet.creditBill({ valueMinor: 10_000, channel: 5, eventKey: 'test-note-1' });
    r.cabinet.placeChip('banker', 100);
    expect(r.cabinet.deal().status).toBe('settled');
    expect(r.cabinet.snapshot().tilts).toEqual([]);
  });
});

describe('switch inputs and staff access (docs/cabinet-rules.md#operator-menu-and-key-switch)', () => {
  /** Resolves once staff access reports a status that matches (now or at a later change). */
  function staffStatus(r: RunningCabinet, match: (s: StaffStatus) => boolean): Promise<StaffStatus> {
    return new Promise((resolve) => {
      if (match(r.staff.status())) return resolve(r.staff.status());
      const off = r.staff.subscribe((s) => {
        if (!match(s)) return;
        off();
        resolve(s);
      });
    });
  }

  it('a PIN hash in the installation environment gives its role a PIN; a malformed one is logged and ignored', async () => {
    const dir = tempDir();
    const lines: string[] = [];
    const env = {
      BACCARAT_TECHNICIAN_PIN_HASH: testPinHash('8642'),
      BACCARAT_ATTENDANT_PIN_HASH: '8642',
    };
    const r = await startCabinet({
      journalPath: path.join(dir, 'j.sqlite'),
      config: OS_APPROVED,
      env,
      log: (line) => lines.push(line),
    });
    running.push(r);
    expect(lines).toContain(
      'BACCARAT_ATTENDANT_PIN_HASH is not a PIN hash (allowed: scrypt$N$r$p$salt$key as printed by npm run provision -- --print-hash); ignored',
    );
    r.inputs.setOperatorKey(true);
    await expect(r.staff.signIn('attendant', '8642')).rejects.toMatchObject({ code: 'no-pin' });
    expect((await r.staff.signIn('technician', '8642')).session?.role).toBe('technician');
  });

  it('the key and door files named in the venue config drive staff access and the door tilt', async () => {
    const dir = tempDir();
    const keyFile = path.join(dir, 'key');
    const doorFile = path.join(dir, 'door');
    writeFileSync(keyFile, '0\n');
    writeFileSync(doorFile, '0\n');
    const config = { ...OS_APPROVED, inputs: { operatorKeyFile: keyFile, doorFile } };
    const r = await startCabinet({ journalPath: path.join(dir, 'j.sqlite'), config, env: {}, log: () => undefined });
    running.push(r);
    expect(r.staff.status()).toMatchObject({ keyOn: false, doorOpen: false, session: null });
    writeFileSync(keyFile, '1\n');
    await staffStatus(r, (s) => s.keyOn);
    await r.staff.setPin('technician', '2468');
    await r.staff.signIn('technician', '2468');
    expect(r.staff.session()).toBe('technician');
    writeFileSync(doorFile, '1\n');
    await staffStatus(r, (s) => s.doorOpen);
    expect(r.cabinet.snapshot().tilts.map((t) => t.kind)).toEqual(['door-open']);
    writeFileSync(keyFile, '0\n');
    await staffStatus(r, (s) => !s.keyOn && s.session === null);
    const staffEvents = r.cabinet
      .events({ limit: 50 })
      .filter((e) => e.kind === 'staff')
      .map((e) => e.message);
    expect(staffEvents).toContainEqual({ code: 'key-switch', on: true });
    expect(staffEvents).toContainEqual({
      code: 'staff-signed-out',
      role: 'technician',
      why: 'key-off',
      idleS: null,
      by: null,
    });
    expect(JSON.stringify(staffEvents)).not.toContain('2468');
  });

  it('BACCARAT_OPERATOR_KEY_FILE overrides the config; a missing file is a key-switch fault and the key counts as off', async () => {
    const dir = tempDir();
    const keyFile = path.join(dir, 'absent-key');
    const r = await startCabinet({
      journalPath: path.join(dir, 'j.sqlite'),
      env: { BACCARAT_OPERATOR_KEY_FILE: keyFile },
      log: () => undefined,
    });
    running.push(r);
    expect(r.staff.keyOn()).toBe(false);
    const tilt = r.cabinet.snapshot().tilts.find((t) => t.source === 'key-switch');
    expect(tilt?.kind).toBe('device-fault');
    expect(tilt?.reasonCode).toMatchObject({
      deviceDetail: { code: 'switch-unreadable', switch: 'key-switch', file: keyFile, osCode: 'ENOENT' },
    });
    // The file appears: the fault clears by itself and the key reads on.
    const cleared = new Promise<void>((resolve) => {
      const off = r.cabinet.subscribe((event) => {
        if (event.type === 'tilt' && !event.tilts.some((t) => t.source === 'key-switch')) {
          off();
          resolve();
        }
      });
    });
    writeFileSync(keyFile, '1');
    await cleared;
    await staffStatus(r, (s) => s.keyOn);
  });
});
