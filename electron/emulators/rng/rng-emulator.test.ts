import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runRngEmulator } from './rng-emulator.ts';

const EMULATOR = fileURLToPath(new URL('./rng-emulator.ts', import.meta.url));

describe('RNG emulator process', () => {
  it('refuses a mode it does not know', async () => {
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
