/**
 * The whole-file check of the journal beside the running cabinet (docs/cabinet-rules.md#damaged-journal). Start-up
 * reads each table's edges (journal-check.ts, `table-edges`), which takes the same time at 10^3 and 10^6 rounds;
 * `PRAGMA quick_check` reads every page, a time that grows with the journal, so it runs here, on a worker thread with
 * its own read-only connection, while the table is already up. The rule is start-up's (`checkJournal`): damage counts
 * only when `integrity_check` finds it again and every byte of the file reads; a transient error is tried again on
 * the same schedule and, when it outlasts it, is a storage fault, never damage.
 * The worker's code is a plain string: it needs nothing but node:sqlite, so it runs the same from the sources and
 * from the bundled main process.
 */
import { statSync } from 'node:fs';
import { setTimeout as wait } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { confirmed, failed, problemsOf, verdictOf, type JournalDiagnosis } from './journal-check.ts';
import { TRANSIENT_RETRY_DELAYS_MS } from './journal-read-retry.ts';

/** Runs the statements in one read transaction (one view of the file) and answers the rows of each. */
const PASS_ON_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
let db = null;
try {
  db = new DatabaseSync(workerData.path, { readOnly: true });
  db.exec('BEGIN');
  const rows = workerData.sql.map((sql) => db.prepare(sql).all());
  db.exec('COMMIT');
  parentPort.postMessage({ rows });
} catch (e) {
  parentPort.postMessage({ error: { message: String(e && e.message), code: e && e.code, errcode: e && e.errcode } });
} finally {
  try { if (db) db.close(); } catch {}
}
`;

type PassAnswer =
  | { readonly rows: Array<Array<Record<string, unknown>>> }
  | { readonly error: { message: string; code?: unknown; errcode?: unknown } };

/** A check that can be stopped: the worker is ended and the answer never comes. */
export interface Stoppable {
  stopped: boolean;
  worker: Worker | null;
}

function passOnWorker(path: string, sql: readonly string[], run: Stoppable): Promise<PassAnswer | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PASS_ON_WORKER, { eval: true, workerData: { path, sql } });
    run.worker = worker;
    worker.once('message', (answer: PassAnswer) => resolve(answer));
    worker.once('error', reject);
    worker.once('exit', () => {
      run.worker = null;
      resolve(null);
    });
  });
}

/** One pass of `PRAGMA quick_check` or `integrity_check` off the main thread; null when stopped. */
async function diagnoseOffThread(
  path: string,
  pragma: 'quick_check' | 'integrity_check',
  run: Stoppable,
): Promise<JournalDiagnosis | null> {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (error) {
    return failed(error, 'file', null);
  }
  const answer = await passOnWorker(path, [`PRAGMA ${pragma}`], run);
  if (answer === null || run.stopped) return null;
  if ('error' in answer)
    return failed(Object.assign(new Error(answer.error.message), answer.error), 'quick-check', size);
  return verdictOf(problemsOf(answer.rows[0] ?? []), size);
}

/** A wallet whose ledger rows do not add up to the running balance its newest row records. */
export interface LedgerSumDiffers {
  readonly demo: boolean;
  readonly sumMinor: number;
  readonly runningMinor: number;
}

/**
 * The ledger's sum per wallet against the newest row's running balance, off the main thread: what start-up checked
 * before it compared the credits with the newest rows alone (docs/cabinet-rules.md#critical-memory). Null when
 * stopped or when the file could not be read (the whole-file check says why).
 */
export async function ledgerSumsOffThread(path: string, run: Stoppable): Promise<LedgerSumDiffers[] | null> {
  const answer = await passOnWorker(
    path,
    [
      'SELECT demo, SUM(delta_minor) AS s FROM ledger GROUP BY demo',
      'SELECT demo, balance_after_minor AS b FROM ledger WHERE id IN (SELECT MAX(id) FROM ledger GROUP BY demo)',
    ],
    run,
  );
  if (answer === null || run.stopped || 'error' in answer) return null;
  const [sums = [], newest = []] = answer.rows as [
    Array<{ demo: number; s: number }>,
    Array<{ demo: number; b: number }>,
  ];
  return sums
    .map((row) => ({
      demo: row.demo === 1,
      sumMinor: row.s,
      runningMinor: newest.find((n) => n.demo === row.demo)?.b ?? 0,
    }))
    .filter((w) => w.sumMinor !== w.runningMinor);
}

export interface BackgroundSchedule {
  readonly delaysMs: readonly number[];
  readonly wait: (ms: number) => Promise<unknown>;
}

export const BACKGROUND_SCHEDULE: BackgroundSchedule = { delaysMs: TRANSIENT_RETRY_DELAYS_MS, wait };

/** `checkJournal`'s rule over every page, off the main thread; null when stopped before it had a verdict. */
export async function checkWholeFile(
  path: string,
  run: Stoppable = { stopped: false, worker: null },
  schedule: BackgroundSchedule = BACKGROUND_SCHEDULE,
): Promise<JournalDiagnosis | null> {
  for (let tried = 0; ; tried++) {
    const first = await diagnoseOffThread(path, 'quick_check', run);
    if (first === null || first.kind === 'sound') return first;
    let verdict: JournalDiagnosis = first;
    if (first.kind === 'damaged') {
      const confirm = await diagnoseOffThread(path, 'integrity_check', run);
      if (confirm === null) return null;
      verdict = confirmed(path, first, confirm);
    }
    if (verdict.kind !== 'unreadable') return verdict;
    const delay = schedule.delaysMs[tried];
    if (delay === undefined) return verdict;
    await schedule.wait(delay);
    if (run.stopped) return null;
  }
}
