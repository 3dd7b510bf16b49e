import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EIGHT_DECK_TIE_8_TO_1 } from '../core/engine/rule-profile.ts';
import { RngUnavailableError } from '../core/random/drbg-random-source.ts';
import { deterministicRandom } from '../testing/fixtures.ts';
import { startNatsServer, type NatsServer } from '../testing/nats-server.ts';
import { tableReader } from '../testing/table-server-process.ts';
import type { Broker } from './broker.ts';
import { connectNatsBroker } from './nats-broker.ts';
import { TableJournal } from './table-journal.ts';
import { TableServer } from './table-server.ts';

describe('a table whose RNG fails', () => {
  let server: NatsServer;
  let broker: Broker;
  let dir: string;
  beforeAll(async () => {
    server = await startNatsServer();
    broker = await connectNatsBroker(server.url, { name: 'rng fault test' });
    dir = mkdtempSync(join(tmpdir(), 'table-rng-'));
  });
  afterAll(async () => {
    await broker?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('voids that round, journals why, deals nothing on doubt, and deals the next round once the RNG is back', async () => {
    const journal = TableJournal.open(join(dir, 'rng.db'), 'RNG');
    // Healthy, then unavailable for the second round only.
    const healthy = deterministicRandom(7);
    let round = 0;
    const random = {
      beforeShuffle: () => void round++,
      nextInt: (bound: number) => {
        if (round === 2) throw new RngUnavailableError('entropy source stalled');
        return healthy.nextInt(bound);
      },
    };
    const lines: string[] = [];
    const table = new TableServer({
      table: 'RNG',
      broker,
      journal,
      privateKey: generateKeyPairSync('ed25519').privateKey,
      profile: EIGHT_DECK_TIE_8_TO_1,
      random,
      bettingMs: 100,
      replicas: 1,
      log: (line) => lines.push(line),
    });
    await table.recover();
    const serving = table.serve();
    const next = await tableReader(broker, 'RNG', 'rng-reader');
    const seen: string[] = [];
    while (seen.length < 6) {
      const m = await next();
      seen.push(`${m.kind} ${m.body.round}`);
    }
    table.stop();
    await serving;
    expect(seen).toEqual(['open 1', 'result 1', 'open 2', 'void 2', 'open 3', 'result 3']);
    expect(journal.round(2)).toEqual({ round: 2, status: 'void', voidCode: 'rng-unavailable', published: true });
    expect(lines).toContain('round 2: the RNG is unavailable (entropy source stalled): void');
    journal.close();
  });
});
