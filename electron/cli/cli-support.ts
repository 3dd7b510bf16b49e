/**
 * The shared shape of every command-line tool (auditors, technicians, CI):
 * `--help` prints usage; with `--json` the last line printed is JSON; any error is
 * one clear line on stderr and exit code 2.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

type Options = NonNullable<ParseArgsConfig['options']>;

export interface CliSpec<O extends Options> {
  /** e.g. "analyze" */
  readonly name: string;
  /** Full usage text shown by --help. */
  readonly usage: string;
  readonly options: O;
  readonly main: (
    values: ReturnType<typeof parseArgs<{ options: O; strict: true; allowPositionals: true }>>,
  ) => Promise<number | void> | number | void;
}

/** Runs a CLI: parses flags strictly, maps every thrown error to one stderr line and exit 2. */
export async function runCli<O extends Options>(spec: CliSpec<O>): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(spec.usage.trimEnd() + '\n');
    return;
  }
  try {
    const parsed = parseArgs({ args: argv, options: spec.options, strict: true, allowPositionals: true });
    const code = await spec.main(parsed);
    process.exitCode = typeof code === 'number' ? code : 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${spec.name}: ${message.split('\n')[0]} (see --help)\n`);
    process.exitCode = 2;
  }
}

/** Parses an integer flag within [min, max], with a message naming the flag and the range. */
export function intFlag(name: string, text: string | undefined, min: number, max: number, fallback?: number): number {
  if (text === undefined) {
    if (fallback !== undefined) return fallback;
    throw new UsageError(`--${name} is required (a whole number from ${min} to ${max})`);
  }
  if (!/^-?\d+$/.test(text))
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be from ${min} to ${max}, got ${text}`);
  }
  return value;
}

/** Parses --tie-pays: 8 or 9 (Tie pays 8:1 or 9:1), 8 when absent. */
export function tiePaysFlag(text: string | undefined): 8 | 9 {
  if (text !== undefined && text !== '8' && text !== '9') {
    throw new UsageError(`--tie-pays must be 8 or 9 (Tie pays 8:1 or 9:1), got "${text}"`);
  }
  return text === '9' ? 9 : 8;
}

/** Prints the final JSON line (the contract: it is the last line on stdout). */
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value) + '\n');
}
