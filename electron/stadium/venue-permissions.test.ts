import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServer } from '../testing/nats-server.ts';
import { recordingPort } from '../testing/recording-stadium-port.ts';
import { until } from '../testing/until.ts';
import { connectNatsBroker } from './nats-broker.ts';
import { rawPublicKey, signResult } from './result-signature.ts';
import { TerminalLink } from './terminal-link.ts';
import { DUPLICATE_WINDOW_MS } from './table-server.ts';
import { encodeMessage, tableStream, tableSubjects } from './table-messages.ts';
import { settledStream, settledSubject } from './terminal-report.ts';

/**
 * The node config docs/stadium.md#venue-set-up gives, less its cluster block (the test runs one node) and its store
 * folder (the harness gives a temporary one).
 */
function documentedConfig(): string {
  const doc = readFileSync(new URL('../../docs/stadium.md', import.meta.url), 'utf8');
  const block = /```\n(server_name: node-a\n[\s\S]*?)```/.exec(doc)?.[1];
  if (block === undefined) throw new Error('docs/stadium.md has no node-a config block');
  return block.replace(/^cluster \{[\s\S]*?^\}\n/m, '').replace(/^jetstream \{.*\}\n/m, '');
}

const PASSWORDS = { TABLE_T1_PASSWORD: 'table-secret', TERMINAL_C042_PASSWORD: 'terminal-secret' };
const stream = (table: string) => ({
  name: tableStream(table),
  subjects: [tableSubjects(table).all],
  duplicateWindowMs: DUPLICATE_WINDOW_MS,
  replicas: 1,
});
const bytes = new TextEncoder().encode('{}');

describe("the venue's NATS users as docs/stadium.md sets them up", () => {
  let server: NatsServer;
  beforeAll(async () => {
    server = await startNatsServer({ config: documentedConfig(), env: PASSWORDS });
  });
  afterAll(() => server?.stop());

  const as = (user: string, pass: string) => connectNatsBroker(server.url, { name: user, user, pass });

  it('lets table T1 keep its stream and publish its own subjects, and nothing of table T2', async () => {
    const table = await as('table-T1', PASSWORDS.TABLE_T1_PASSWORD);
    try {
      await table.ensureStream(stream('T1'));
      await table.publish(tableSubjects('T1').result, bytes, '1');
      expect(await table.lastOnSubject(tableStream('T1'), tableSubjects('T1').result)).not.toBeNull();
      await expect(table.ensureStream(stream('T2'))).rejects.toThrow('Permissions Violation');
    } finally {
      await table.close();
    }
  });

  it("lets a terminal read a table's stream through its durable consumer, and never publish as the table", async () => {
    const terminal = await as('terminal-C042', PASSWORDS.TERMINAL_C042_PASSWORD);
    try {
      const consumer = await terminal.durableConsumer(tableStream('T1'), 'C042', tableSubjects('T1').all, 5_000);
      const message = await consumer.next(2_000);
      expect(message?.subject).toBe(tableSubjects('T1').result);
      await message!.ack();
      await expect(terminal.publish(tableSubjects('T1').result, bytes, 'forged')).rejects.toThrow();
    } finally {
      await terminal.close();
    }
  });

  it("lets a terminal create its table's records stream and report its own settled bets, never another's, and never change the stream", async () => {
    const terminal = await as('terminal-C042', PASSWORDS.TERMINAL_C042_PASSWORD);
    const records = {
      name: settledStream('T1'),
      subjects: [settledSubject('T1', '*')],
      duplicateWindowMs: DUPLICATE_WINDOW_MS,
      replicas: 1,
    };
    try {
      await terminal.createStreamIfMissing(records);
      await terminal.createStreamIfMissing(records);
      expect((await terminal.publish(settledSubject('T1', 'C042'), bytes, 'C042-1')).duplicate).toBe(false);
      await expect(terminal.publish(settledSubject('T1', 'C043'), bytes, 'C043-1')).rejects.toThrow();
      await expect(terminal.ensureStream({ ...records, duplicateWindowMs: 1_000 })).rejects.toThrow(
        'Permissions Violation',
      );
    } finally {
      await terminal.close();
    }
  });

  it('lets a terminal link do all it does as its user: hear the open, settle, count itself present, report', async () => {
    const key = generateKeyPairSync('ed25519');
    const table = await as('table-T1', PASSWORDS.TABLE_T1_PASSWORD);
    const port = recordingPort();
    const link = new TerminalLink({
      connect: () => as('terminal-C042', PASSWORDS.TERMINAL_C042_PASSWORD),
      port,
      settings: {
        url: server.url,
        table: 'T1',
        tablePublicKey: rawPublicKey(key.publicKey),
        resultTimeoutMs: 5_000,
        closeMarginMs: 100,
      },
      terminal: 'C042',
      log: () => undefined,
    });
    link.start();
    try {
      await table.ensureStream(stream('T1'));
      await link.ready;
      await until(() => port.last()?.terminals === 1, 'the terminal hears its own presence');
      await table.publish(
        tableSubjects('T1').open,
        encodeMessage({ table: 'T1', round: 2, closesInMs: 200 }),
        '2-open',
      );
      await port.until((c) => c.call === 'close' && c.round === 2);
      const cards = [
        { rank: '9', suit: 'S' },
        { rank: '2', suit: 'H' },
        { rank: 'K', suit: 'D' },
        { rank: '3', suit: 'C' },
      ] as const;
      const outcome = {
        winner: 'player',
        playerTotal: 9,
        bankerTotal: 5,
        natural: true,
        playerPair: false,
        bankerPair: false,
      } as const;
      const result = signResult({ table: 'T1', round: 2, cards: [...cards], outcome }, key.privateKey);
      await table.publish(tableSubjects('T1').result, encodeMessage(result), '2');
      expect(await port.until((c) => c.call === 'result' && c.round === 2)).toMatchObject({ outcome: 'settled' });
      await until(() => port.reported.includes(2), 'round 2 reported for the records');
    } finally {
      await link.stop();
      await table.close();
    }
  });

  it('refuses a wrong password', async () => {
    await expect(as('table-T1', 'guess')).rejects.toMatchObject({ code: 'unreachable' });
  });
});
