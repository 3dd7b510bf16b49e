/**
 * Journals of N rounds for the benches, built once (electron/testing/played-journal.ts) and kept under the system's
 * temp directory, keyed by N and the journal's schema version, so a second run reuses them
 * (docs/benchmarks.md#restart-after-a-power-cut). A build is written in a directory of its own and renamed into
 * place only when finished: a run killed while building leaves nothing a later run would trust.
 * `copyOf` gives a start a copy of its own (a start writes a power-up), next to the cached one.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS } from '../electron/storage/migrations.ts';
import { buildPlayedJournal } from '../electron/testing/played-journal.ts';

/** Bumped when the builder writes something different, so an old cache is not reused. */
const BUILDER_VERSION = 1;
const SCHEMA = Math.max(...MIGRATIONS.map((m) => m.version));
export const JOURNAL_CACHE_DIR = path.join(os.tmpdir(), 'baccarat-bench-journals');

export interface CachedJournal {
  readonly path: string;
  /** Seconds the build took, or null when the cache had it. */
  readonly builtSeconds: number | null;
}

/** The cached journal of `rounds` rounds, built first when missing. */
export function cachedJournal(rounds: number, log: (line: string) => void = () => {}): CachedJournal {
  const dir = path.join(JOURNAL_CACHE_DIR, `schema-${SCHEMA}-builder-${BUILDER_VERSION}-rounds-${rounds}`);
  const file = path.join(dir, 'journal.sqlite');
  if (existsSync(file)) return { path: file, builtSeconds: null };
  mkdirSync(JOURNAL_CACHE_DIR, { recursive: true });
  const building = mkdtempSync(`${dir}.building-`);
  const started = performance.now();
  log(`building a journal of ${rounds} rounds (cached in ${dir})`);
  buildPlayedJournal(path.join(building, 'journal.sqlite'), {
    rounds,
    progress: (written) => {
      if (written % 100_000 === 0) log(`  ${written} rounds written`);
    },
  });
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
  return { path: file, builtSeconds: (performance.now() - started) / 1000 };
}

/** A copy of a cached journal (with its key and copy of critical memory) in `into`; answers its journal path. */
export function copyOf(journal: string, into: string): string {
  const from = path.dirname(journal);
  for (const name of readdirSync(from)) copyFileSync(path.join(from, name), path.join(into, name));
  return path.join(into, path.basename(journal));
}
