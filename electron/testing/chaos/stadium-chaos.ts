/**
 * The stadium fleet chaos (docs/stadium.md#fleet-chaos): a real 3-node NATS cluster, one table server on an R3
 * stream, and `terminals` fleet terminals, all real processes. Seeded random events until `kills` kills: SIGKILL a
 * terminal (restarted after a short seeded delay), the table server (restarted: it voids an undealt round) or one
 * node of the cluster (restarted later; never two at once), and now and then a forged result. After each event the
 * fleet's journals are read and checked (fleet-checks.ts), a killed terminal's journal audited
 * (electron/certification/journal-audit.ts); at the end everything runs again, the table stops after its round, and
 * the run waits, bounded, until no terminal has a locked round. Wired by electron/cli/chaos.ts `--stadium`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { auditJournalFile } from '../../certification/journal-audit.ts';
import { startNatsCluster, type NatsCluster } from '../nats-cluster.ts';
import { osEntropyVenueFile, startTableServer, type TableProcess } from '../table-server-process.ts';
import { seededUniform } from '../fixtures.ts';
import { CHAOS_CONFIG } from './chaos-config.ts';
import { checkFleet, type FleetFindings } from './fleet-checks.ts';
import { startForger, type Forger } from './fleet-forger.ts';
import { readFleet, tableRounds } from './fleet-records.ts';
import { FleetTerminalProcess } from './fleet-terminal-process.ts';

const TABLE = 'FLEET';
const BETTING_MS = 400;
const RESULT_TIMEOUT_MS = 2_000;
/** The end waits at most this long for every locked round to conclude. */
const SETTLE_WITHIN_MS = 60_000;

export interface StadiumChaosOptions {
  readonly terminals: number;
  readonly kills: number;
  readonly seed: number;
  /** A folder of its own for the journals. */
  readonly dir: string;
  readonly log: (line: string) => void;
}

export interface StadiumChaosSummary {
  readonly mode: 'stadium';
  readonly seed: number;
  readonly terminals: number;
  readonly lost: number;
  readonly created: number;
  readonly settled_twice: number;
  readonly settled_differently: number;
  readonly unsettled_locked_bets: number;
  readonly bad_signatures_accepted: number;
  /** Anything else the journal audit found (meters, recall, integrity, a refund twice): must be 0 too. */
  readonly audit_problems: number;
  readonly rounds: number;
  readonly settled: number;
  readonly refunded: number;
  readonly kills_by_kind: { terminal: number; table: number; node: number };
  readonly forged_sent: number;
  readonly seconds: number;
  readonly problems: readonly string[];
}

/** The counts that must be 0 for a run to pass. */
export const MUST_BE_ZERO = [
  'lost',
  'created',
  'settled_twice',
  'settled_differently',
  'unsettled_locked_bets',
  'bad_signatures_accepted',
  'audit_problems',
] as const satisfies ReadonlyArray<keyof StadiumChaosSummary>;

/** Waits until `done()` or `withinMs` has passed, looking again every `everyMs` (state on disk has no events). */
async function until(done: () => boolean, withinMs: number, everyMs = 100): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!done() && Date.now() <= deadline) await new Promise((resolve) => setTimeout(resolve, everyMs));
}

