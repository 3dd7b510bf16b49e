/**
 * Property: whatever was played before a memory fault or a lost record-chain key file, a RAM clear leaves
 * no credits and exactly one new unpaid handpay equal to the ledger's sum (none when the sum is 0), and a
 * second RAM clear adds no second handpay (docs/cabinet-rules.md#critical-memory).
 */
import fc from 'fast-check';
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SPOTS } from '../engine/settlement.ts';
import { corruptCriticalCopy } from '../../testing/journal-damage.ts';
import { CabinetError } from './cabinet-error.ts';
import type { CabinetCore } from './cabinet.ts';
import { journalOf, openTestCabinet } from '../../testing/cabinet-harness.ts';
import { deterministicRandom, steppingClock, tempJournalPath, testConfig } from '../../testing/fixtures.ts';

const config = testConfig();
const command = fc.oneof(
  fc.record({
    t: fc.constant('bill' as const),
    channel: fc.constantFrom(...config.billChannels.map((b) => b.channel)),
  }),
  fc.record({
    t: fc.constant('play' as const),
    spot: fc.constantFrom(...SPOTS),
    chip: fc.constantFrom(...config.limits.chipDenominationsMinor),
  }),
  fc.record({ t: fc.constant('cashout' as const) }),
  fc.record({ t: fc.constant('pay-handpay' as const) }),
);
/** Memory fails between rounds, or in the middle of one (its stakes are then refunded into what is owed), or the key file is lost. */
const fault = fc.constantFrom('memory-error' as const, 'memory-error-mid-round' as const, 'lost-key-file' as const);

function unpaid(c: CabinetCore): number[] {
  return journalOf(c)
    .pendingHandpays()
    .map((h) => h.amountMinor);
}

describe('a RAM clear turns exactly the ledger sum into one handpay', () => {
  it('after any play and a memory fault or a lost key file: credits 0, one handpay of the ledger sum, once', () => {
    fc.assert(
      fc.property(
        fc.array(command, { maxLength: 25 }),
        fault,
        fc.integer({ min: 1, max: 1_000_000 }),
        (cmds, how, seed) => {
          const tmp = tempJournalPath('ram-clear-prop-');
          const open = () =>
            openTestCabinet({
              journalPath: tmp.path,
              config,
              random: deterministicRandom(seed),
              clock: steppingClock(),
            });
          let c = open();
          let notes = 0;
          try {
            for (const cmd of cmds) {
              try {
                if (cmd.t === 'bill') {
                  const ch = config.billChannels.find((b) => b.channel === cmd.channel)!;
                  if (c.canAcceptBill(ch.valueMinor).accept)
                    c.creditBill({ valueMinor: ch.valueMinor, channel: ch.channel, eventKey: `n${notes++}` });
                } else if (cmd.t === 'play') {
                  c.placeChip(cmd.spot, cmd.chip);
                  c.deal();
                } else if (cmd.t === 'cashout') c.cashOut();
                else c.clearHandpay('attendant');
              } catch (error) {
                // A refusal (no credits, a tilt, a handpay waiting) changes nothing; anything else is a failure.
                if (!(error instanceof CabinetError)) throw error;
                c.clearBets();
              }
            }
            if (how === 'memory-error') c.raiseFault('memory-error', 'ecc', { code: 'memory-no-good-copy' });
            else if (how === 'memory-error-mid-round') {
              // Both copies go bad once the cards are dealt: the round stays open until the RAM clear.
              const off = c.subscribe((event) => {
                if (event.type !== 'round-dealt') return;
                off();
                corruptCriticalCopy(tmp.path, 'a', 'flip-body');
                corruptCriticalCopy(tmp.path, 'b', 'bad-checksum');
                c.raiseFault('memory-error', 'ecc', { code: 'memory-no-good-copy' });
              });
              try {
                c.placeChip('banker', 100);
                c.deal();
              } catch (error) {
                if (!(error instanceof CabinetError)) throw error;
              }
              off();
              if (!c.snapshot().tilts.some((t) => t.kind === 'memory-error')) {
                c.raiseFault('memory-error', 'ecc', { code: 'memory-no-good-copy' });
              }
            } else {
              c.close();
              rmSync(`${tmp.path}.record-key`);
              c = open();
              expect(c.snapshot().tilts.map((t) => t.kind)).toContain('memory-error');
            }
            // What is owed: the ledger's sum plus the stakes of a round left open (refunded by the clear).
            const openStakes = journalOf(c)
              .openRounds()
              .filter((r) => !r.demo)
              .reduce((total, r) => total + r.stakeMinor, 0);
            const sum = journalOf(c).ledgerBalance(false) + openStakes;
            const before = unpaid(c);

            c.ramClear();
            const after = [...before, ...(sum > 0 ? [sum] : [])];
            expect(c.snapshot().creditsMinor).toBe(0);
            expect(journalOf(c).ledgerBalance(false)).toBe(0);
            expect(unpaid(c)).toEqual(after);
            c.raiseFault('memory-error', 'ecc', { code: 'memory-no-good-copy' });
            c.ramClear();
            expect(unpaid(c)).toEqual(after);
          } finally {
            c.close();
            tmp.cleanup();
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
