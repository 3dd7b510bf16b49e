import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// The pinned Node (24.x) from the `node` devDependency, as every npm script uses.
const node = join(root, 'node_modules', '.bin', 'node');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The last line of stdout (where `--json` puts its object), '' when stdout is empty. */
  last: string;
  /** True when the child was still running at the deadline and was killed (runCliKilledAfter only). */
  killed: boolean;
}

/**
 * Runs a CLI script (a path relative to the repository root, e.g. `electron/cli/round.ts`) as a child process with
 * the pinned Node; resolves with its exit code and output.
 */
export function runCli(script: string, ...args: string[]): Promise<CliRun> {
  return run(null, script, args);
}

/**
 * As runCli, but a child still running after `deadlineMs` is killed (SIGKILL): a tool that should have failed fast
 * and hangs instead ends with code null and `killed`, so the test fails on what it checks, never on a timing.
 */
export function runCliKilledAfter(deadlineMs: number, script: string, ...args: string[]): Promise<CliRun> {
  return run(deadlineMs, script, args);
}

function run(deadlineMs: number | null, script: string, args: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [script, ...args], { cwd: root });
    let stdout = '';
    let stderr = '';
    let killed = false;
    const timer =
      deadlineMs === null
        ? null
        : setTimeout(() => {
            killed = true;
            child.kill('SIGKILL');
          }, deadlineMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      const lines = stdout.trimEnd().split('\n');
      resolve({ code, stdout, stderr, last: lines[lines.length - 1] ?? '', killed });
    });
  });
}