export async function runStadiumChaos(options: StadiumChaosOptions): Promise<StadiumChaosSummary> {
  const { dir, log } = options;
  const rand = seededUniform(options.seed);
  const between = (min: number, max: number) => min + Math.floor(rand() * (max - min));
  const started = performance.now();
  const problems: string[] = [];
  const kills = { terminal: 0, table: 0, node: 0 };
  let forgedSent = 0;
  const worst = {
    settled_twice: 0,
    settled_differently: 0,
    bad_signatures_accepted: 0,
    unsettled_locked_bets: 0,
    lost: 0,
    created: 0,
    audit: 0,
  };
  const tableJournal = join(dir, 'table.sqlite');
  const venue = osEntropyVenueFile(dir);
  mkdirSync(join(dir, 'terminals'), { recursive: true });
  const compileCache = join(dir, 'compile-cache');

  const cluster: NatsCluster = await startNatsCluster(3);
  let table: TableProcess | null = null;
  let forger: Forger | null = null;
  const fleet: FleetTerminalProcess[] = [];
  const pending = new Set<Promise<void>>();
  const later = (ms: number, work: () => Promise<void>) => {
    const p = new Promise<void>((resolve) => setTimeout(resolve, ms)).then(work);
    const kept = p.finally(() => pending.delete(kept));
    pending.add(kept);
  };
  let nodeDown: number | null = null;

  const startTable = async (): Promise<TableProcess> => {
    const args = [
      '--nats',
      cluster.url,
      '--table',
      TABLE,
      '--journal',
      tableJournal,
      '--betting-ms',
      String(BETTING_MS),
    ];
    // A broker that is between leaders refuses the table's first step (exit 2): its service manager starts it again.
    for (let attempt = 1; ; attempt++) {
      try {
        return await startTableServer([...args, '--venue-config', venue, '--replicas', '3']);
      } catch (error) {
        if (attempt >= 20) throw error;
      }
    }
  };
  const terminalIds = () =>
    new Map(fleet.filter((t) => t.id !== null).map((t) => [t.id!, t.journalPath] as [string, string]));
  const audit = (t: FleetTerminalProcess, when: string) => {
    const report = auditJournalFile(t.journalPath, CHAOS_CONFIG.profile, true);
    worst.lost = Math.max(worst.lost, report.lostMinor);
    worst.created = Math.max(worst.created, report.createdMinor);
    if (report.problems.length > 0) {
      worst.audit = Math.max(worst.audit, report.problems.length);
      problems.push(...report.problems.slice(0, 5).map((p) => `${when}, terminal ${t.id}: ${p}`));
    }
    return report;
  };
  const check = (atEnd: boolean, when: string): FleetFindings => {
    const found = checkFleet(readFleet(TABLE, tableJournal, terminalIds()), atEnd);
    for (const key of [
      'settled_twice',
      'settled_differently',
      'bad_signatures_accepted',
      'unsettled_locked_bets',
    ] as const)
      worst[key] = Math.max(worst[key], found[key]);
    problems.push(...found.problems.slice(0, 5).map((p) => `${when}: ${p}`));
    return found;
  };

  try {
    table = await startTable();
    const env = {
      url: cluster.url,
      table: TABLE,
      publicKey: table.ready.publicKey,
      resultTimeoutMs: RESULT_TIMEOUT_MS,
      compileCache,
    };
    for (let i = 0; i < options.terminals; i++) {
      fleet.push(new FleetTerminalProcess(join(dir, 'terminals', `t${i}.sqlite`), between(0, 2 ** 31), env));
    }
    await Promise.all(fleet.map((t) => t.start()));
    forger = await startForger(cluster.url, TABLE);
    log(`stadium chaos: ${options.terminals} terminals at table ${TABLE} on ${cluster.url}`);

    let done = 0;
    while (done < options.kills) {
      await new Promise((resolve) => setTimeout(resolve, between(200, 1_200)));
      // A few forged results per run, the first one early.
      const round = forger.lastOpen();
      if (round !== null && (forgedSent === 0 || rand() < 0.2)) {
        await forger.forge(round);
        forgedSent++;
      }
      const r = rand();
      let when: string;
      if (r < 0.6) {
        const running = fleet.filter((t) => t.running());
        const victim = running[between(0, running.length)] ?? null;
        if (victim === null) continue;
        await victim.kill();
        kills.terminal++;
        when = `kill ${done + 1} (terminal ${victim.id})`;
        audit(victim, when);
        later(between(100, 800), async () => void (await victim.start()));
      } else if (r < 0.8) {
        await table!.kill();
        kills.table++;
        when = `kill ${done + 1} (table)`;
        await new Promise((resolve) => setTimeout(resolve, between(100, 600)));
        table = await startTable();
      } else {
        if (nodeDown !== null) continue; // never two nodes down at once
        const node = between(0, cluster.nodes.length);
        await cluster.nodes[node]!.kill();
        nodeDown = node;
        kills.node++;
        when = `kill ${done + 1} (node ${node + 1})`;
        later(between(1_000, 3_000), async () => {
          await cluster.nodes[node]!.restart();
          nodeDown = null;
        });
      }
      done++;
      check(false, when);
      log(`stadium chaos: ${when}`);
    }

    // The end: every process runs again, the table finishes its round and stops, every locked round concludes.
    await Promise.all(pending);
    await Promise.all(fleet.filter((t) => !t.running()).map((t) => t.start()));
    await table.stop();
    table = null;
    // Bounded: a round still locked when the time is up is counted below, never waited for forever.
    await until(
      () => checkFleet(readFleet(TABLE, tableJournal, terminalIds()), true).unsettled_locked_bets === 0,
      SETTLE_WITHIN_MS,
    );
    await Promise.all(fleet.map((t) => t.stop()));
    for (const t of fleet) audit(t, 'at the end');
    check(true, 'at the end');
    const records = readFleet(TABLE, tableJournal, terminalIds());
    const sum = (f: (t: (typeof records.terminals)[number]) => number) =>
      records.terminals.reduce((n, t) => n + f(t), 0);
    return {
      mode: 'stadium',
      seed: options.seed,
      terminals: options.terminals,
      lost: worst.lost,
      created: worst.created,
      settled_twice: worst.settled_twice,
      settled_differently: worst.settled_differently,
      unsettled_locked_bets: worst.unsettled_locked_bets,
      bad_signatures_accepted: worst.bad_signatures_accepted,
      audit_problems: worst.audit,
      rounds: tableRounds(tableJournal),
      settled: sum((t) => t.settled.length),
      refunded: sum((t) => t.refunded),
      kills_by_kind: kills,
      forged_sent: forgedSent,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      problems: problems.slice(0, 40),
    };
  } finally {
    await Promise.allSettled(pending);
    await Promise.allSettled(fleet.map((t) => t.kill()));
    await table?.kill();
    await forger?.close().catch(() => undefined);
    await cluster.stop();
  }
}
