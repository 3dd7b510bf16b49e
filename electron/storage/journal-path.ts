/**
 * The one resolver for the journal's location (`BACCARAT_JOURNAL` in the kiosk's systemd unit,
 * `--journal` of the browser host). SQLite accepts names that silently give up durability —
 * `:memory:` and an empty name are private in-RAM databases, a `file:` URI can carry
 * `mode=memory` or `vfs=` options — and a relative path depends on the working directory a unit
 * happens to start in. Each would run a cabinet whose money survives no power loss and raises
 * no tilt, so they are refused before anything opens (docs/cabinet-rules.md#damaged-journal).
 */
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

export class JournalPathError extends Error {
  override readonly name = 'JournalPathError';
}

const ALLOWED =
  'an absolute path to a journal file (e.g. /var/lib/baccarat/journal.sqlite) in an existing, writable folder';

/**
 * Returns the normalised absolute path, or throws JournalPathError naming `source`, the value
 * and what is allowed. `relativeFrom`: a command line flag may be relative to the caller's
 * working directory (it is resolved against it); an environment variable may not.
 */
export function resolveJournalPath(
  value: string | undefined,
  source: string,
  options: { readonly relativeFrom?: string } = {},
): string {
  const refuse = (why: string): never => {
    throw new JournalPathError(`${source}=${JSON.stringify(value ?? '')}: ${why}; allowed: ${ALLOWED}`);
  };
  if (value === undefined || value.trim() === '')
    return refuse('the path is empty (SQLite would keep the journal in RAM)');
  if (value.includes('\0')) return refuse('the path holds a NUL character');
  if (value.trim().toLowerCase() === ':memory:')
    return refuse('":memory:" keeps the journal in RAM, it survives no power loss');
  if (/^file:/i.test(value.trim()))
    return refuse('SQLite URIs ("file:…") are not accepted (they can select RAM or another VFS)');
  if (value !== value.trim()) return refuse('the path starts or ends with white space');
  let absolute: string;
  if (path.isAbsolute(value)) absolute = path.normalize(value);
  else if (options.relativeFrom !== undefined) absolute = path.resolve(options.relativeFrom, value);
  else return refuse('a relative path depends on the working directory the service starts in');
  const folder = path.dirname(absolute);
  let isFolder = false;
  try {
    isFolder = statSync(folder).isDirectory();
  } catch {
    return refuse(`its folder ${folder} does not exist`);
  }
  if (!isFolder) return refuse(`${folder} is not a folder`);
  try {
    accessSync(folder, constants.W_OK | constants.X_OK);
  } catch {
    return refuse(`its folder ${folder} is not writable by this process`);
  }
  return absolute;
}

/**
 * Where the second copy of critical memory lives (docs/cabinet-rules.md#critical-memory):
 * `BACCARAT_CRITICAL_COPY` when the installation sets it, else the venue config's
 * `journal.criticalCopyPath` (another device, so the journal and the copy do not fail together), else
 * `<journal>.critical` beside the journal. Validated like the journal path; the copy may not be the
 * journal itself.
 */
export function criticalCopyPathFor(
  journalPath: string,
  fromVenue: string | null,
  fromEnv: string | undefined = process.env.BACCARAT_CRITICAL_COPY,
): string {
  if (fromEnv !== undefined) return resolveCriticalCopyPath(journalPath, fromEnv, 'BACCARAT_CRITICAL_COPY');
  if (fromVenue !== null) return resolveCriticalCopyPath(journalPath, fromVenue, 'journal.criticalCopyPath');
  return resolveCriticalCopyPath(journalPath, undefined);
}

/** One configured copy path (or none: beside the journal), validated; `source` names it in the error. */
export function resolveCriticalCopyPath(
  journalPath: string,
  configured: string | undefined = process.env.BACCARAT_CRITICAL_COPY,
  source = 'BACCARAT_CRITICAL_COPY',
): string {
  if (configured === undefined) return `${journalPath}.critical`;
  const resolved = resolveJournalPath(configured, source);
  if (resolved === path.normalize(journalPath))
    throw new JournalPathError(
      `${source}=${JSON.stringify(configured)}: it is the journal itself; allowed: a separate file, ideally on another device`,
    );
  return resolved;
}
