import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { healthCutoffs } from '../core/math/health-cutoffs.ts';
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
    // Every generate request is preceded by a reseed; a round makes one 32-byte request, and a second
    // one in about one six-card round in 47,000 whose bytes run out (docs/rng.md#the-fast-hmac).
    expect(report.reseeds).toBe(report.requests);
    expect(report.requests).toBeGreaterThanOrEqual(report.rounds);
    expect(report.requests).toBeLessThanOrEqual(report.rounds + 5);
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

  it('--workers 2: four lockstep DRBGs per worker from independent entropy, tallies merged; the JSON states path, rounds/s, workers and lanes', () => {
    const { status, stdout } = run(['--draws', '20000', '--workers', '2', '--json']);
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(report.workers).toBe(2);
    expect(report.lanes).toBe(4);
    expect(report.path).toBe(
      'hmac-drbg-sha256 fast, 4 lockstep instances (wasm simd), prediction resistance, reseed every round',
    );
    expect(report.cards).toBeGreaterThanOrEqual(20000);
    expect(report.roundsPerSecond).toBeGreaterThan(0);
    expect(report.reseeds).toBe(report.requests); // every lane reseeds before every request
    expect(report.requests).toBeGreaterThanOrEqual(report.rounds);
    // Each worker's last lockstep request may fill up to three blocks no round used, plus the rare second requests.
    expect(report.requests).toBeLessThanOrEqual(report.rounds + 2 * 3 + 5);
    expect(report.tests.every((t: { n: number }) => t.n > 0)).toBe(true);
    expect(status).toBe(report.pass ? 0 : 1);
  });

  it('--lanes 1: the single DRBG, one request per round', () => {
    const { status, stdout } = run(['--draws', '10000', '--workers', '1', '--lanes', '1', '--json']);
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(report.lanes).toBe(1);
    expect(report.path).toBe('hmac-drbg-sha256 fast, prediction resistance, reseed every round');
    expect(report.reseeds).toBe(report.requests);
    expect(report.requests).toBeGreaterThanOrEqual(report.rounds);
    expect(report.requests).toBeLessThanOrEqual(report.rounds + 5);
    expect(report.tests.every((t: { n: number }) => t.n > 0)).toBe(true);
    expect(status).toBe(report.pass ? 0 : 1);
  });

  it.each([
    [['--draws', '1000', '--workers', '0'], /--workers must be from 1 to \d+, got 0/],
    [['--draws', '1000', '--workers', 'all'], /--workers must be a whole number from 1 to \d+/],
    [['--draws', '1000', '--workers', '2', '--port', '/dev/null'], /--workers must be 1 with --port/],
    [['--draws', '1000', '--lanes', '2'], /--lanes must be 1 or 4, got 2/],
    [['--draws', '1000', '--lanes', '4', '--port', '/dev/null'], /--lanes must be 1 with --port/],
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

describe('rng-report --assess (docs/rng.md#assessing-the-sources-min-entropy: SP 800-90B §6.3 on a capture)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rng-assess-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, bytes: Uint8Array) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };

  it('prints every estimator, the minimum, the setting to configure and the cutoffs it implies', () => {
    const path = file('random.bin', new Uint8Array(randomBytes(20_000)));
    const { status, stdout, stderr } = run(['--assess', path, '--json']);
    expect(status).toBe(0);
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(report.samples).toBe(20_000);
    const sections = new Set(report.estimators.map((e: { section: string }) => e.section));
    expect([...sections].sort()).toEqual([
      '6.3.1',
      '6.3.10',
      '6.3.2',
      '6.3.3',
      '6.3.4',
      '6.3.5',
      '6.3.6',
      '6.3.7',
      '6.3.8',
      '6.3.9',
    ]);
    const perSample = report.estimators
      .filter((e: { perSample: number | null }) => e.perSample !== null)
      .map((e: { perSample: number }) => e.perSample);
    expect(report.minEntropy).toBeCloseTo(Math.min(...perSample), 12);
    expect(report.minEntropyBitsPerByte).toBe(Math.floor(report.minEntropy * 100) / 100);
    expect(report.healthTests).toEqual(healthCutoffs(report.minEntropyBitsPerByte, 30));
    // Fewer than the 1,000,000 samples SP 800-90B asks for: assessed, with a warning.
    expect(report.warnings).toHaveLength(1);
    expect(stderr).toMatch(/warning: only 20000 samples/);
  });

  it('--alpha-log2 20 gives the cutoffs at α = 2^-20, and the text report names them', () => {
    const path = file('random-text.bin', new Uint8Array(randomBytes(20_000)));
    const { status, stdout } = run(['--assess', path, '--alpha-log2', '20']);
    expect(status).toBe(0);
    const setting = Number(/minEntropyBitsPerByte = ([\d.]+)/.exec(stdout)![1]);
    const cutoffs = healthCutoffs(setting, 20);
    expect(stdout).toContain(
      `α = 2^-20): repetition count ${cutoffs.repetitionCount}, adaptive proportion ${cutoffs.adaptiveProportion} in a window of 512`,
    );
  });

  it.each([
    ['stuck', new Uint8Array(20_000).fill(0x42)],
    ['one value 19 times in 20', Uint8Array.from({ length: 20_000 }, (_, i) => (i % 20 === 0 ? (i / 20) & 0xff : 0))],
  ])('a %s capture is below the lowest setting (0.5): exit 1, no setting and no cutoffs', (name, bytes) => {
    const { status, stdout } = run(['--assess', file(`${name}.bin`, bytes), '--json']);
    expect(status).toBe(1);
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(report.minEntropy).toBeLessThan(0.5);
    expect(report.minEntropyBitsPerByte).toBeNull();
    expect(report.healthTests).toBeNull();
    expect(run(['--assess', file(`${name}-text.bin`, bytes)]).stdout).toMatch(
      /below 0.5 bits per sample.*must not be used/,
    );
  });

  it.each([
    [['--assess', join(tmpdir(), 'no-such-capture.bin')], /--assess: there is no file at/],
    [['--assess', 'SMALL'], /holds 9999 samples; at least 10000 are needed/],
    [['--assess', 'OK', '--bits', '9'], /--bits must be from 1 to 8/],
    [['--assess', 'OK', '--bits', '4'], /sample \d+ is \d+, which does not fit in 4 bits/],
    [['--assess', 'OK', '--alpha-log2', '19'], /--alpha-log2 must be from 20 to 40/],
    [['--assess', 'OK', '--draws', '1000'], /--draws cannot be used with --assess/],
    [['--draws', '1000', '--bits', '8'], /--bits cannot be used with --draws/],
  ])('bad input %j → one line on stderr, exit 2', (args, message) => {
    const paths: Record<string, string> = {
      SMALL: file('small.bin', new Uint8Array(randomBytes(9_999))),
      OK: file(
        'ok.bin',
        Uint8Array.from({ length: 10_000 }, (_, i) => (i * 37) & 0xff),
      ),
    };
    const { status, stderr } = run(args.map((a) => paths[a] ?? a));
    expect(status).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('rng-report --capture (raw bytes from a serial RNG into a file)', () => {
  it('reads N bytes from the RNG (emulator on a socat pty) into a new file, which --assess then reads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rng-capture-'));
    const socat = createSocatPair();
    await socat.start();
    const emulator = await startRngEmulatorProcess(socat.a, 'good');
    try {
      const path = join(dir, 'capture.bin');
      const child = spawn(process.execPath, [CLI, '--capture', path, '--port', socat.b, '--bytes', '30000'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(status).toBe(0);
      expect(stderr).toMatch(/captured 30000 bytes/);
      expect(statSync(path).size).toBe(30_000);
      expect(existsSync(`${path}.partial`)).toBe(false);
      expect(new Set(readFileSync(path)).size).toBeGreaterThan(200); // the emulator's good mode: all byte values
      const again = run(['--capture', path, '--port', socat.b, '--bytes', '10']);
      expect(again.status).toBe(2);
      expect(again.stderr).toMatch(/already exists/);
    } finally {
      await emulator.stop();
      await socat.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [['--capture', 'x.bin', '--bytes', '10'], /--capture needs --port PATH/],
    [['--capture', 'x.bin', '--port', '/dev/null-rng', '--bytes', '0'], /--bytes must be from 1 to/],
    [['--capture', 'x.bin', '--port', '/dev/null-rng'], /--bytes is required/],
  ])('bad input %j → one line on stderr, exit 2', (args, message) => {
    const { status, stderr } = run(args);
    expect(status).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});
