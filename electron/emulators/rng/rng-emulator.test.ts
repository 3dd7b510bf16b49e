import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HealthTests } from '../../devices/rng/health-tests.ts';
import { emulatorChunk, isRngEmulatorMode, runRngEmulator } from './rng-emulator.ts';

const EMULATOR = fileURLToPath(new URL('./rng-emulator.ts', import.meta.url));

describe('RNG emulator modes (what each must make the health tests do, SP 800-90B §4.4)', () => {
  const firstFailure = (bytes: Uint8Array) => {
    const tests = new HealthTests();
    for (const b of bytes) {
      const f = tests.feed(b);
      if (f) return { test: f.test, at: tests.samples };
    }
    return null;
  };

  it('good passes; stuck trips the RCT at sample 9; biased trips the APT; stalled sends nothing', () => {
    expect(firstFailure(emulatorChunk('good', 100_000))).toBeNull();
    expect(firstFailure(emulatorChunk('stuck', 100))).toEqual({ test: 'repetition-count', at: 9 });
    expect(firstFailure(emulatorChunk('biased', 4096))?.test).toBe('adaptive-proportion');
    expect(emulatorChunk('stalled', 100).length).toBe(0);
  });

  it('knows its modes and refuses others', async () => {
    expect(isRngEmulatorMode('biased')).toBe(true);
    expect(isRngEmulatorMode('loud')).toBe(false);
    await expect(runRngEmulator({ port: '/nonexistent', mode: 'loud' as never })).rejects.toThrow(
      /mode must be one of/,
    );
  });

  it('as a program: bad flags give one line and exit 2; --help exits 0', () => {
    const bad = spawnSync(process.execPath, [EMULATOR, '--port', '/tmp/x', '--mode', 'loud'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/--mode must be one of good, stuck, biased, stalled/);
    const noPort = spawnSync(process.execPath, [EMULATOR], { encoding: 'utf8' });
    expect(noPort.status).toBe(2);
    expect(noPort.stderr).toMatch(/--port is required/);
    const help = spawnSync(process.execPath, [EMULATOR, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/--mode MODE/);
  });
});
