/**
 * A stadium terminal's link to its table (docs/stadium.md#the-link): the one part of a terminal that talks to the
 * broker, and it never touches money. It hears the table's opens live and runs this terminal's close and result
 * timeout (terminal-timers.ts), reads the table's conclusions through its durable consumer and hands each verified
 * one to the core, acking only after the core committed (terminal-conclusions.ts), counts the terminals at the table
 * (terminal-presence.ts), reports the link's state, and sends the core's settled rounds for the venue's records
 * (terminal-report.ts). The core is reached only through its port (electron/core/model/stadium-terminal.ts).
 */
import type { StadiumTerminalPort, StadiumView } from '../core/model/stadium-terminal.ts';
import type { Broker, LinkStatus } from './broker.ts';
import { publicKeyFromRaw } from './result-signature.ts';
import { ConclusionReader } from './terminal-conclusions.ts';
import { Presence } from './terminal-presence.ts';
import { SettledReports } from './terminal-report.ts';
import type { StadiumConfig } from '../core/config/stadium-config.ts';
import { RoundTimers, terminalClock, type TerminalClock } from './terminal-timers.ts';
import { OpenMessageSchema, tableSubjects } from './table-messages.ts';

/** Everything the link asks of the core. */
export type TerminalLinkPort = StadiumTerminalPort;

/** Between attempts to reach a broker that was not there at start. */
const CONNECT_RETRY_MS = 1_000;

export interface TerminalLinkParts {
  /** Reaches the broker; called again after CONNECT_RETRY_MS for as long as it throws. */
  readonly connect: () => Promise<Broker>;
  readonly port: TerminalLinkPort;
  readonly settings: StadiumConfig;
  /** This terminal's id: its durable consumer's name, its presence, its records (docs/stadium.md#the-link). */
  readonly terminal: string;
  readonly clock?: TerminalClock;
  readonly log: (line: string) => void;
}

type LinkState = Pick<StadiumView, 'link' | 'terminals' | 'lagMs'>;

export class TerminalLink {
  private readonly parts: TerminalLinkParts;
  private readonly clock: TerminalClock;
  private readonly timers: RoundTimers;
  private brokerStatus: 'connecting' | LinkStatus = 'connecting';
  /** The result timeout ran out and nothing was heard from the table since. */
  private tableSilent = false;
  private state: LinkState = { link: 'connecting', terminals: 0, lagMs: null };
  private readonly stops: Array<() => void | Promise<void>> = [];
  private stopped = false;
  private started: Promise<void> = Promise.resolve();
  private consuming: () => void = () => undefined;
  /** Resolves once this terminal's durable consumer exists, so every conclusion from then on is owed to it. */
  readonly ready = new Promise<void>((resolve) => (this.consuming = resolve));

  constructor(parts: TerminalLinkParts) {
    this.parts = parts;
    this.clock = parts.clock ?? terminalClock;
    this.timers = new RoundTimers({
      port: parts.port,
      clock: this.clock,
      closeMarginMs: parts.settings.closeMarginMs,
      resultTimeoutMs: parts.settings.resultTimeoutMs,
      failed: (what, error) => parts.log(`${what}: ${error instanceof Error ? error.message : String(error)}`),
      timedOut: () => {
        this.tableSilent = true;
        this.update({});
      },
    });
  }

