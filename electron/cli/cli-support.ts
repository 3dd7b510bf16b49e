/**
 * The shared shape of every command-line tool and emulator (auditors, technicians, CI):
 * `--help` prints usage; with `--json` the last line printed is JSON; any error is one clear
 * line on stderr and exit code 2. A bad flag, a bad path and a missing or busy serial port
 * are all found before anything starts, so a tool fails within seconds instead of waiting
 * for a device that cannot come (docs/cabinet-rules.md#tools-fail-fast).
 */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { serialPathProblem } from '../app/device-path.ts';
import type { SideBet } from '../core/engine/side-bets.ts';
import { parseRuleProfile, VARIANTS, type RuleProfile, type Variant } from '../core/engine/rule-profile.ts';

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
    const message = unknownFlagLine(error, spec.options) ?? (error instanceof Error ? error.message : String(error));
    process.stderr.write(`${spec.name}: ${message.split('\n')[0]} (see --help)\n`);
    process.exitCode = 2;
  }
}

/** parseArgs' "Unknown option" in words that also list the flags there are; null for any other error. */
function unknownFlagLine(error: unknown, options: Options): string | null {
  if ((error as { code?: unknown } | null)?.code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return null;
  const given = /'([^']+)'/.exec((error as Error).message)?.[1] ?? '?';
  const flags = Object.entries(options).map(([name, option]) => `--${name}${option.type === 'string' ? ' VALUE' : ''}`);
  return `unknown flag "${given}"; the flags are ${[...flags, '--help'].join(', ')}`;
}

/** How long a port's trial open may take: well inside the 5 s a tool has to fail in. */
const PORT_OPEN_TIMEOUT_MS = 2_000;

/**
 * A serial port flag, checked before anything starts: the path is a serial device this process may open
 * (app/device-path.ts), and no other process holds it. Busy means its lock is taken: the `serialport`
 * package locks every port it opens (flock), so the port is opened once, with that lock, and closed again.
 */
export async function serialPortFlag(flag: string, path: string): Promise<string> {
  if (path.trim() === '') throw new UsageError(`--${flag} must be a serial port path (e.g. /dev/ttyUSB0)`);
  const problem = serialPathProblem(path);
  if (problem) throw new UsageError(`--${flag}: ${problem.message}`);
  const { SerialPort } = await import('serialport');
  const port = new SerialPort({ path, baudRate: 9600, autoOpen: false, lock: true });
  let timer: NodeJS.Timeout | undefined;
  const opened = new Promise<Error | null>((resolve) => port.open((error) => resolve(error ?? null)));
  const late = new Promise<Error>((resolve) => {
    timer = setTimeout(() => resolve(new Error(`no answer within ${PORT_OPEN_TIMEOUT_MS} ms`)), PORT_OPEN_TIMEOUT_MS);
  });
  const error = await Promise.race([opened, late]);
  clearTimeout(timer);
  if (port.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
  if (error === null) return path;
  if (/lock/i.test(error.message)) {
    throw new UsageError(
      `--${flag}: ${path} is busy: another process holds it (stop that process, or name a free port)`,
    );
  }
  throw new UsageError(`--${flag}: cannot open ${path} (${error.message}); it must be a serial port you may open`);
}

/** Each named serial port flag that has a value, as serialPortFlag checks it. */
export async function serialPortFlags(
  values: Readonly<Record<string, unknown>>,
  flags: readonly string[],
): Promise<void> {
  for (const flag of flags) {
    const value = values[flag];
    if (typeof value === 'string') await serialPortFlag(flag, value);
  }
}

/** A flag naming a file that must exist: a regular file, not a folder or a device. */
export function existingFileFlag(flag: string, path: string): string {
  if (path.trim() === '') throw new UsageError(`--${flag} must be the path of a file`);
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) throw new UsageError(`--${flag}: there is no file at ${path}`);
  if (!stats.isFile()) throw new UsageError(`--${flag}: ${path} is not a regular file`);
  return path;
}

/** A flag naming a folder that must exist. */
export function existingFolderFlag(flag: string, path: string): string {
  if (!statSync(path, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(`--${flag} must name an existing folder, got "${path}"`);
  }
  return path;
}

/** A flag naming something this tool creates (a file, a socket): its folder must exist and take writes. */
export function newPathFlag(flag: string, path: string): string {
  if (path.trim() === '') throw new UsageError(`--${flag} must be a path`);
  const folder = dirname(path);
  try {
    if (!statSync(folder).isDirectory()) throw new Error('not a folder');
    accessSync(folder, constants.W_OK);
  } catch {
    throw new UsageError(`--${flag}: ${path} cannot be created: its folder ${folder} must exist and be writable`);
  }
  return path;
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

/** Parses --variant: how a Banker win pays (docs/rules.md#variants), commission when absent. */
export function variantFlag(text: string | undefined): Variant {
  if (text === undefined) return 'commission';
  const variant = VARIANTS.find((v) => v === text);
  if (variant === undefined) throw new UsageError(`--variant must be ${VARIANTS.join(', ')}, got "${text}"`);
  return variant;
}

/** Parses --lucky6-three-card: Lucky 6 pays 20:1 or 23:1 on a three-card Banker 6, 20 when absent. */
export function lucky6ThreeCardFlag(text: string | undefined): 20 | 23 {
  if (text !== undefined && text !== '20' && text !== '23') {
    throw new UsageError(
      `--lucky6-three-card must be 20 or 23 (Lucky 6 pays 20:1 or 23:1 on a three-card 6), got "${text}"`,
    );
  }
  return text === '23' ? 23 : 20;
}

/** The rule-profile flags every game tool takes, with their usage lines. */
export const RULE_FLAGS = {
  'tie-pays': { type: 'string' },
  variant: { type: 'string' },
  'lucky6-three-card': { type: 'string' },
} as const;

export const RULE_FLAGS_USAGE = `  --tie-pays N      Tie pays N to 1: 8 or 9 (default 8)
  --variant NAME    commission (Banker 19:20, default), no-commission (a winning Banker 6 pays 1:2,
                    the half rounded down to the cent) or ez (a winning three-card Banker 7 pushes)
  --lucky6-three-card N
                    Lucky 6 on a three-card Banker 6 pays N to 1: 20 or 23 (default 20)`;

/** The rule profile the --decks, --tie-pays, --variant and --lucky6-three-card flags describe. */
export function ruleProfileFromFlags(
  id: string,
  decks: number,
  values: { 'tie-pays'?: string; variant?: string; 'lucky6-three-card'?: string },
): RuleProfile {
  return parseRuleProfile({
    id,
    decks,
    tiePays: tiePaysFlag(values['tie-pays']),
    bankerCommissionPercent: 5,
    variant: variantFlag(values.variant),
    lucky6ThreeCardPays: lucky6ThreeCardFlag(values['lucky6-three-card']),
  });
}

/** A side bet's snake_case JSON key, e.g. ('rtp', 'lucky-6') → rtp_lucky_6; ('', 'lucky-6') → lucky_6. */
export function sideBetJsonKey(prefix: string, bet: SideBet): string {
  const key = bet.replaceAll('-', '_');
  return prefix === '' ? key : `${prefix}_${key}`;
}

/** Prints the final JSON line (the contract: it is the last line on stdout). */
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value) + '\n');
}
