import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startRngEmulatorProcess } from '../testing/rng-emulator-process.ts';
import { createSocatPair } from '../emulators/socat-pair.ts';

const CLI = fileURLToPath(new URL('./rng-report.ts', import.meta.url));
const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

describe('rng-report CLI (docs/rng.md#statistical-evidence: chi-square, runs, serial correlation at 99%)', () => {
  it('deals N cards through the DRBG over OS entropy and prints every p-value and pass', () => {
    const { status, stdout } = run(['--draws', '20000', '--json']);
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(report.cards).toBeGreaterThanOrEqual(20000);
    expect(report.source).toBe('OS entropy only');
    expect(report.predictionResistance).toBe(true);
    expect(report.reseeds).toBe(report.rounds); // one prediction-resistance reseed per round (64-byte blocks)
    const names: string[] = report.tests.map((t: { name: string }) => t.name);
    expect(names.filter((n) => n.startsWith('chi-square rank frequency'))).toHaveLength(6);
    expect(names.some((n) => n.startsWith('chi-square outcomes'))).toBe(true);
    expect(names.filter((n) => n.startsWith('runs'))).toHaveLength(2);
    expect(names.filter((n) => n.startsWith('serial correlation'))).toHaveLength(2);
    for (const t of report.tests) expect(t.pValue).toBeGreaterThanOrEqual(0);
    expect(report.threshold).toBeCloseTo(0.01 / report.tests.length, 15);
    expect(report.pass).toBe(report.minPValue >= report.threshold);
    expect(status).toBe(report.pass ? 0 : 1);
  });

  it.each([
    [['--json'], /--draws is required/],
    [['--draws', '10'], /--draws must be from 1000/],
    [['--draws', 'many'], /--draws must be a whole number/],
    [['--draws', '1000', '--decks', '9'], /--decks must be from 1 to 8/],
    [['--draws', '1000', '--port', ''], /--port must be a serial port path/],
  ])('bad input %j → one line on stderr, exit 2', (args, message) => {
    const { status, stderr } = run(args);
    expect(status).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('--port: deals through the DRBG over the hardware RNG (emulator on a socat pty)', async () => {
    const socat = createSocatPair();
    await socat.start();
    const emulator = await startRngEmulatorProcess(socat.a, 'good');
    try {
      const child = spawn(process.execPath, [CLI, '--draws', '5000', '--port', socat.b, '--json'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      const report = JSON.parse(stdout.trim().split('\n').at(-1)!);
      expect(report.source).toBe(`hardware RNG on ${socat.b}`);
      expect(report.cards).toBeGreaterThanOrEqual(5000);
      expect(report.voidedRounds).toBe(0);
      expect(status).toBe(report.pass ? 0 : 1);
    } finally {
      await emulator.stop();
      await socat.dispose();
    }
  });

  it('--help explains the pass rule', () => {
    const { status, stdout } = run(['--help']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/Bonferroni/);
  });
});
