/**
 * A journal of N rounds as real play leaves it, built in seconds to minutes (benches of start-up at 10^3 to 10^6
 * rounds, docs/benchmarks.md#restart-after-a-power-cut). A cabinet playing 10^6 rounds for real takes hours, nearly
 * all of it durable commits and per-round checks, so:
 * 1. the real cabinet plays until it has a round the player won and one the player lost on the same stake; each
 *    such round leaves its rows (round, stake, win) and its change to critical memory (meters, seq);
 * 2. the bulk repeats those two rounds, alternating so the credit stays near where it was: each copy gets the next
 *    round id, later times and the running balance, its record-chain digest is computed here exactly as the journal
 *    computes it (`rowDigest`, docs/cabinet-rules.md#verified-records), many rounds to one SQLite transaction; the
 *    journal's own incremental check then verifies each batch and moves the chain checkpoint, as play would;
 * 3. critical memory (both copies and the copy file) gets the state those rounds lead to: the played rounds' meter
 *    changes added once per copy;
 * 4. a cabinet opened the ordinary way plays the last round, so the journal ends on a real round and proves it plays on.
 * Its own connection writes without fsync: a build that dies leaves a file nobody uses (cached builds are renamed
 * into place only when finished, bench/journal-cache.ts).
 */
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { CabinetCore } from '../core/cabinet/cabinet.ts';
import { DEFAULT_VENUE_CONFIG, RETAIN_ROUNDS, type VenueConfig } from '../core/config/venue-config.ts';
import type { CriticalState } from '../core/model/critical-state.ts';
import type { ChainedTable } from '../core/model/record-check.ts';
import { createCryptoRandomSource } from '../core/random/crypto-random-source.ts';
import { CriticalCopyFile } from '../storage/critical-copy-file.ts';
import { resolveCriticalCopyPath } from '../storage/journal-path.ts';
import { Journal } from '../storage/journal.ts';
import { startCabinetOn } from '../storage/open-cabinet.ts';
import { readRecordKey } from '../storage/record-chain-key.ts';
import { CHAINS, rowDigest, type ChainValue } from '../storage/record-chain.ts';

export interface PlayedJournalOptions {
  /** Rounds the journal holds when built (at least 3: two played, the bulk, one played). */
  readonly rounds: number;
  /** Rounds per SQLite transaction in the bulk. */
  readonly batch?: number;
  /** Told after every batch with the rounds written so far. */
  readonly progress?: (written: number) => void;
}

const STAKE_MINOR = 100;
const NOTE_MINOR = 10_000;
const OPENING_NOTES = 5;
/** Every bulk round takes this long, its three steps a second apart. */
const ROUND_SECONDS = 3;

/** The credit limit raised for the top-ups; every round kept live, the largest journal start-up can meet. */
export const PLAYED_JOURNAL_CONFIG: VenueConfig = {
  ...DEFAULT_VENUE_CONFIG,
  limits: { ...DEFAULT_VENUE_CONFIG.limits, creditLimitMinor: 10_000_000 },
  journal: { ...DEFAULT_VENUE_CONFIG.journal, retainRounds: RETAIN_ROUNDS.max },
};

type Row = Record<string, ChainValue>;

/** One round real play wrote, to be repeated: its rows and what it changed in critical memory. */
interface Template {
  readonly roundId: number;
  /** Its rows, read once the cabinet that played it has closed. */
  readonly round: Row;
  readonly ledger: readonly Row[];
  /** Net change of the player's credit. */
  readonly netMinor: number;
  readonly before: CriticalState;
  readonly after: CriticalState;
}

function criticalState(journal: Journal): CriticalState {
  const state = journal.readCriticalCopies().a.state;
  if (!state) throw new Error('played-journal: critical memory is unreadable after a played round');
  return state;
}

/** `base` plus `times` × (after − before), field by field over every number in the meters. */
function addTimes(base: unknown, before: unknown, after: unknown, times: number): unknown {
  if (typeof base === 'number') return base + times * ((after as number) - (before as number));
  if (base === null || typeof base !== 'object') return base;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(after as Record<string, unknown>)) {
    const b = (before as Record<string, unknown>)[k] ?? (typeof v === 'number' ? 0 : {});
    out[k] = addTimes(out[k] ?? (typeof v === 'number' ? 0 : {}), b, v, times);
  }
  return out;
}

