/**
 * An independent audit of a journal file: recomputes every figure from the raw
 * journal rows and compares it with critical memory. Used by the chaos test after
 * every kill, by tests, and available to a technician tool.
 *
 * Checks:
 * - integrity: both critical-memory copies valid (SHA-256) and equal; SQLite quick_check ok; every
 *   ledger, round and event row verifies on its record chain, from the first row
 *   (docs/cabinet-rules.md#verified-records);
 * - money: credits in critical memory = Σ ledger deltas (bills − handpays − stakes + wins + refunds);
 *   every round's stakes = its bets; a settled round's wins = settle(bets, recorded winner);
 *   a voided round's refund = its stake, exactly once. A shortfall is lost_minor, an excess created_minor;
 * - no round both settled and voided (a refund row on a settled round);
 * - meters = the same figures recomputed from the ledger and the event log;
 * - game recall (rounds table) agrees with the meters;
 * - a stadium terminal's rounds are concluded as their money says (stadium-audit.ts).
 * Rounds and events moved to the journal's archive are read with the live ones (the journal's `auditRows`
 * and `verifyAllRecords` cover archive + live across the cut: docs/cabinet-rules.md#retention-and-archive).
 */
import { Journal, type JournalAuditReader } from '../storage/journal.ts';
import { canonicalJson as canonicalize } from '../core/integrity/canonical-json.ts';
import type { CriticalState } from '../core/model/critical-state.ts';
import type { RoundOutcome } from '../core/engine/round.ts';
import { roundFacts } from '../core/engine/round-facts.ts';
import type { RuleProfile } from '../core/engine/rule-profile.ts';
import { settle, SPOTS, type Bets, type Returns } from '../core/engine/settlement.ts';
import type { Meters } from '../core/model/meters.ts';
import { roundResult, zeroMeters, type MutableMeters } from '../core/cabinet/meters.ts';
import { breakWhere, type RecordBreak } from '../core/model/record-check.ts';
import { recordProblemText } from '../core/wording/coded-words.ts';
import { englishWords } from '../core/wording/english-words.ts';
import { auditStadiumRounds } from './stadium-audit.ts';

export interface AuditReport {
  readonly roundsSettled: number;
  readonly roundsVoided: number;
  readonly roundsOpen: number;
  readonly lostMinor: number;
  readonly createdMinor: number;
  readonly doubleRefunds: number;
  readonly settledAndVoided: number;
  readonly meterMismatches: number;
  readonly recallMismatches: number;
  readonly integrityFailures: number;
  readonly creditsMinor: number;
  readonly problems: readonly string[];
}

/** The report words a break in English, from the staff menu's own table. */
const ENGLISH = englishWords();

function meterFields(m: Meters): Record<string, number> {
  const flat: Record<string, number> = {};
  for (const [k, v] of Object.entries(m)) {
    if (typeof v === 'number') flat[k] = v;
    else for (const [kk, vv] of Object.entries(v as Record<string, number>)) if (vv !== 0) flat[`${k}.${kk}`] = vv;
  }
  return flat;
}

function compareMeters(
  expected: Meters,
  actual: Meters,
  label: string,
  fields: readonly string[] | null,
  problems: string[],
): number {
  const e = meterFields(expected);
  const a = meterFields(actual);
  const keys = new Set([...Object.keys(e), ...Object.keys(a)]);
  let mismatches = 0;
  for (const k of keys) {
    if (fields && !fields.some((f) => k === f || k.startsWith(`${f}.`))) continue;
    if ((e[k] ?? 0) !== (a[k] ?? 0)) {
      mismatches++;
      problems.push(`${label}: ${k} is ${a[k] ?? 0} in critical memory, ${e[k] ?? 0} from the journal`);
    }
  }
  return mismatches;
}

/**
 * Audits an open journal through its read side only (it never writes).
 * `allowOpenRounds`: a round may be mid-flight (right after a kill, before recovery).
 */