  /**
   * Starts in the background: the cabinet runs (and shows the link as connecting or unreachable) meanwhile. Bets
   * locked before a restart get their result timeout first, before the broker is tried: a broker or table that never
   * answers again must still end the round in a refund.
   */
  start(): void {
    this.update({}, true);
    let locked: number | null = null;
    try {
      locked = this.parts.port.stadiumLockedRound();
    } catch (error) {
      this.parts.log(`the locked round: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (locked !== null) this.timers.resumedLocked(locked);
    this.started = this.run();
  }

  /** Stops the timers, the reader and the presence, then closes the connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.started;
    this.timers.stop();
    for (const stop of this.stops.splice(0).reverse()) await stop();
  }

  private async run(): Promise<void> {
    const broker = await this.reach();
    if (broker === null) return;
    this.stops.push(() => broker.close());
    if (this.stopped) return;
    const { port, settings, terminal, log } = this.parts;
    const reports = new SettledReports({
      broker,
      port,
      table: settings.table,
      terminal,
      // A venue names every node of its cluster: one copy of the records per node, at most three.
      replicas: Math.min(3, settings.url.split(',').length),
      log,
    });
    this.stops.push(
      broker.onStatus((status) => {
        this.brokerStatus = status;
        this.update({});
        if (status === 'connected') void reports.send();
      }),
    );
    this.brokerStatus = 'connected';
    this.update({});
    this.stops.push(broker.subscribe(tableSubjects(settings.table).open, (_subject, data) => this.heardOpen(data)));
    const presence = new Presence({
      broker,
      clock: this.clock,
      table: settings.table,
      terminal,
      changed: (terminals) => this.update({ terminals }),
      tick: () => {
        if (reports.isOwed()) void reports.send();
      },
    });
    const conclusions = new ConclusionReader({
      broker,
      port,
      table: settings.table,
      terminal,
      publicKey: publicKeyFromRaw(settings.tablePublicKey),
      concluded: (round, outcome) => {
        const lagMs = this.timers.concluded(round);
        this.tableSilent = false;
        this.update(lagMs === null ? {} : { lagMs });
        if (outcome === 'settled') void reports.send();
      },
      log,
    });
    presence.start();
    this.stops.push(() => presence.stop());
    conclusions.start();
    void conclusions.ready.then(() => this.consuming());
    this.stops.push(() => conclusions.stop());
  }

  /** The first connection; retried while the broker is not there, the link shown unreachable meanwhile. */
  private async reach(): Promise<Broker | null> {
    while (!this.stopped) {
      try {
        return await this.parts.connect();
      } catch (error) {
        this.parts.log(`${error instanceof Error ? error.message : String(error)}; again in ${CONNECT_RETRY_MS} ms`);
        this.brokerStatus = 'disconnected';
        this.update({});
        await new Promise<void>((resolve) => this.clock.after(CONNECT_RETRY_MS, resolve));
      }
    }
    return null;
  }

  /**
   * An open heard live: its age is the time it took to arrive, so the terminal's window counts from now. Opens are
   * never read back from the stream: one stored earlier has an age this terminal cannot know without trusting another
   * machine's clock, and a window guessed too long could take bets after the cards exist. A terminal that starts (or
   * reconnects) mid-window waits for the next round (docs/stadium.md#joining-mid-window).
   */
  private heardOpen(data: Uint8Array): void {
    let parsed;
    try {
      parsed = OpenMessageSchema.safeParse(JSON.parse(new TextDecoder().decode(data)));
    } catch {
      parsed = null;
    }
    if (!parsed?.success || parsed.data.table !== this.parts.settings.table) {
      this.parts.log(`an open that is not this table's or not an open: ignored`);
      return;
    }
    this.tableSilent = false;
    this.update({});
    this.timers.opened(parsed.data.round, parsed.data.closesInMs);
  }

  /** Tells the core the link's state when any part of it changed. */
  private update(change: Partial<LinkState>, always = false): void {
    const link: StadiumView['link'] =
      this.brokerStatus === 'connecting'
        ? 'connecting'
        : this.brokerStatus === 'disconnected' || this.tableSilent
          ? 'unreachable'
          : 'connected';
    const next = { ...this.state, ...change, link };
    if (
      !always &&
      next.link === this.state.link &&
      next.terminals === this.state.terminals &&
      next.lagMs === this.state.lagMs
    ) {
      return;
    }
    this.state = next;
    try {
      this.parts.port.stadiumLink(next);
    } catch (error) {
      this.parts.log(`the link's state: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
