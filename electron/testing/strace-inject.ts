/**
 * Disk faults injected from outside the process (docs/cabinet-rules.md#damaged-journal): runs a script
 * with the pinned Node under `strace -f -P <file> -e inject=pread64:error=EIO:when=<calls>`, so every read
 * of that one file whose call number is in `when` fails with EIO in the kernel's answer, while the
 * process's own code is the production code. `when` is strace's syntax: `3` (the third read only),
 * `2..5`, `1+` (every read from the first on).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const node = join(root, 'node_modules', '.bin', 'node');

/** Why strace cannot inject here, or null (the tests say so instead of passing silently). */
export function straceMissing(): string | null {
  const probe = spawnSync('strace', ['-qq', '-o', '/dev/null', '-e', 'inject=getpid:retval=1', 'true']);
  if (probe.error) return `strace is not installed (${probe.error.message})`;
  return probe.status === 0 ? null : `strace cannot trace here: ${probe.stderr.toString().trim().split('\n')[0]}`;
}

/** The strace words that trace `call` on `file` only and inject `inject` into it. */
function injectInto(file: string, call: string, inject: string): string[] {
  return ['-f', '-qq', '-o', '/dev/null', '-P', file, '-e', `trace=${call}`, '-e', `inject=${call}:${inject}`];
}

/** The strace words that fail the reads of `file` numbered `when` with EIO. */
export function eioOnReads(file: string, when: string): string[] {
  // --seccomp-bpf: the kernel stops the process only at the traced call, not at every system call.
  return ['--seccomp-bpf', ...injectInto(file, 'pread64', `error=EIO:when=${when}`)];
}

/**
 * The strace words that SIGKILL the process as its positioned write to `file` numbered `when` starts: the
 * write is skipped (EIO) and the process never runs on. Without --seccomp-bpf: with it, this strace leaves the
 * signal undelivered.
 */
export function killOnWrites(file: string, when: string): string[] {
  return injectInto(file, 'pwrite64', `error=EIO:signal=KILL:when=${when}`);
}

/** Starts `script` (relative to the repository) with the pinned Node and no fault. */
export function spawnScript(script: string, env: Readonly<Record<string, string>>): ChildProcess {
  return spawn(node, [script], { cwd: root, env: { ...process.env, ...env } });
}

/** Starts `script` (relative to the repository) under strace with EIO on the reads of `file` numbered `when`. */
export function spawnWithEio(
  script: string,
  file: string,
  when: string,
  env: Readonly<Record<string, string>>,
  args: readonly string[] = [],
): ChildProcess {
  return spawn('strace', [...eioOnReads(file, when), node, script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
  });
}

/**
 * Sends `signal` to the process strace runs, not to strace: strace detaches on SIGTERM and leaves it running.
 */
export function signalTraced(strace: ChildProcess, signal: NodeJS.Signals): void {
  const pid = Number(
    execFileSync('pgrep', ['-P', String(strace.pid)])
      .toString()
      .trim()
      .split('\n')[0],
  );
  process.kill(pid, signal);
}

export interface ChildOutcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Waits for the child to end and collects what it printed. */
export function outcomeOf(child: ChildProcess): Promise<ChildOutcome> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
