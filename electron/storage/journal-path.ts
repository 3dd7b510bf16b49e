/**
 * Where the journal file lives. Electron main passes its userData folder as the
 * default; a `--journal PATH` flag or the BACCARAT_JOURNAL environment variable
 * overrides it (tests, the browser host, technicians), the flag first.
 */
import { isAbsolute, join, resolve } from 'node:path';

export const JOURNAL_FILE_NAME = 'cabinet-journal.sqlite';
export const JOURNAL_ENV = 'BACCARAT_JOURNAL';

export class JournalPathError extends Error {
  override readonly name = 'JournalPathError';
}

export function resolveJournalPath(options: {
  readonly argv?: readonly string[];
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The folder used when neither the flag nor the variable is set (Electron: app.getPath('userData')). */
  readonly defaultDir: string;
  readonly cwd?: string;
}): string {
  const argv = options.argv ?? [];
  const cwd = options.cwd ?? process.cwd();
  let fromFlag: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--journal') {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--') || next.trim() === '') {
        throw new JournalPathError('--journal needs a file path, e.g. --journal /var/lib/cabinet/journal.sqlite');
      }
      fromFlag = next;
    } else if (arg.startsWith('--journal=')) {
      fromFlag = arg.slice('--journal='.length);
      if (fromFlag.trim() === '') throw new JournalPathError('--journal= needs a file path after the =');
    }
  }
  const fromEnv = options.env?.[JOURNAL_ENV];
  const chosen = fromFlag ?? (fromEnv !== undefined && fromEnv.trim() !== '' ? fromEnv : undefined);
  if (chosen !== undefined) {
    if (chosen === ':memory:')
      throw new JournalPathError('the journal must be a file on disk, not :memory: (it must survive a power loss)');
    return isAbsolute(chosen) ? chosen : resolve(cwd, chosen);
  }
  return join(options.defaultDir, JOURNAL_FILE_NAME);
}
