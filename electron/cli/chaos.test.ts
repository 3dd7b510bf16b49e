import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

const chaos = (...args: string[]) => runCli('electron/cli/chaos.ts', ...args);

describe('chaos CLI flags', () => {
  it('refuses a --faults value other than "storage" with one stderr line and exit 2', async () => {
    const run = await chaos('--faults', 'disk', '--kills', '1');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/--faults must be "storage".*got "disk"/);
  });

  it('refuses an empty --faults value the same way', async () => {
    const run = await chaos('--faults=', '--kills', '1');
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('chaos --stadium flags', () => {
  it('refuses --terminals without --stadium, naming the flag it belongs to', async () => {
    const run = await chaos('--terminals', '4', '--kills', '1');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--terminals belongs to --stadium/);
  });

  it('refuses --stadium with --faults, and a --terminals out of range, before anything starts', async () => {
    const faults = await chaos('--stadium', '--faults', 'storage', '--kills', '1');
    expect(faults.code).toBe(2);
    expect(faults.stderr).toMatch(/--faults cannot be combined with --stadium/);
    const many = await chaos('--stadium', '--terminals', '0', '--kills', '1');
    expect(many.code).toBe(2);
    expect(many.stderr).toMatch(/--terminals/);
  });
});
