/** The terminal's settled bets for the venue's records (docs/stadium.md#settled-bets-for-the-records), on a real nats-server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServer } from '../testing/nats-server.ts';
import type { Broker } from './broker.ts';
import { connectNatsBroker } from './nats-broker.ts';
import type { StadiumSettledReport } from '../core/model/stadium-terminal.ts';
import { SettledReports, settledStream, settledSubject, type StadiumReportPort } from './terminal-report.ts';

/** A settled round of table R as the core's outbox holds it: 5.00 on Player, paid 10.00. */
function settledRound(round: number): StadiumSettledReport {
  return {
    terminal: 'A1',
    table: 'R',
    round,
    roundId: round + 100,
    status: 'settled',
    bets: { player: 500 },
    stakeMinor: 500,
    returns: { player: 1000 },
    returnMinor: 1000,
    cards: null,
    concludedAt: '2026-12-07T12:00:00.000Z',
  };
}

/** The core's outbox as a list; `reported` in the order the link told it. */
function outbox(...rounds: number[]): StadiumReportPort & { add(round: number): void; reported: number[] } {
  const held: StadiumSettledReport[] = [];
  const reported: number[] = [];
  const add = (round: number): void => void held.push(settledRound(round));
  rounds.forEach(add);
  return {
    add,
    reported,
    stadiumUnreported: (limit) => held.slice(0, limit),
    stadiumReported: (_table, round) => {
      const at = held.findIndex((r) => r.round === round);
      if (at < 0) return false;
      held.splice(at, 1);
      reported.push(round);
      return true;
    },
  };
}

describe('SettledReports', () => {
  let server: NatsServer;
  let broker: Broker;
  let reader: Broker;
  beforeAll(async () => {
    server = await startNatsServer();
    broker = await connectNatsBroker(server.url, { name: 'reporting terminal' });
    reader = await connectNatsBroker(server.url, { name: 'records reader' });
  });
  afterAll(async () => {
    await broker?.close();
    await reader?.close();
    await server?.stop();
  });

  const reportsFor = (port: StadiumReportPort, terminal: string, logs: string[] = []) =>
    new SettledReports({ broker, port, table: 'R', terminal, replicas: 1, log: (line) => void logs.push(line) });

  it('sends every settled round the outbox holds, oldest first, then tells the core; a round sent again is kept once', async () => {
    const port = outbox(4, 5);
    await reportsFor(port, 'A1').send();
    expect(port.reported).toEqual([4, 5]);
    const stored = await reader.lastOnSubject(settledStream('R'), settledSubject('R', 'A1'));
    expect(JSON.parse(new TextDecoder().decode(stored!.data))).toEqual(settledRound(5));
    // The core died before it marked round 5 reported: the link sends it again, and the stream keeps one.
    const again = await broker.publish(settledSubject('R', 'A1'), stored!.data, 'A1-5');
    expect(again).toEqual({ sequence: stored!.sequence, duplicate: true });
  });

  it('sends a round that settled while a send was running, after that send read the outbox', async () => {
    const port = outbox(1);
    const reports = reportsFor(port, 'A2');
    let during: Promise<void> | null = null;
    const told = port.stadiumReported;
    port.stadiumReported = (table, round) => {
      const marked = told(table, round);
      if (round === 1) {
        port.add(2);
        during = reports.send();
      }
      return marked;
    };
    await reports.send();
    await during;
    expect(port.reported).toEqual([1, 2]);
  });

  it('keeps a round owed while the broker is away, and sends it once it is back', async () => {
    const port = outbox(8);
    const logs: string[] = [];
    const reports = reportsFor(port, 'A3', logs);
    await reports.send();
    port.add(9);
    await server.kill();
    await reports.send();
    expect({ owed: reports.isOwed(), reported: port.reported }).toEqual({ owed: true, reported: [8] });
    const back = new Promise<void>((resolve) => broker.onStatus((status) => status === 'connected' && resolve()));
    await server.restart();
    await back;
    await reports.send();
    expect(port.reported).toEqual([8, 9]);
    expect(logs.filter((line) => line.startsWith('settled bets not reported yet')).length).toBeGreaterThanOrEqual(1);
  });
});
