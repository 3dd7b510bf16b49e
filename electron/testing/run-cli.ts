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
}

/**
 * Runs a CLI script (a path relative to the repository root, e.g. `electron/cli/round.ts`) as a child process with
 * the pinned Node; resolves with its exit code and output.
 */
export function runCli(script: string, ...args: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [script, ...args], { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = stdout.trimEnd().split('\n');
      resolve({ code, stdout, stderr, last: lines[lines.length - 1] ?? '' });
    });
  });
}
