/**
 * A stadium table as a venue runs it, for the e2e specs (docs/stadium.md#tests): a real nats-server, the table
 * server as its own process, and terminals that are browser hosts, each its own process with its own journal,
 * joined to the table by the host's stadium flags. Nothing is mocked; `stop()` takes every process down.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNatsServer, type NatsServer } from '../electron/testing/nats-server.ts';
import { osEntropyVenueFile, startTableServer, type TableProcess } from '../electron/testing/table-server-process.ts';
import { venueFile } from './fixtures.ts';
import { startHost, type HostProcess } from './host-process.ts';

export interface StadiumFleet {
  readonly nats: NatsServer;
  /** The table server now running (a restart starts another process on the same journal and key). */
  readonly table: TableProcess;
  readonly tableId: string;
  readonly publicKey: string;
  /** A terminal on a fresh journal of its own, named `name` inside the fleet's folder. */
  startTerminal(name: string, options?: { journal?: string }): Promise<HostProcess>;
  /** The journal path a terminal called `name` runs on (to restart it on the same one). */
  journalOf(name: string): string;
  /**
   * Kills the table server and starts it again: the round it had open is voided and the next one opens at once,
   * so terminals started meanwhile (which never join a window they did not see open) get a window of their own.
   */
  restartTable(): Promise<void>;
  stop(): Promise<void>;
}

export interface FleetOptions {
  /** The table's betting window. */
  readonly bettingMs: number;
  /**
   * The terminals' venue file: the example venue with these changes (e.g. a `stadium` section carrying
   * resultTimeoutMs; the flags give the rest).
   */
  readonly terminalChanges?: Record<string, unknown>;
}

export async function startStadiumFleet(options: FleetOptions): Promise<StadiumFleet> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'baccarat-stadium-'));
  const nats = await startNatsServer();
  const tableId = 'E2E';
  const tableArgs = [
    '--nats',
    nats.url,
    '--table',
    tableId,
    '--journal',
    path.join(dir, 'table.sqlite'),
    '--betting-ms',
    String(options.bettingMs),
    '--venue-config',
    osEntropyVenueFile(dir),
  ];
  let table = await startTableServer(tableArgs).catch(async (error: unknown) => {
    await nats.stop();
    throw error;
  });
  const publicKey = table.ready.publicKey;
  const terminalConfig = venueFile('stadium-terminal', options.terminalChanges ?? {});
  const terminals = new Set<HostProcess>();
  const journalOf = (name: string): string => path.join(dir, `${name}.sqlite`);
  return {
    nats,
    get table() {
      return table;
    },
    tableId,
    publicKey,
    journalOf,
    async restartTable() {
      await table.kill();
      table = await startTableServer(tableArgs);
    },
    async startTerminal(name, choices = {}) {
      const host = await startHost({
        journal: choices.journal ?? journalOf(name),
        args: ['--config', terminalConfig, '--stadium', nats.url, '--table', tableId, '--table-public-key', publicKey],
      });
      terminals.add(host);
      return host;
    },
    async stop() {
      await Promise.all([...terminals].map((t) => (t.exited ? undefined : t.kill('SIGTERM'))));
      // A kill, not a stop: a stop lets the round in progress finish, and a test's window may be long.
      await table.kill();
      await nats.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
