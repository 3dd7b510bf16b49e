/**
 * Test helpers for the stadium table as the real process it is in a venue (docs/stadium.md#tests): a venue file that
 * approves OS entropy, the table started with the pinned Node, its ready line awaited on stdout (never a sleep), a
 * SIGKILL for a crash, and a stream reader that sees the table's messages as a terminal's durable consumer would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_VENUE_CONFIG } from '../core/config/venue-config.ts';
import type { Broker, DurableConsumer } from '../stadium/broker.ts';
import { tableStream, tableSubjects } from '../stadium/table-messages.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const CLI = join(ROOT, 'electron', 'stadium', 'table-server-cli.ts');

/** Writes a venue file into `dir` whose RNG is OS entropy the venue approves; returns its path. */
export function osEntropyVenueFile(dir: string): string {
  const path = join(dir, 'venue.json');
  const config = { ...DEFAULT_VENUE_CONFIG, devices: { ...DEFAULT_VENUE_CONFIG.devices } };
  config.devices.rng = { ...config.devices.rng, source: 'os', port: null };
  writeFileSync(path, JSON.stringify(config));
  return path;
}

export interface ReadyLine {
  readonly table: string;
  readonly ready: true;
  readonly publicKey: string;
}

export interface TableProcess {
  readonly child: ChildProcess;
  readonly ready: ReadyLine;
  /** Every stdout line, the ready line first. */
  readonly lines: string[];
  stderr(): string;
  /** SIGKILL: a crash at whatever point the table is. */
  kill(): Promise<void>;
  /** SIGTERM: the table finishes its round and exits; resolves with its exit code. */
  stop(): Promise<number | null>;
}

/** Starts `npm run table-server -- ...args` and resolves on its ready line; rejects with its stderr if it exits. */
export function startTableServer(args: readonly string[]): Promise<TableProcess> {
  const child = spawn(NODE, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines: string[] = [];
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  return new Promise((resolve, reject) => {
    let out = '';
    const early = (code: number | null): void => reject(new Error(`table-server exited (${code}): ${err}`));
    child.once('exit', early);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const parts = out.split('\n');
      out = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        if (lines.length !== 1) continue;
        child.off('exit', early);
        resolve({
          child,
          ready: JSON.parse(line) as ReadyLine,
          lines,
          stderr: () => err,
          kill: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
            await exited;
          },
          stop: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            await exited;
            return child.exitCode;
          },
        });
      }
    });
  });
}

export interface TableMessage {
  readonly kind: 'open' | 'result' | 'void';
  readonly body: Record<string, unknown> & { round: number };
  readonly json: string;
}

/** Reads a table's stream in order through a durable consumer of its own, acking each message. */
export async function tableReader(broker: Broker, table: string, name: string): Promise<() => Promise<TableMessage>> {
  let consumer: DurableConsumer | null = null;
  return async () => {
    consumer ??= await broker.durableConsumer(tableStream(table), name, tableSubjects(table).all, 5_000);
    for (;;) {
      // While the broker is away a pull fails; the reader, like a terminal, asks again until it answers.
      const message = await consumer.next(5_000).catch(() => null);
      if (message === null) continue;
      await message.ack();
      const json = new TextDecoder().decode(message.data);
      const kind = message.subject.split('.').at(-1) as TableMessage['kind'];
      return { kind, body: JSON.parse(json) as TableMessage['body'], json };
    }
  };
}
