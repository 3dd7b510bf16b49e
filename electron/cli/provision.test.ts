import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPinHasher, isPinHash } from '../core/staff/pin-hash.ts';
import { createStaffAccess, type StaffAccess } from '../core/staff/staff-access.ts';
import { tempJournalPath } from '../testing/fixtures.ts';
import { Journal } from '../storage/journal.ts';

const root = join(import.meta.dirname, '..', '..');
const node = join(root, 'node_modules', '.bin', 'node');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs the provisioning command as a technician would, with `stdin` piped in (not a terminal). */
function provision(args: readonly string[], stdin = '', env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const clean = { ...process.env };
    delete clean.BACCARAT_JOURNAL;
    delete clean.BACCARAT_OPERATOR_KEY_FILE;
    const child = spawn(node, ['electron/cli/provision.ts', ...args], { cwd: root, env: { ...clean, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
    child.stdin.end(stdin);
  });
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** A cabinet's journal with its staff access running, and the operator key input file. */
function cabinet(key: '0' | '1'): { journalPath: string; keyFile: string; journal: Journal; staff: StaffAccess } {
  const tmp = tempJournalPath('provision-');
  const journal = Journal.open(tmp.path);
  const keyFile = join(tmp.dir, 'operator-key');
  writeFileSync(keyFile, `${key}\n`);
  const staff = createStaffAccess({
    store: journal.staff,
    hasher: createPinHasher(),
    clock: () => new Date(),
    schedule: () => () => undefined,
    idleSignOutMs: 300_000,
    keyOn: true,
  });
  cleanups.push(() => {
    staff.close();
    journal.close();
    tmp.cleanup();
  });
  return { journalPath: tmp.path, keyFile, journal, staff };
}

const staffRows = (journal: Journal) =>
  journal
    .events({ limit: 100 })
    .filter((e) => e.kind === 'staff')
    .map((e) => e.message);

describe('npm run provision (docs/cabinet-rules.md#operator-menu-and-key-switch)', () => {
  it('with the key on, sets the PIN in the journal with its event; the running cabinet signs in with it at once', async () => {
    const c = cabinet('1');
    await expect(c.staff.signIn('technician', '2468')).rejects.toMatchObject({ code: 'no-pin' });
    const run = await provision(
      ['--role', 'technician', '--journal', c.journalPath, '--key-file', c.keyFile],
      '2468\n2468\n',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^technician PIN provisioned in /);
    expect(staffRows(c.journal)).toContainEqual({ code: 'staff-pin-provisioned', role: 'technician' });
    const words = c.journal.events({ limit: 100 }).map((e) => JSON.stringify(e.message));
    expect(words.join('\n')).not.toContain('2468');
    await expect(c.staff.signIn('attendant', '2468')).rejects.toMatchObject({ code: 'no-pin' });
    expect((await c.staff.signIn('technician', '2468')).session?.role).toBe('technician');
  });

  it('refuses with the key off, or two different PINs, and writes nothing', async () => {
    const off = cabinet('0');
    const refused = await provision(
      ['--role', 'technician', '--journal', off.journalPath, '--key-file', off.keyFile],
      '2468\n2468\n',
    );
    expect([refused.code, refused.stderr.trim().split('\n').length]).toEqual([2, 1]);
    expect(refused.stderr).toMatch(/operator key is off .*needs "1"/);
    const on = cabinet('1');
    const differ = await provision(
      ['--role', 'attendant', '--journal', on.journalPath, '--key-file', on.keyFile],
      '1357\n1358\n',
    );
    expect(differ.code).toBe(2);
    expect(differ.stderr).toMatch(/the two PINs differ/);
    for (const c of [off, on]) {
      expect(staffRows(c.journal)).toEqual([]);
      expect(c.staff.status().roles).toMatchObject({ technician: { pinSet: false }, attendant: { pinSet: false } });
    }
  });

  it.each([
    [['--role', 'technician', '--bogus'], /unknown flag "--bogus"/],
    [['--role', 'boss', '--journal', '/tmp/x.sqlite'], /--role must be technician or attendant, got "boss"/],
    [['--role', 'technician', '--journal', '/nonexistent/j.sqlite'], /its folder \/nonexistent does not exist/],
    [['--role', 'technician', '--journal', '/tmp/no-such-journal.sqlite'], /there is no journal at/],
    [['--role', 'technician'], /BACCARAT_JOURNAL="": the path is empty/],
    [['--role', 'technician', '--journal', ':memory:'], /":memory:" keeps the journal in RAM/],
  ])('bad input %j: one line on stderr and exit 2 within 5 s', async (args, words) => {
    const run = await provision(args, '2468\n2468\n');
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(words);
    expect(run.ms).toBeLessThan(5_000);
  });

  it('--print-hash prints a hash for the installation file that verifies the PIN, and writes nothing', async () => {
    const run = await provision(['--print-hash'], '864209\n864209\n');
    expect(run.code).toBe(0);
    const hash = run.stdout.trim();
    expect(isPinHash(hash)).toBe(true);
    expect(await createPinHasher().verify('864209', hash)).toBe(true);
    expect(hash).not.toContain('864209');
  });
});