export function auditJournal(journal: JournalAuditReader, profile: RuleProfile, allowOpenRounds = true): AuditReport {
  const problems: string[] = [];
  if (!journal.hasSchema()) {
    return {
      roundsSettled: 0,
      roundsVoided: 0,
      roundsOpen: 0,
      lostMinor: 0,
      createdMinor: 0,
      doubleRefunds: 0,
      settledAndVoided: 0,
      meterMismatches: 0,
      recallMismatches: 0,
      integrityFailures: 0,
      creditsMinor: 0,
      problems,
    };
  }
  let integrityFailures = 0;
  let lost = 0;
  let created = 0;
  const account = (diff: number, what: string) => {
    // diff = actual − expected in the player's favour
    if (diff === 0) return;
    if (diff > 0) created += diff;
    else lost += -diff;
    problems.push(`${what}: off by ${diff}`);
  };

  const quick = journal.quickCheck();
  if (quick !== 'ok') {
    integrityFailures++;
    problems.push(`sqlite quick_check: ${quick}`);
  }
  const chain = journal.verifyAllRecords();
  for (const b of chain.breaks) {
    integrityFailures++;
    problems.push(`record chain: ${breakWhere(b)}: ${recordProblemText(ENGLISH, b.problem).text}`);
  }
  const copies = journal.readCriticalCopies();
  let state: CriticalState | null = null;
  const fresh = !copies.exists && journal.lastLedgerId() === 0 && journal.maxRoundId() === 0;
  if (fresh) {
    // Killed before the first start finished: a new journal, nothing to check yet.
    state = null;
  } else if (!copies.a.state || !copies.b.state) {
    integrityFailures++;
    problems.push(`critical memory: copy a ${copies.a.problem ?? 'ok'}, copy b ${copies.b.problem ?? 'ok'}`);
    state = copies.a.state ?? copies.b.state;
  } else if (canonicalize(copies.a.state) !== canonicalize(copies.b.state)) {
    integrityFailures++;
    problems.push('critical memory: the two copies disagree');
    state = copies.a.state;
  } else state = copies.a.state;

  const rows = journal.auditRows();
  const stadium = auditStadiumRounds(journal.stadiumAuditRows(), rows.rounds);
  problems.push(...stadium.problems);
  const boundary = journal.lastRamClear() ?? { afterLedgerId: 0, afterRoundId: 0, afterEventId: 0 };

  // Money identity per wallet.
  if (state) {
    account(state.creditsMinor - journal.ledgerBalance(false), 'credits vs ledger');
    account(state.demoCreditsMinor - journal.ledgerBalance(true), 'demo credits vs ledger');
  }

  // The running balance written on every ledger row must follow from the rows before it.
  const running = [0, 0];
  for (const l of rows.ledger) {
    const w = l.demo === 1 ? 1 : 0;
    running[w] = (running[w] ?? 0) + l.delta_minor;
    if (running[w] !== l.balance_after_minor) {
      integrityFailures++;
      problems.push(`ledger row ${l.id}: balance after ${l.balance_after_minor} ≠ running sum ${running[w]}`);
      running[w] = l.balance_after_minor;
    }
  }

  // Per-round accounting from the ledger.
  const byRound = new Map<number, { stake: number; win: number; refund: number; refundRows: Map<string, number> }>();
  for (const l of rows.ledger) {
    if (l.round_id === null) continue;
    const acc = byRound.get(l.round_id) ?? { stake: 0, win: 0, refund: 0, refundRows: new Map<string, number>() };
    if (l.kind === 'stake') acc.stake += -l.delta_minor;
    else if (l.kind === 'win') acc.win += l.delta_minor;
    else if (l.kind === 'refund') {
      acc.refund += l.delta_minor;
      const key = l.spot ?? '-';
      acc.refundRows.set(key, (acc.refundRows.get(key) ?? 0) + 1);
    }
    byRound.set(l.round_id, acc);
  }
  const refundRowsByRound = new Map<number, number>();
  for (const r of rows.refunds) refundRowsByRound.set(r.round_id, (refundRowsByRound.get(r.round_id) ?? 0) + 1);

  let settled = 0;
  let voided = 0;
  let open = 0;
  let doubleRefunds = 0;
  let settledAndVoided = 0;
  const recallMeters: MutableMeters = zeroMeters();
  for (const r of rows.rounds) {
    const bets = JSON.parse(r.bets_json) as Bets;
    const stake = SPOTS.reduce((s, spot) => s + (bets[spot] ?? 0), 0);
    const acc = byRound.get(r.round_id) ?? { stake: 0, win: 0, refund: 0, refundRows: new Map<string, number>() };
    if (stake !== r.stake_minor) problems.push(`round ${r.round_id}: stake column ${r.stake_minor} ≠ bets ${stake}`);
    // The stake debited must equal the bets: more debited = money lost by the player.
    account(stake - acc.stake, `round ${r.round_id} stakes debited`);
    for (const [spot, n] of acc.refundRows) {
      if (n > 1) {
        doubleRefunds += n - 1;
        problems.push(`round ${r.round_id}: ${n} refunds of ${spot}`);
      }
    }
    if ((refundRowsByRound.get(r.round_id) ?? 0) > 1) doubleRefunds++;
    const metered = r.demo === 0 && r.round_id > boundary.afterRoundId;
    if (r.status === 'settled') {
      settled++;
      if (acc.refund > 0 || refundRowsByRound.has(r.round_id)) {
        settledAndVoided++;
        problems.push(`round ${r.round_id}: settled and refunded`);
      }
      const outcome = r.outcome_json ? (JSON.parse(r.outcome_json) as RoundOutcome) : null;
      if (!outcome) {
        problems.push(`round ${r.round_id}: settled without cards`);
        continue;
      }
      const expected: Returns = settle(bets, roundFacts(outcome), profile);
      const expectedTotal = SPOTS.reduce((s, spot) => s + (expected[spot] ?? 0), 0);
      account(acc.win - expectedTotal, `round ${r.round_id} wins paid`);
      if ((r.return_minor ?? -1) !== acc.win)
        problems.push(`round ${r.round_id}: recall return ${r.return_minor} ≠ ledger ${acc.win}`);
      if (metered) {
        const returns = r.returns_json ? (JSON.parse(r.returns_json) as Returns) : {};
        recallMeters.roundsPlayed++;
        recallMeters.wageredMinor += r.stake_minor;
        recallMeters.wonMinor += r.return_minor ?? 0;
        for (const spot of SPOTS) {
          recallMeters.wageredBySpot[spot] += bets[spot] ?? 0;
          recallMeters.wonBySpot[spot] += returns[spot] ?? 0;
        }
        const res = roundResult(r.stake_minor, r.return_minor ?? 0);
        if (res === 'won') recallMeters.roundsWon++;
        else if (res === 'lost') recallMeters.roundsLost++;
        else recallMeters.roundsTied++;
      }
    } else if (r.status === 'voided') {
      voided++;
      account(acc.refund - acc.stake, `round ${r.round_id} refund`);
      if (acc.win !== 0) {
        settledAndVoided++;
        problems.push(`round ${r.round_id}: voided but wins paid`);
      }
      if (r.refunded_minor !== acc.refund)
        problems.push(`round ${r.round_id}: recall refund ${r.refunded_minor} ≠ ledger ${acc.refund}`);
      if (metered) {
        recallMeters.roundsVoided++;
        recallMeters.refundsMinor += r.refunded_minor;
      }
    } else {
      open++;
      if (acc.win !== 0 || acc.refund !== 0) problems.push(`round ${r.round_id}: open but already paid`);
      // A stadium terminal's locked round waits for its table across a restart (docs/stadium.md#restarts).
      if (!allowOpenRounds && !stadium.waitingForTable.has(r.round_id))
        problems.push(`round ${r.round_id}: still ${r.status} after recovery`);
    }
  }

  // Meters from the ledger and the event log (since the last RAM clear, real money only).
  const journalMeters: MutableMeters = zeroMeters();
  const settledIds = new Set(rows.rounds.filter((r) => r.status === 'settled').map((r) => r.round_id));
  for (const l of rows.ledger) {
    if (l.demo === 1 || l.id <= boundary.afterLedgerId) continue;
    switch (l.kind) {
      case 'bill': {
        journalMeters.billsInMinor += l.delta_minor;
        const key = String(l.denomination_minor ?? l.delta_minor);
        journalMeters.billsByDenomination[key] = (journalMeters.billsByDenomination[key] ?? 0) + 1;
        break;
      }
      case 'handpay':
        journalMeters.cashOutMinor += -l.delta_minor;
        journalMeters.handpayMinor += -l.delta_minor;
        break;
      case 'stake':
        if (l.round_id !== null && settledIds.has(l.round_id)) {
          journalMeters.wageredMinor += -l.delta_minor;
          if (l.spot) journalMeters.wageredBySpot[l.spot as 'player'] += -l.delta_minor;
        }
        break;
      case 'win':
        journalMeters.wonMinor += l.delta_minor;
        if (l.spot) journalMeters.wonBySpot[l.spot as 'player'] += l.delta_minor;
        break;
      case 'refund':
        journalMeters.refundsMinor += l.delta_minor;
        break;
      default:
        break;
    }
  }
  for (const e of rows.events) {
    if (e.id <= boundary.afterEventId) continue;
    // By code alone: a power-up with memory bad and a door closing count nothing.
    if (e.kind === 'power-up' && e.code === 'power-up') journalMeters.powerUps++;
    if (e.kind === 'door' && e.code === 'door-opened') journalMeters.doorOpens++;
  }

  let meterMismatches = 0;
  let recallMismatches = 0;
  if (state) {
    const m = state.meters;
    meterMismatches = compareMeters(
      journalMeters,
      m,
      'meters vs journal',
      [
        'billsInMinor',
        'billsByDenomination',
        'cashOutMinor',
        'handpayMinor',
        'wageredMinor',
        'wageredBySpot',
        'wonMinor',
        'wonBySpot',
        'refundsMinor',
        'powerUps',
        'doorOpens',
      ],
      problems,
    );
    recallMismatches = compareMeters(
      recallMeters,
      m,
      'recall vs meters',
      [
        'roundsPlayed',
        'roundsWon',
        'roundsLost',
        'roundsTied',
        'roundsVoided',
        'wageredMinor',
        'wonMinor',
        'refundsMinor',
        'wageredBySpot',
        'wonBySpot',
      ],
      problems,
    );
  }

  return {
    roundsSettled: settled,
    roundsVoided: voided,
    roundsOpen: open,
    lostMinor: lost,
    createdMinor: created,
    doubleRefunds,
    settledAndVoided,
    meterMismatches,
    recallMismatches,
    integrityFailures,
    creditsMinor: state?.creditsMinor ?? -1,
    problems,
  };
}

