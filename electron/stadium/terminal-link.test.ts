/**
 * The terminal's link against a real nats-server (docs/stadium.md#the-link): first with a real table server process,
 * then with a table this test speaks for itself, so it can publish what a table never would (a forged signature,
 * a message that is not JSON) and time a broker crash between an open and its result. The core is our own recording
 * stand-in of its port; nothing of the broker is mocked.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServer } from '../testing/nats-server.ts';
import { recordingPort, type PortCall, type RecordingPort } from '../testing/recording-stadium-port.ts';
import { osEntropyVenueFile, startTableServer, type TableProcess } from '../testing/table-server-process.ts';
import { until } from '../testing/until.ts';
import type { Broker } from './broker.ts';
import { connectNatsBroker } from './nats-broker.ts';
import { rawPublicKey, signResult } from './result-signature.ts';
import { encodeMessage, tableStream, tableSubjects } from './table-messages.ts';
import { DUPLICATE_WINDOW_MS } from './table-server.ts';
import { TerminalLink } from './terminal-link.ts';
import { settledStream, settledSubject } from './terminal-report.ts';

type ResultCall = Extract<PortCall, { call: 'result' }>;

interface LinkOptions {
  readonly logs?: string[];
  readonly pingIntervalMs?: number;
  readonly resultTimeoutMs?: number;
}

function linkFor(
  url: string,
  table: string,
  publicKey: string,
  terminal: string,
  port: RecordingPort,
  options: LinkOptions = {},
) {
  const { logs = [], pingIntervalMs = 1_000, resultTimeoutMs = 1_500 } = options;
  const link = new TerminalLink({
    connect: () => connectNatsBroker(url, { name: `terminal ${terminal}`, pingIntervalMs }),
    port,
    settings: { url, table, tablePublicKey: publicKey, resultTimeoutMs, closeMarginMs: 150 },
    terminal,
    log: (line) => void logs.push(line),
  });
  link.start();
  return link;
}

const results = (port: RecordingPort): ResultCall[] => port.calls.filter((c): c is ResultCall => c.call === 'result');
const indexOf = (port: RecordingPort, call: string, round: number) =>
  port.calls.findIndex((c) => c.call === call && 'round' in c && c.round === round);

describe('terminals at a real table server', () => {
  let server: NatsServer;
  let dir: string;
  let table: TableProcess;
  let tableArgs: string[];
  beforeAll(async () => {
    server = await startNatsServer();
    dir = mkdtempSync(join(tmpdir(), 'stadium-link-'));
    tableArgs = [
      ...['--nats', server.url, '--table', 'T1', '--journal', join(dir, 'T1.db')],
      ...['--betting-ms', '700', '--venue-config', osEntropyVenueFile(dir)],
    ];
    table = await startTableServer(tableArgs);
  });
  afterAll(async () => {
    await table?.kill();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('three terminals open, close and settle each round in step with the table, count each other present and report what they settled', async () => {
    const ports = [recordingPort('C1'), recordingPort('C2'), recordingPort('C3')];
    const links = ports.map((port, i) =>
      linkFor(server.url, 'T1', table.ready.publicKey, `C${i + 1}`, port, { resultTimeoutMs: 5_000 }),
    );
    try {
      await until(
        () => ports.every((port) => results(port).filter((r) => r.outcome === 'settled').length >= 2),
        'two settled rounds at each terminal',
      );
      await until(() => ports.every((port) => port.last()?.terminals === 3), 'each terminal counts three present');
      const settled = ports.map((port) => results(port).filter((r) => r.outcome === 'settled'));
      const common = settled[0]!.map((r) => r.round).filter((n) => settled.every((s) => s.some((r) => r.round === n)));
      expect(common.length).toBeGreaterThanOrEqual(1);
      for (const round of common) {
        // One set of cards for every terminal, and each heard open, then closed, then the result.
        expect(new Set(settled.map((s) => s.find((r) => r.round === round)!.cards)).size).toBe(1);
        for (const port of ports) {
          expect(indexOf(port, 'open', round)).toBeLessThan(indexOf(port, 'close', round));
          expect(indexOf(port, 'close', round)).toBeLessThan(indexOf(port, 'result', round));
          expect(port.calls.find((c) => c.call === 'open' && c.round === round)).toMatchObject({ closesInMs: 700 });
        }
      }
      expect(ports.every((port) => port.last()?.link === 'connected' && port.last()!.lagMs !== null)).toBe(true);
      // The settled rounds went to the records stream, then left the outbox.
      await until(() => ports.every((port, i) => port.reported.includes(settled[i]![0]!.round)), 'reports sent');
      const reader = await connectNatsBroker(server.url, { name: 'records reader' });
      try {
        const stored = await reader.lastOnSubject(settledStream('T1'), settledSubject('T1', 'C1'));
        expect(JSON.parse(new TextDecoder().decode(stored!.data))).toMatchObject({ table: 'T1', terminal: 'C1' });
      } finally {
        await reader.close();
      }
    } finally {
      await Promise.all(links.map((link) => link.stop()));
    }
  });

  it('acks a conclusion only after the core committed it: a commit that fails is delivered again and taken once', async () => {
    const port = recordingPort();
    const logs: string[] = [];
    port.failNext('stadiumResult');
    const link = linkFor(server.url, 'T1', table.ready.publicKey, 'C-RETRY', port, { logs, resultTimeoutMs: 5_000 });
    try {
      await until(() => results(port).length >= 2, 'two results taken');
      expect(logs.some((line) => line.includes('not taken'))).toBe(true);
      const failed = port.calls.find((c): c is Extract<PortCall, { call: 'failed' }> => c.call === 'failed');
      // The round whose commit failed is the first one taken, once, and the next follows it.
      const rounds = results(port).map((r) => r.round);
      expect(rounds.slice(0, 2)).toEqual([failed!.round, failed!.round + 1]);
    } finally {
      await link.stop();
    }
  });

  it("voids at once the round whose table was killed mid-window, when the table's restart publishes its void", async () => {
    const port = recordingPort();
    // A timeout far longer than the table's restart: the void must come from the table.
    const link = linkFor(server.url, 'T1', table.ready.publicKey, 'C-VOID', port, { resultTimeoutMs: 20_000 });
    try {
      await link.ready;
      const opened = await port.until((c): c is Extract<PortCall, { call: 'open' }> => c.call === 'open');
      await table.kill();
      table = await startTableServer(tableArgs);
      const voided = await port.until((c) => c.call === 'void');
      expect(voided).toMatchObject({ round: opened.round, cause: 'table-void' });
      // The table's restart, not the terminal's own timeout, ended the round.
      expect(port.calls.some((c) => c.call === 'void' && c.cause === 'result-timeout')).toBe(false);
    } finally {
      await link.stop();
    }
  });
});

describe('a table this test speaks for', () => {
  const TABLE = 'OWN';
  let server: NatsServer;
  let broker: Broker;
  let tableKey: KeyObject;
  let publicKey: string;
  let forgerKey: KeyObject;
  beforeAll(async () => {
    server = await startNatsServer();
    broker = await connectNatsBroker(server.url, { name: 'own table' });
    await broker.ensureStream({
      name: tableStream(TABLE),
      subjects: [tableSubjects(TABLE).all],
      duplicateWindowMs: DUPLICATE_WINDOW_MS,
      replicas: 1,
    });
    const pair = generateKeyPairSync('ed25519');
    tableKey = pair.privateKey;
    publicKey = rawPublicKey(pair.publicKey);
    forgerKey = generateKeyPairSync('ed25519').privateKey;
  });
  afterAll(async () => {
    await broker?.close();
    await server?.stop();
  });

  const subjects = tableSubjects(TABLE);
  const result = (round: number, key = tableKey, table = TABLE) =>
    encodeMessage(
      signResult(
        {
          table,
          round,
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
        },
        key,
      ),
    );
  const open = (round: number, closesInMs: number) =>
    broker.publish(subjects.open, encodeMessage({ table: TABLE, round, closesInMs }), `${round}-open`);

  it("faults on a forged signature, a message that is not JSON and another table's result, and voids on the table's void", async () => {
    const port = recordingPort();
    const link = linkFor(server.url, TABLE, publicKey, 'F1', port);
    try {
      await link.ready;
      await broker.publish(subjects.result, result(1, forgerKey), '1');
      await broker.publish(subjects.result, new TextEncoder().encode('{"table":"OWN","round":'), '2');
      await broker.publish(subjects.void, encodeMessage({ table: TABLE, round: 3 }), '3');
      await broker.publish(subjects.result, result(4, tableKey, 'OTHER'), '4');
      await broker.publish(subjects.result, result(5), '5');
      await port.until((c) => c.call === 'result' && c.round === 5);
      expect(port.calls.filter((c) => c.call !== 'link')).toEqual([
        { call: 'fault', cause: 'bad-signature', round: 1 },
        { call: 'fault', cause: 'bad-message', round: null },
        { call: 'void', round: 3, cause: 'table-void', outcome: 'recorded' },
        { call: 'fault', cause: 'bad-message', round: 4 },
        { call: 'result', round: 5, cards: '9S 2H KD 3C', outcome: 'recorded' },
      ]);
    } finally {
      await link.stop();
    }
  });

  it('shows the link unreachable when the broker dies, voids the locked round at the timeout, and after the restart takes what it was owed', async () => {
    const port = recordingPort();
    const link = linkFor(server.url, TABLE, publicKey, 'K1', port);
    try {
      await link.ready;
      await until(() => port.last()?.link === 'connected', 'connected');
      // Round 9's result fails to commit once; the broker dies before the redelivery.
      port.failNext('stadiumResult');
      await broker.publish(subjects.result, result(9), '9');
      await open(10, 300);
      await port.until((c) => c.call === 'close' && c.round === 10);
      await server.kill();
      await port.until((c) => c.call === 'link' && c.link === 'unreachable');
      await port.until((c) => c.call === 'void' && c.round === 10 && c.cause === 'result-timeout');
      await server.restart();
      await port.until((c) => c.call === 'result' && c.round === 9);
      await until(() => port.last()?.link === 'connected', 'connected again');
      // Round 10's result comes after its timeout: late, and ignored by the core.
      await broker.publish(subjects.result, result(10), '10');
      expect(await port.until((c) => c.call === 'result' && c.round === 10)).toMatchObject({
        outcome: 'late-for-void',
      });
      expect(results(port).map((r) => r.round)).toEqual([9, 10]);
    } finally {
      await link.stop();
    }
  });

  it('shows the link unreachable when the broker stops answering without closing the connection (a cut cable), and connected once it answers again', async () => {
    const port = recordingPort();
    const link = linkFor(server.url, TABLE, publicKey, 'CUT', port, { pingIntervalMs: 400 });
    try {
      await until(() => port.last()?.link === 'connected', 'connected');
      server.freeze();
      await port.until((c) => c.call === 'link' && c.link === 'unreachable');
      server.thaw();
      await until(() => port.last()?.link === 'connected', 'connected again');
    } finally {
      server.thaw();
      await link.stop();
    }
  });

  it('voids at its result timeout the round a terminal restarted with locked bets in, when the table never answers, and takes the late result as late', async () => {
    const port = recordingPort('L1', 30);
    const link = linkFor(server.url, TABLE, publicKey, 'L1', port, { resultTimeoutMs: 1_000 });
    try {
      await link.ready;
      expect(await port.until((c) => c.call === 'void')).toMatchObject({ round: 30, cause: 'result-timeout' });
      await broker.publish(subjects.result, result(30), '30');
      expect(await port.until((c) => c.call === 'result' && c.round === 30)).toMatchObject({
        outcome: 'late-for-void',
      });
      expect(port.calls.some((c) => c.call === 'open' || c.call === 'close')).toBe(false);
    } finally {
      await link.stop();
    }
  });

  it('replays to a restarted terminal, in order, what its consumer was owed while it was off', async () => {
    const before = recordingPort();
    const first = linkFor(server.url, TABLE, publicKey, 'R1', before);
    await first.ready;
    await first.stop();
    await broker.publish(subjects.result, result(20), '20');
    await broker.publish(subjects.void, encodeMessage({ table: TABLE, round: 21 }), '21');
    const after = recordingPort();
    const second = linkFor(server.url, TABLE, publicKey, 'R1', after);
    try {
      await after.until((c) => c.call === 'void' && c.round === 21);
      expect(after.calls.filter((c) => c.call === 'result' || c.call === 'void').map((c) => c.round)).toEqual([20, 21]);
    } finally {
      await second.stop();
    }
  });
});