/** A clock that moves one second per reading, so rows carry distinct, increasing times. */
function steppingClock(from: number): { now: () => Date; last: () => number } {
  let t = from;
  return { now: () => new Date((t += 1000)), last: () => t };
}

/** Plays rounds with the cabinet until one was won and one lost on a Player stake. */
function playTemplates(cabinet: CabinetCore, journal: Journal): { won: Template; lost: Template } {
  const found: { won?: Template; lost?: Template } = {};
  for (let i = 0; i < 200 && !(found.won && found.lost); i++) {
    const before = criticalState(journal);
    cabinet.placeChip('player', STAKE_MINOR);
    const record = cabinet.deal();
    const after = criticalState(journal);
    const netMinor = record.creditsAfterMinor - record.creditsBeforeMinor;
    const kind = netMinor > 0 ? 'won' : netMinor < 0 ? 'lost' : null;
    if (kind === null || found[kind]) continue;
    found[kind] = { roundId: record.roundId, round: {}, ledger: [], netMinor, before, after };
  }
  if (!found.won || !found.lost) throw new Error('played-journal: 200 rounds without both a win and a loss');
  return { won: found.won, lost: found.lost };
}

/** Reads the template rounds' rows once the cabinet has closed. */
function withRows(db: DatabaseSync, t: Template): Template {
  const round = db.prepare('SELECT * FROM rounds WHERE round_id = ?').get(t.roundId) as Row;
  const ledger = db.prepare('SELECT * FROM ledger WHERE round_id = ? ORDER BY id').all(t.roundId) as Row[];
  return { ...t, round, ledger };
}

function lastDigest(db: DatabaseSync, chain: ChainedTable): { id: number; digest: string } {
  const def = CHAINS[chain];
  const r = db
    .prepare(`SELECT ${def.idColumn} AS id, chain_digest AS d FROM ${def.table} ORDER BY ${def.idColumn} DESC LIMIT 1`)
    .get() as { id: number; d: string } | undefined;
  if (!r) throw new Error(`played-journal: the ${chain} chain is empty after played rounds`);
  return { id: r.id, digest: r.d };
}

function insertSql(chain: ChainedTable): string {
  const def = CHAINS[chain];
  return `INSERT INTO ${def.table} (${def.columns.join(', ')}, chain_digest) VALUES (${def.columns.map(() => '?').join(', ')}, ?)`;
}

/** Writes `count` copies of the templates after the rows there are; answers the credit and the copies of each. */
function writeBulk(
  path: string,
  journal: Journal,
  templates: { won: Template; lost: Template },
  count: number,
  batch: number,
  progress: (written: number) => void,
): { creditsMinor: number; won: number; lost: number; lastAt: number } {
  const key = readRecordKey(path);
  if (!key) throw new Error('played-journal: the record-chain key file is missing');
  const db = new DatabaseSync(path);
  try {
    db.exec('PRAGMA synchronous = OFF');
    const won = withRows(db, templates.won);
    const lost = withRows(db, templates.lost);
    const insertRound = db.prepare(insertSql('rounds'));
    const insertLedger = db.prepare(insertSql('ledger'));
    const round = lastDigest(db, 'rounds');
    const ledger = lastDigest(db, 'ledger');
    const start = db
      .prepare('SELECT credits_after_minor AS c, ended_at AS e FROM rounds WHERE round_id = ?')
      .get(round.id) as { c: number; e: string };
    let credits = start.c;
    let t = Date.parse(start.e) + 60_000;
    const used = { won: 0, lost: 0 };
    const floor = credits;
    for (let written = 0; written < count;) {
      const n = Math.min(batch, count - written);
      db.exec('BEGIN IMMEDIATE');
      for (let i = 0; i < n; i++) {
        const template = credits <= floor ? won : lost;
        used[template === won ? 'won' : 'lost']++;
        const at = (s: number) => new Date(t + s * 1000).toISOString();
        const times: Record<string, string> = {
          [String(template.round.started_at)]: at(0),
          [String(template.round.dealt_at)]: at(1),
          [String(template.round.ended_at)]: at(2),
        };
        round.id++;
        const r: Row = {
          ...template.round,
          round_id: round.id,
          credits_before_minor: credits,
          credits_after_minor: credits + template.netMinor,
          started_at: at(0),
          dealt_at: at(1),
          ended_at: at(2),
        };
        round.digest = stamp(key, 'rounds', round.digest, r);
        insertRound.run(...(CHAINS.rounds.columns.map((c) => r[c]) as SQLInputValue[]), round.digest);
        let balance = credits;
        for (const row of template.ledger) {
          ledger.id++;
          balance += row.delta_minor as number;
          const l: Row = {
            ...row,
            id: ledger.id,
            at: times[String(row.at)] ?? at(0),
            round_id: round.id,
            balance_after_minor: balance,
          };
          ledger.digest = stamp(key, 'ledger', ledger.digest, l);
          insertLedger.run(...(CHAINS.ledger.columns.map((c) => l[c]) as SQLInputValue[]), ledger.digest);
        }
        credits += template.netMinor;
        t += ROUND_SECONDS * 1000;
      }
      db.exec('COMMIT');
      // The journal's own check verifies the batch and moves the chain checkpoint past it, as play does.
      const check = journal.verifyRecent();
      if (!check.ok) throw new Error(`played-journal: the bulk does not verify: ${JSON.stringify(check.firstBreak)}`);
      written += n;
      progress(written);
    }
    return { creditsMinor: credits, ...used, lastAt: t };
  } finally {
    db.close();
  }
}

