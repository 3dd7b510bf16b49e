/**
 * provision: sets a staff PIN at the cabinet (docs/cabinet-rules.md#operator-menu-and-key-switch). The
 * only way besides the installation file to give a role a PIN: no sign-in ever sets one. It refuses
 * unless the operator key input reads "1", so it needs the physical key as well as a shell on the
 * cabinet. The PIN is read twice from the terminal without echo (from stdin, one line each, when stdin
 * is not a terminal); the scrypt hash and its journaled event are written in one transaction, and the
 * running cabinet reads them at the role's next sign-in. `--print-hash` writes nothing: it prints the
 * hash for the installation file's BACCARAT_<ROLE>_PIN_HASH.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createPinHasher } from '../core/staff/pin-hash.ts';
import { INSTALLED_PIN_VARIABLES } from '../core/staff/installed-pins.ts';
import { isStaffRole, PIN_PATTERN, type StaffRole } from '../core/staff/staff-status.ts';
import { Journal } from '../storage/journal.ts';
import { resolveJournalPath } from '../storage/journal-path.ts';
import { runCli, UsageError } from './cli-support.ts';

const USAGE = `Usage: npm run --silent provision -- --role technician|attendant [--journal PATH] [--key-file PATH]
       npm run --silent provision -- --print-hash

Sets the role's PIN (4 to 8 digits, asked twice, never echoed) in the cabinet's journal, with an
event-log row naming the role. Run it at the cabinet with the operator key turned on; the running
cabinet uses the PIN from the role's next sign-in. When stdin is not a terminal, the PIN and its
repetition are read from it, one line each.

  --role ROLE      technician or attendant
  --journal PATH   the journal (default: BACCARAT_JOURNAL); it must exist: start the cabinet once first
  --key-file PATH  the operator key switch's input file (default: BACCARAT_OPERATOR_KEY_FILE, else the
                   venue config's inputs.operatorKeyFile stored in the journal); it must read 1
  --print-hash     print the PIN's hash for ${INSTALLED_PIN_VARIABLES.technician} or
                   ${INSTALLED_PIN_VARIABLES.attendant} in the installation file; writes nothing
  --help           this text

Exit codes: 0 the PIN is set (or the hash printed), 2 bad input or refused (nothing written).`;

/** Reads one line from a terminal without echoing it. */
function readHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    process.stderr.write(prompt);
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    let line = '';
    const done = (error: Error | null): void => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(line);
    };
    const onData = (chunk: string): void => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done(null);
        if (ch === '\u0003' || ch === '\u0004') return done(new UsageError('cancelled: nothing written'));
        if (ch === '\u007f' || ch === '\b') line = line.slice(0, -1);
        else line += ch;
      }
    };
    input.on('data', onData);
  });
}

/** The first two lines of a non-terminal stdin. */
async function readPipedLines(): Promise<[string, string]> {
  let text = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) {
    text += chunk as string;
    if (text.split('\n').length > 2) break;
  }
  const [first = '', second = ''] = text.split(/\r?\n/);
  return [first, second];
}

async function readPinTwice(): Promise<string> {
  const [pin, again] = process.stdin.isTTY
    ? [await readHidden('New PIN (4 to 8 digits): '), await readHidden('The same PIN again: ')]
    : await readPipedLines();
  if (!PIN_PATTERN.test(pin)) throw new UsageError('a PIN is 4 to 8 digits (0-9); nothing written');
  if (pin !== again) throw new UsageError('the two PINs differ; nothing written');
  return pin;
}

function journalPath(flag: string | undefined): string {
  const resolved =
    flag !== undefined
      ? resolveJournalPath(flag, '--journal', { relativeFrom: process.cwd() })
      : resolveJournalPath(process.env.BACCARAT_JOURNAL, 'BACCARAT_JOURNAL');
  if (!existsSync(resolved)) {
    throw new UsageError(`there is no journal at ${resolved}: start the cabinet once, then provision its PINs`);
  }
  return resolved;
}

/** The key input named by the flag or the environment, or null to look in the journal's venue config. */
function keyFileGiven(flag: string | undefined): string | null {
  if (flag !== undefined) return path.resolve(flag);
  return process.env.BACCARAT_OPERATOR_KEY_FILE?.trim() || null;
}

/** The key input the venue config stored in the journal names. */
function keyFileOfConfig(journal: Journal): string {
  const stored = journal.storedConfig();
  const named = stored
    ? (JSON.parse(stored.body) as { inputs?: { operatorKeyFile?: unknown } }).inputs?.operatorKeyFile
    : null;
  if (typeof named === 'string' && named !== '') return named;
  throw new UsageError(
    'no operator key input is known: pass --key-file PATH or set BACCARAT_OPERATOR_KEY_FILE (nothing written)',
  );
}

function requireKeyOn(file: string): void {
  let value: string;
  try {
    value = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new UsageError(`cannot read the operator key input ${file}: ${(error as Error).message}; nothing written`);
  }
  if (value !== '1') {
    throw new UsageError(`the operator key is off (${file} reads "${value}", needs "1"): turn it on; nothing written`);
  }
}

function roleFlag(value: string | undefined): StaffRole {
  if (value === undefined) throw new UsageError('--role is required (technician or attendant)');
  if (!isStaffRole(value)) throw new UsageError(`--role must be technician or attendant, got "${value}"`);
  return value;
}

void runCli({
  name: 'provision',
  usage: USAGE,
  options: {
    role: { type: 'string' },
    journal: { type: 'string' },
    'key-file': { type: 'string' },
    'print-hash': { type: 'boolean' },
  },
  main: async ({ values, positionals }) => {
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const hasher = createPinHasher();
    if (values['print-hash']) {
      if (values.role !== undefined || values.journal !== undefined || values['key-file'] !== undefined) {
        throw new UsageError('--print-hash takes no other flag: it writes nothing');
      }
      process.stdout.write(`${await hasher.hash(await readPinTwice())}\n`);
      return 0;
    }
    const role = roleFlag(values.role);
    const file = journalPath(values.journal);
    const given = keyFileGiven(values['key-file']);
    if (given !== null) requireKeyOn(given); // before the journal is even opened
    const journal = Journal.open(file);
    try {
      if (given === null) requireKeyOn(keyFileOfConfig(journal));
      const hash = await hasher.hash(await readPinTwice());
      journal.staff.provision(role, hash, new Date().toISOString());
    } finally {
      journal.close();
    }
    process.stdout.write(`${role} PIN provisioned in ${file}; it counts from the next sign-in\n`);
    return 0;
  },
});
