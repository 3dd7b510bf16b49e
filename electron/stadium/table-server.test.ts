import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedCardSource } from '../core/engine/shoe.ts';
import { dealRound } from '../core/engine/round.ts';
import { seededUniform } from '../testing/fixtures.ts';
import { startNatsServer, type NatsServer } from '../testing/nats-server.ts';
import { runCliKilledAfter } from '../testing/run-cli.ts';
import {
  osEntropyVenueFile,
  startTableServer,
  tableReader,
  type TableMessage,
} from '../testing/table-server-process.ts';
import type { Broker } from './broker.ts';
import { connectNatsBroker } from './nats-broker.ts';
import { publicKeyFromRaw, verifyResult } from './result-signature.ts';
import { TableJournal } from './table-journal.ts';
import { loadOrCreateTableKey } from './table-key.ts';
import { TABLE_SERVER_OPTIONS, checkTableServerFlags } from './table-server-flags.ts';
import { ResultMessageSchema, conclusionId, encodeMessage, tableStream, tableSubjects } from './table-messages.ts';
import { DUPLICATE_WINDOW_MS, tableOutcome } from './table-server.ts';

const CLI = 'electron/stadium/table-server-cli.ts';

describe('the table server against a real nats-server', () => {
  let server: NatsServer;
  let broker: Broker;
  let dir: string;
  let venue: string;
  beforeAll(async () => {
    server = await startNatsServer();
    broker = await connectNatsBroker(server.url, { name: 'table test reader' });
    dir = mkdtempSync(join(tmpdir(), 'stadium-table-'));
    venue = osEntropyVenueFile(dir);
  });
  afterAll(async () => {
    await broker?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const args = (table: string, bettingMs = 150) => [
    ...['--nats', server.url, '--table', table, '--journal', join(dir, `${table}.db`)],
    ...['--betting-ms', String(bettingMs), '--venue-config', venue],
  ];

  it('says it is ready in one JSON line, then publishes rounds in order, each signed and dealt by the rules, through a broker crash', async () => {
    const table = await startTableServer(args('ORDER'));
    try {
      expect(Object.keys(table.ready)).toEqual(['table', 'ready', 'publicKey']);
      expect(table.ready).toMatchObject({ table: 'ORDER', ready: true });
      expect(Buffer.from(table.ready.publicKey, 'base64')).toHaveLength(32);
      const next = await tableReader(broker, 'ORDER', 'order-reader');
      const key = publicKeyFromRaw(table.ready.publicKey);
      // As a terminal does: a message seen before (redelivered after a broker crash) must be the same bytes, and
      // is skipped.
      const heard = new Map<string, string>();
      const fresh = async (): Promise<TableMessage> => {
        for (;;) {
          const m = await next();
          const id = `${m.kind} ${m.body.round}`;
          if (!heard.has(id)) {
            heard.set(id, m.json);
            return m;
          }
          expect(m.json).toBe(heard.get(id));
        }
      };
      const roundsFrom = async (first: number, last: number): Promise<string[]> => {
        const seen: string[] = [];
        for (let round = first; round <= last; round++) {
          const open = await fresh();
          expect(open.body).toEqual({ table: 'ORDER', round, closesInMs: 150 });
          const result = await fresh();
          const parsed = ResultMessageSchema.parse(result.body);
          expect(verifyResult(parsed, key)).toBe(true);
          // The same cards through the cabinet's engine give the same outcome.
          expect(parsed.outcome).toEqual(tableOutcome(dealRound(new FixedCardSource(parsed.cards))));
          seen.push(`${open.kind} ${open.body.round}`, `${result.kind} ${parsed.round}`);
        }
        return seen;
      };
      expect(await roundsFrom(1, 3)).toEqual(['open 1', 'result 1', 'open 2', 'result 2', 'open 3', 'result 3']);

      // The broker crashes and comes back on its store: the table waits for it and goes on, skipping nothing.
      await server.kill();
      await server.restart();
      expect(await roundsFrom(4, 5)).toEqual(['open 4', 'result 4', 'open 5', 'result 5']);
    } finally {
      await table.kill();
    }
  }, 20_000);

  it('after a kill -9 mid-window voids that round on restart, goes on from the next number and keeps its key', async () => {
    const next = await tableReader(broker, 'CRASH', 'crash-reader');
    const first = await startTableServer(args('CRASH', 2_000));
    let open: TableMessage;
    try {
      open = await next();
      expect(open.kind).toBe('open');
    } finally {
      // Killed inside round 1's two-second window: dealt never, published never.
      await first.kill();
    }
    const again = await startTableServer(args('CRASH', 150));
    try {
      const after = [await next(), await next(), await next()];
      expect(after.map((m) => `${m.kind} ${m.body.round}`)).toEqual(['void 1', 'open 2', 'result 2']);
      expect(after[0]!.body).toEqual({ table: 'CRASH', round: 1 });
      expect(again.ready.publicKey).toBe(first.ready.publicKey);
    } finally {
      await again.kill();
    }
  }, 20_000);

  it('after kill -9s at random points, concludes every round once in the stream, with the bytes its journal holds', async () => {
    const uniform = seededUniform(20261207);
    for (let kill = 0; kill < 3; kill++) {
      const table = await startTableServer(args('CHAOS', 100));
      // Anywhere in the next two rounds: before the open, in the window, in the deal, around the publish.
      await new Promise((resolve) => setTimeout(resolve, Math.floor(uniform() * 400)));
      await table.kill();
    }
    const last = await startTableServer(args('CHAOS', 100));
    expect(await last.stop()).toBe(0);

    const journal = TableJournal.open(join(dir, 'CHAOS.db'), 'CHAOS');
    const final = journal.last()!;
    const next = await tableReader(broker, 'CHAOS', 'chaos-reader');
    const opens = new Set<number>();
    const conclusions = new Map<number, string>();
    while (!conclusions.has(final.round)) {
      const m = await next();
      const id = m.body.round;
      if (m.kind === 'open') {
        expect(opens.has(id), `open ${id} twice`).toBe(false);
        opens.add(id);
      } else {
        expect(conclusions.has(id), `round ${id} concluded twice`).toBe(false);
        conclusions.set(id, m.kind === 'result' ? m.json : 'void');
      }
    }
    for (let round = 1; round <= final.round; round++) {
      const row = journal.round(round)!;
      expect(row.status === 'open' ? 'open' : row.published, `round ${round} published`).toBe(true);
      expect(conclusions.get(round)).toBe(row.status === 'dealt' ? row.resultJson : 'void');
    }
    journal.close();
  }, 30_000);

  it('re-publishes a round dealt but not marked published with the same id, which the stream keeps once', async () => {
    const journalPath = join(dir, 'REPUB.db');
    // A journal that crashed with round 2 dealt, its result already in the stream but not yet marked published.
    await broker.ensureStream({
      name: tableStream('REPUB'),
      subjects: [tableSubjects('REPUB').all],
      duplicateWindowMs: DUPLICATE_WINDOW_MS,
      replicas: 1,
    });
    const journal = TableJournal.open(journalPath, 'REPUB');
    journal.voided(journal.open(60_000), 'table-restarted');
    journal.published(1);
    const dealt = journal.open(60_000);
    const body = {
      table: 'REPUB',
      round: dealt,
      cards: [
        { rank: '9', suit: 'S' },
        { rank: '2', suit: 'H' },
        { rank: 'K', suit: 'D' },
        { rank: '3', suit: 'C' },
      ],
      outcome: {
        winner: 'player',
        playerTotal: 9,
        bankerTotal: 5,
        natural: true,
        playerPair: false,
        bankerPair: false,
      },
      signature: 'A'.repeat(86) + '==',
    } as const;
    journal.dealt(dealt, JSON.stringify(body));
    journal.close();
    const stored = await broker.publish(tableSubjects('REPUB').result, encodeMessage(body), conclusionId(dealt));

    // Without its key, a journal with rounds is refused, and the process ends.
    await expect(startTableServer(args('REPUB', 60_000))).rejects.toThrow('is missing but its journal has rounds');
    loadOrCreateTableKey(journalPath, true);
    const again = await startTableServer(args('REPUB', 60_000));
    try {
      // The stream holds round 2's result once, and the table goes on with round 3.
      const next = await tableReader(broker, 'REPUB', 'repub-reader');
      const seen = [await next(), await next()];
      expect(seen.map((m) => `${m.kind} ${m.body.round}`)).toEqual(['result 2', 'open 3']);
      expect(seen[0]!.json).toBe(JSON.stringify(body));
      const last = await broker.lastOnSubject(tableStream('REPUB'), tableSubjects('REPUB').result);
      expect(last!.sequence).toBe(stored.sequence);
    } finally {
      await again.kill();
    }
    const reopened = TableJournal.open(journalPath, 'REPUB');
    expect(reopened.round(dealt)).toMatchObject({ status: 'dealt', published: true });
    reopened.close();
  }, 20_000);
});

describe('the table server command line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stadium-flags-'));
  const journal = join(dir, 'flags.db');
  const ok = ['--nats', 'nats://127.0.0.1:1', '--table', 'T1', '--journal', journal];
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const venue = osEntropyVenueFile(dir);
  const check = (argv: string[]) => {
    const { values, positionals } = parseArgs({ args: argv, options: TABLE_SERVER_OPTIONS, allowPositionals: true });
    return () => checkTableServerFlags(values, positionals);
  };

  it.each([
    [['--nats', 'nats://127.0.0.1:1', '--journal', journal], '--table is required: 1 to 32 letters'],
    [[...ok, '--table', 'a.b'], '--table must be 1 to 32 letters, digits, dashes or underscores, got "a.b"'],
    [['--table', 'T1', '--journal', journal], '--nats is required'],
    [[...ok, '--nats', 'http://x:1'], '--nats must use nats:// or tls://'],
    [['--nats', 'nats://127.0.0.1:1', '--table', 'T1'], '--journal is required'],
    [[...ok, '--journal', join(dir, 'no-folder', 'x.db')], 'its folder'],
    [[...ok, '--betting-ms', '50'], '--betting-ms must be from 100 to 600000, got 50'],
    [[...ok, '--betting-ms', 'soon'], '--betting-ms must be a whole number from 100 to 600000'],
    [[...ok, '--replicas', '7'], '--replicas must be from 1 to 5'],
    [[...ok, '--venue-config', join(dir, 'none.json')], '--venue-config: there is no file at'],
    [[...ok, 'extra'], 'unexpected argument "extra"'],
    [ok, 'no approved entropy source'],
  ])('refuses %j with a line naming what is allowed', (argv, message) => {
    expect(check(argv)).toThrow(message);
  });

  it("takes the broker, table, journal, window and the venue config's profile and RNG", () => {
    const flags = check([...ok, '--betting-ms', '250', '--venue-config', venue])();
    expect(flags).toMatchObject({ url: 'nats://127.0.0.1:1', table: 'T1', journalPath: journal, bettingMs: 250 });
    expect(flags.rng).toMatchObject({ port: null, noPort: 'os-approved' });
    expect(flags.config.profile.id).toBe('eight-deck-tie-8-to-1');
  });

  it('says a broker that is down cannot be reached, naming it, and creates no journal', async () => {
    const down = await startNatsServer();
    await down.stop();
    const run = await runCliKilledAfter(
      10_000,
      CLI,
      ...ok,
      '--nats',
      down.url,
      '--venue-config',
      osEntropyVenueFile(dir),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`cannot reach the broker at ${down.url}`);
    expect(existsSync(journal)).toBe(false);
  });
});