function stamp(key: Buffer, chain: ChainedTable, prev: string, row: Row): string {
  return rowDigest(
    key,
    chain,
    prev,
    CHAINS[chain].columns.map((c) => row[c] ?? null),
  );
}

/** Builds the journal at `path` (a file that does not exist yet), its record key and its copy of critical memory. */
export function buildPlayedJournal(path: string, options: PlayedJournalOptions): void {
  if (!Number.isSafeInteger(options.rounds) || options.rounds < 3) {
    throw new RangeError(`played-journal: rounds must be a whole number of at least 3, got ${options.rounds}`);
  }
  const random = createCryptoRandomSource();
  const clock = steppingClock(Date.UTC(2026, 0, 1));
  const journal = Journal.open(path);
  const cabinet = startCabinetOn(journal, {
    journalPath: path,
    config: PLAYED_JOURNAL_CONFIG,
    random,
    clock: clock.now,
  });
  let templates: { won: Template; lost: Template };
  let playedFirst: number;
  try {
    for (let i = 0; i < OPENING_NOTES; i++) {
      cabinet.creditBill({ valueMinor: NOTE_MINOR, channel: 5, eventKey: `played-journal-note-${i}` });
    }
    templates = playTemplates(cabinet, journal);
    playedFirst = criticalState(journal).lastRoundId;
  } finally {
    cabinet.close();
  }
  const bulk = Math.max(0, options.rounds - playedFirst - 1);
  const reader = Journal.open(path);
  let lastAt: number;
  try {
    const done = writeBulk(path, reader, templates, bulk, options.batch ?? 5000, options.progress ?? (() => {}));
    lastAt = done.lastAt;
    const base = criticalState(reader);
    const meters = addTimes(
      addTimes(base.meters, templates.won.before.meters, templates.won.after.meters, done.won),
      templates.lost.before.meters,
      templates.lost.after.meters,
      done.lost,
    ) as CriticalState['meters'];
    const seqPerRound = templates.won.after.seq - templates.won.before.seq;
    const state: CriticalState = {
      ...base,
      seq: base.seq + seqPerRound * bulk,
      creditsMinor: done.creditsMinor,
      lastRoundId: base.lastRoundId + bulk,
      meters,
    };
    reader.keepCriticalCopy(new CriticalCopyFile(resolveCriticalCopyPath(path)), (error) => {
      throw error;
    });
    reader.transaction(() => reader.writeCritical(state));
  } finally {
    reader.close();
  }
  const lastClock = steppingClock(Math.max(lastAt, clock.last()) + 60_000);
  const last = startCabinetOn(Journal.open(path), {
    journalPath: path,
    config: PLAYED_JOURNAL_CONFIG,
    random,
    clock: lastClock.now,
  });
  try {
    last.placeChip('player', STAKE_MINOR);
    last.deal();
  } finally {
    last.close();
  }
}
