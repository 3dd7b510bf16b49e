/**
 * A stand-in for the cabinet core's side of the stadium port (electron/core/model/stadium-terminal.ts), for the
 * link's tests (docs/stadium.md#tests): it records every call in order and keeps just enough state to answer as the
 * core would (a round is concluded once; a result for a voided round is late; a closed round locks a stake of 100 and
 * its settle goes to the outbox). It is our own port's test double; the broker and the table are always real.
 */
import type {
  ConclusionOutcome,
  StadiumFaultCause,
  StadiumSettledReport,
  StadiumView,
  StadiumVoidCause,
  VerifiedResult,
} from '../core/model/stadium-terminal.ts';
import type { TerminalLinkPort } from '../stadium/terminal-link.ts';

export type PortCall =
  | { readonly call: 'open'; readonly round: number; readonly closesInMs: number }
  | { readonly call: 'close'; readonly round: number }
  | { readonly call: 'result'; readonly round: number; readonly cards: string; readonly outcome: ConclusionOutcome }
  | {
      readonly call: 'void';
      readonly round: number;
      readonly cause: StadiumVoidCause;
      readonly outcome: ConclusionOutcome;
    }
  | { readonly call: 'fault'; readonly round: number | null; readonly cause: StadiumFaultCause }
  /** A call that threw as failNext asked, committing nothing. */
  | { readonly call: 'failed'; readonly method: Method; readonly round: number }
  | ({ readonly call: 'link' } & Pick<StadiumView, 'link' | 'terminals' | 'lagMs'>);

type Method = 'stadiumOpen' | 'stadiumClose' | 'stadiumResult' | 'stadiumVoid' | 'stadiumReported';

export interface RecordingPort extends TerminalLinkPort {
  readonly calls: PortCall[];
  /** Rounds reported for the records, in order. */
  readonly reported: number[];
  /** The next call of `method` throws, as a failed journal commit would, committing nothing. */
  failNext(method: Method): void;
  /** Resolves with the first call (now or later) that `match` accepts. */
  until<C extends PortCall>(match: (call: PortCall) => call is C, timeoutMs?: number): Promise<C>;
  until(match: (call: PortCall) => boolean, timeoutMs?: number): Promise<PortCall>;
  /** The link's state as last reported. */
  last(): Pick<StadiumView, 'link' | 'terminals' | 'lagMs'> | null;
}

const cardText = (result: VerifiedResult): string => result.cards.map((c) => `${c.rank}${c.suit}`).join(' ');

/**
 * `terminal`: the id the stand-in's journal would keep, named in its reports as the core names it. `lockedRound`: the
 * table round the stand-in's journal holds locked bets in from before the link started, as after a restart.
 */
export function recordingPort(terminal = 'R1', lockedRound: number | null = null): RecordingPort {
  const calls: PortCall[] = [];
  const reported: number[] = [];
  const waiters = new Set<(call: PortCall) => void>();
  const failing = new Set<Method>();
  const locked = new Set<number>(lockedRound === null ? [] : [lockedRound]);
  const concluded = new Map<number, 'result' | 'void'>();
  const outbox: StadiumSettledReport[] = [];

  const record = (call: PortCall): void => {
    calls.push(call);
    for (const waiter of [...waiters]) waiter(call);
  };
  const maybeFail = (method: Method, round: number): void => {
    if (!failing.delete(method)) return;
    record({ call: 'failed', method, round });
    throw new Error(`${method}: the journal refused the commit (test)`);
  };

  return {
    calls,
    reported,
    failNext: (method) => void failing.add(method),
    until: (match: (call: PortCall) => boolean, timeoutMs = 10_000): Promise<PortCall> => {
      const found = calls.find(match);
      if (found) return Promise.resolve(found);
      return new Promise<PortCall>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching port call within ${timeoutMs} ms; calls: ${JSON.stringify(calls)}`));
        }, timeoutMs);
        const waiter = (call: PortCall): void => {
          if (!match(call)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(call);
        };
        waiters.add(waiter);
      });
    },
    last: () => {
      const link = calls.findLast((c) => c.call === 'link');
      return link?.call === 'link' ? { link: link.link, terminals: link.terminals, lagMs: link.lagMs } : null;
    },
    stadiumOpen: (round, closesInMs) => {
      maybeFail('stadiumOpen', round);
      record({ call: 'open', round, closesInMs });
    },
    stadiumClose: (round) => {
      maybeFail('stadiumClose', round);
      locked.add(round);
      record({ call: 'close', round });
    },
    stadiumResult: (result) => {
      maybeFail('stadiumResult', result.round);
      const before = concluded.get(result.round);
      const outcome: ConclusionOutcome =
        before === 'void'
          ? 'late-for-void'
          : before === 'result'
            ? 'already-concluded'
            : locked.has(result.round)
              ? 'settled'
              : 'recorded';
      if (before === undefined) concluded.set(result.round, 'result');
      if (outcome === 'settled') {
        outbox.push({
          terminal,
          table: result.table,
          round: result.round,
          roundId: result.round,
          status: 'settled',
          bets: { banker: 100 },
          stakeMinor: 100,
          returns: {},
          returnMinor: 0,
          cards: result.cards,
          concludedAt: new Date(0).toISOString(),
        });
      }
      record({ call: 'result', round: result.round, cards: cardText(result), outcome });
      return outcome;
    },
    stadiumVoid: (round, cause) => {
      maybeFail('stadiumVoid', round);
      const outcome: ConclusionOutcome = concluded.has(round) ? 'already-concluded' : 'recorded';
      if (outcome === 'recorded') concluded.set(round, 'void');
      record({ call: 'void', round, cause, outcome });
      return outcome;
    },
    stadiumFault: (cause, round) => record({ call: 'fault', round, cause }),
    stadiumLink: (state) => record({ call: 'link', ...state }),
    stadiumTerminalId: () => terminal,
    stadiumLockedRound: () => [...locked].find((round) => !concluded.has(round)) ?? null,
    stadiumUnreported: (limit) => outbox.slice(0, limit),
    stadiumReported: (_table, round) => {
      maybeFail('stadiumReported', round);
      const at = outbox.findIndex((r) => r.round === round);
      if (at < 0) return false;
      outbox.splice(at, 1);
      reported.push(round);
      return true;
    },
  };
}
