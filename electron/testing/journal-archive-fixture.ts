/**
 * A long journal, written fast, for the retention tests and benches (docs/cabinet-rules.md#retention-and-archive):
 * `n` settled rounds (one stake and one win row each, and two event-log rows: locked and settled) in
 * transactions of 1,000 rounds, straight through the journal's writers, so every row is chained as the
 * cabinet writes it. Critical memory is written at the end with the credits the ledger holds.
 */
import { zeroMeters } from '../core/cabinet/meters.ts';
import type { Journal } from '../storage/journal.ts';
import { sampleCriticalState, sampleOutcome } from './journal-fixtures.ts';

export interface SettledRoundsOptions {
  /** The first round's number (default: the journal's next). */
  readonly firstRoundId?: number;
  /** Stake per round (default 100) and what it returns (default 200: every round won). */
  readonly stakeMinor?: number;
  readonly returnMinor?: number;
}

const START = Date.UTC(2026, 0, 1);

/** Appends `n` settled rounds; returns the credits after them. */
export function writeSettledRounds(j: Journal, n: number, options: SettledRoundsOptions = {}): number {
  const stake = options.stakeMinor ?? 100;
  const ret = options.returnMinor ?? 200;
  const first = options.firstRoundId ?? j.maxRoundId() + 1;
  let balance = j.ledgerBalance(false);
  if (balance < stake * n) {
    const top = stake * n;
    balance += top;
    j.transaction(() =>
      j.appendLedger({
        at: new Date(START).toISOString(),
        kind: 'bill',
        demo: false,
        deltaMinor: top,
        balanceAfterMinor: balance,
      }),
    );
  }
  const outcome = sampleOutcome();
  for (let start = first; start < first + n; start += 1000) {
    j.transaction(() => {
      for (let r = start; r < Math.min(first + n, start + 1000); r++) {
        const at = new Date(START + r * 1000).toISOString();
        j.insertRound({
          roundId: r,
          demo: false,
          bets: { player: stake },
          stakeMinor: stake,
          creditsBeforeMinor: balance,
          at,
        });
        balance -= stake;
        j.appendLedger({
          at,
          kind: 'stake',
          demo: false,
          deltaMinor: -stake,
          roundId: r,
          spot: 'player',
          balanceAfterMinor: balance,
        });
        j.appendEvent('door', at, { code: 'door-opened' });
        j.markDealt(r, outcome, at);
        balance += ret;
        j.appendLedger({
          at,
          kind: 'win',
          demo: false,
          deltaMinor: ret,
          roundId: r,
          spot: 'player',
          balanceAfterMinor: balance,
        });
        j.markSettled(r, { player: ret }, ret, balance, at);
        j.appendEvent('door', at, { code: 'door-closed' });
      }
    });
  }
  const last = first + n - 1;
  j.transaction(() =>
    j.writeCritical(sampleCriticalState({ seq: last, creditsMinor: balance, meters: zeroMeters(), lastRoundId: last })),
  );
  return balance;
}
