/**
 * `npm run host -- --rng-port PATH --bill-port PATH --bill-fixed-key HEX --rng-protocol … --bill-protocol …`:
 * a bad device flag stops start-up with one stderr line and exit code 2; a good port is used instead of
 * its emulator (docs/venue-config.md#device-settings).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSocatPair } from '../emulators/socat-pair.ts';
import { startRngEmulatorProcess } from '../testing/rng-emulator-process.ts';

const HOST = path.join(import.meta.dirname, 'browser-host.ts');
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'host-devices-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function host(args: string[]) {
  const journal = path.join(tempDir(), 'journal.sqlite');
  const result = spawnSync(process.execPath, [HOST, '--port', '0', '--journal', journal, ...args], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { ...result, lines: result.stderr.trimEnd().split('\n') };
}

describe('browser host device flags', () => {
  it.each([
    [['--rng-port', '/nonexistent/ttyACM0'], /^host: --rng-port: \/nonexistent\/ttyACM0 does not exist/],
    [['--bill-port', os.tmpdir()], /^host: --bill-port: .* is a directory, not a serial device/],
    [['--bill-fixed-key', '0123456701234567'], /^host: --bill-fixed-key: .*published factory default/],
    [['--bill-fixed-key', 'xyz'], /^host: --bill-fixed-key: .*exactly 16 hexadecimal digits/],
    [['--rng-protocol', 'rdrand'], /^host: --rng-protocol must be one of truerng, onerng, got "rdrand"/],
    [['--bill-protocol', 'ccnet'], /^host: --bill-protocol must be one of essp, id003, got "ccnet"/],
  ])('%j: exit 2 with one stderr line naming the flag, nothing started', (args, message) => {
    const r = host(args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatch(message);
  });

  it('a real RNG port: used instead of the emulated RNG, which is not started; the flag beats the environment', async () => {
    const pair = createSocatPair('host-devices-');
    await pair.start();
    cleanups.push(() => pair.dispose());
    const emulator = await startRngEmulatorProcess(pair.a, 'good');
    cleanups.push(() => emulator.stop());
    const journal = path.join(tempDir(), 'journal.sqlite');
    const child = spawn(process.execPath, [HOST, '--port', '0', '--journal', journal, '--rng-port', pair.b], {
      env: { ...process.env, BACCARAT_RNG_PORT: '/nonexistent/env-rng' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => stdout.includes('"url"') && resolve());
      void exited.then((code) => reject(new Error(`host exited (${code}): ${stderr}`)));
    });
    expect(stderr).toContain(`host: devices: rng ${pair.b} (truerng, from flag); bill acceptor `);
    expect(stderr).toMatch(/host: emulators: RNG not emulated, bill acceptor on /);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
