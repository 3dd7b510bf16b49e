import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HMAC_DRBG_SHA256_CAVP } from '../certification/cavp-vectors.ts';

const CLI = fileURLToPath(new URL('./drbg-kat.ts', import.meta.url));

function run(args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('drbg-kat CLI (NIST CAVP HMAC_DRBG SHA-256, no PR, no additional input)', () => {
  it.each(HMAC_DRBG_SHA256_CAVP.map((v) => [v.name, v] as const))('prints the CAVP ReturnedBits: %s', (_n, v) => {
    const args = ['--entropy', v.entropy, '--nonce', v.nonce, '--json'];
    if (v.personalization) args.push('--personalization', v.personalization);
    const { code, stdout, stderr } = run(args);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const last = stdout.trim().split('\n').at(-1)!;
    expect(JSON.parse(last)).toEqual({ returned_bits: v.returnedBits });
  });

  it.each(
    (['reference', 'lockstep'] as const).flatMap((path) =>
      HMAC_DRBG_SHA256_CAVP.map((v) => [path, v.name, v] as const),
    ),
  )('prints the same CAVP ReturnedBits with --hmac %s: %s', (path, _n, v) => {
    const args = ['--entropy', v.entropy, '--nonce', v.nonce, '--hmac', path, '--json'];
    if (v.personalization) args.push('--personalization', v.personalization);
    const { code, stdout } = run(args);
    expect(code).toBe(0);
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ returned_bits: v.returnedBits });
  });

  it('--help prints usage and exits 0', () => {
    const { code, stdout } = run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/--entropy HEX/);
  });

  it.each([
    [['--nonce', '00'.repeat(16)], /--entropy is required/],
    [['--entropy', 'zz'.repeat(32), '--nonce', '00'.repeat(16)], /--entropy must be hex/],
    [['--entropy', '0'.repeat(63), '--nonce', '00'.repeat(16)], /--entropy must be hex digits in pairs/],
    [['--entropy', '00'.repeat(31), '--nonce', '00'.repeat(16)], /--entropy must be at least 256 bits/],
    [['--entropy', '00'.repeat(32), '--nonce', '00'.repeat(15)], /--nonce must be at least 128 bits/],
    [
      ['--entropy', '00'.repeat(32), '--nonce', '00'.repeat(16), '--personalization', 'x'],
      /--personalization must be hex/,
    ],
    [['--entropy', '00'.repeat(32), '--nonce', '00'.repeat(16), '--bogus'], /unknown flag "--bogus"/],
    [
      ['--entropy', '00'.repeat(32), '--nonce', '00'.repeat(16), '--hmac', 'quick'],
      /--hmac must be fast, reference or lockstep/,
    ],
  ])('bad input %j → one line on stderr, exit 2', (args, message) => {
    const { code, stdout, stderr } = run(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});
