import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServer } from '../testing/nats-server.ts';
import { connectNatsBroker } from './nats-broker.ts';
import { DUPLICATE_WINDOW_MS } from './table-server.ts';
import { tableStream, tableSubjects } from './table-messages.ts';

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

  it('refuses a wrong password', async () => {
    await expect(as('table-T1', 'guess')).rejects.toMatchObject({ code: 'unreachable' });
  });
});