/** What the technician's full record-chain check found (docs/cabinet-rules.md#verified-records). */
export interface RecordChainReport {
  readonly rowsChecked: number;
  /** The first breaks, oldest first per table (at most `limit`). */
  readonly breaks: readonly RecordBreak[];
}

/** Checks every row of every record chain of a journal file (it never writes the journal). */
export function auditRecordChainFile(path: string, limit = 20): RecordChainReport {
  const journal = openForAudit(path);
  try {
    if (!journal.hasSchema()) return { rowsChecked: 0, breaks: [] };
    return journal.verifyAllRecords(limit);
  } finally {
    journal.close();
  }
}

function openForAudit(path: string): Journal {
  let journal: Journal;
  try {
    journal = Journal.open(path, { readOnly: true });
  } catch {
    // A read-only open can fail when the WAL index must be rebuilt after a kill; a read-write
    // open only replays the committed WAL (no cabinet logic runs).
    journal = Journal.open(path);
  }
  return journal;
}

/** Opens a journal file read-only and audits it. */
export function auditJournalFile(path: string, profile: RuleProfile, allowOpenRounds = true): AuditReport {
  const journal = openForAudit(path);
  try {
    return auditJournal(journal, profile, allowOpenRounds);
  } finally {
    journal.close();
  }
}
