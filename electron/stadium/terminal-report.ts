/**
 * The terminal's settled bets for the venue's records (docs/stadium.md#settled-bets-for-the-records): after each
 * settle the core keeps the round in an outbox (its journal); this publishes every round the outbox still holds on
 * `stadium.settled.<table>.<terminal>` into the stream STADIUM_SETTLED_<table>, message id `<terminal>-<round>` so a
 * re-send after a crash is kept once, and only then tells the core it was reported. The table's operator sees the
 * money only after the cards: nothing here is sent before the round settled.
 */
import type { StadiumTerminalPort } from '../core/model/stadium-terminal.ts';
import type { Broker } from './broker.ts';
import { DUPLICATE_WINDOW_MS } from './table-server.ts';

/** The core's outbox (docs/stadium.md#the-cores-side): what it still owes the records, and the mark that it was sent. */
export type StadiumReportPort = Pick<StadiumTerminalPort, 'stadiumUnreported' | 'stadiumReported'>;

/** How many reports one read of the outbox takes; the next read takes the rest. */
const OUTBOX_BATCH = 100;

export function settledSubject(table: string, terminal: string): string {
  return `stadium.settled.${table}.${terminal}`;
}

export function settledStream(table: string): string {
  return `STADIUM_SETTLED_${table}`;
}

export interface ReportParts {
  readonly broker: Broker;
  readonly port: StadiumReportPort;
  readonly table: string;
  readonly terminal: string;
  readonly replicas: number;
  readonly log: (line: string) => void;
}

/** Sends what the outbox owes; one send at a time, a failed one left owed for the next call. */
export class SettledReports {
  private readonly parts: ReportParts;
  private streamReady = false;
  private sending: Promise<void> | null = null;
  /** A send was asked for while one ran: the outbox may hold a round that one did not see. */
  private again = false;
  private owed = true;
  private lastFailure = '';

  constructor(parts: ReportParts) {
    this.parts = parts;
  }

  /** True while the last send failed or the outbox has not been read since start. */
  isOwed(): boolean {
    return this.owed;
  }

  send(): Promise<void> {
    if (this.sending !== null) {
      this.again = true;
      return this.sending;
    }
    this.sending = (async () => {
      do {
        this.again = false;
        await this.sendAll();
      } while (this.again && !this.owed);
    })().finally(() => (this.sending = null));
    return this.sending;
  }

  private async sendAll(): Promise<void> {
    const { broker, port, table, terminal, log } = this.parts;
    try {
      await this.ensureStream();
      for (
        let batch = port.stadiumUnreported(OUTBOX_BATCH);
        batch.length > 0;
        batch = port.stadiumUnreported(OUTBOX_BATCH)
      ) {
        for (const report of batch) {
          await broker.publish(
            settledSubject(table, terminal),
            new TextEncoder().encode(JSON.stringify(report)),
            `${terminal}-${report.round}`,
          );
          this.streamReady = true;
          port.stadiumReported(report.table, report.round);
        }
      }
      this.owed = false;
      this.lastFailure = '';
    } catch (error) {
      this.owed = true;
      const why = error instanceof Error ? error.message : String(error);
      // Tried again every presence period: the same failure is logged once.
      if (why !== this.lastFailure) log(`settled bets not reported yet (${why}); tried again`);
      this.lastFailure = why;
    }
  }

  /**
   * The first terminal of the table creates the stream; none may change it (docs/stadium.md#venue-set-up). A venue
   * that creates it itself and withholds even that right makes this fail once, and the publishes go on regardless.
   */
  private async ensureStream(): Promise<void> {
    if (this.streamReady) return;
    const { broker, table, replicas } = this.parts;
    await broker
      .createStreamIfMissing({
        name: settledStream(table),
        subjects: [settledSubject(table, '*')],
        duplicateWindowMs: DUPLICATE_WINDOW_MS,
        replicas,
      })
      .then(
        () => (this.streamReady = true),
        (error: unknown) => {
          // Refused by the venue's permissions: asking again would be refused again.
          if (/permissions violation/i.test(String(error))) this.streamReady = true;
          this.parts.log(`the records stream: ${String(error)}`);
        },
      );
  }
}
