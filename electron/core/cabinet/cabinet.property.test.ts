/**
 * Property: whatever a player, the bill acceptor and a technician do, in any
 * order, credits never go negative, no money is created or lost (credits = Σ ledger, each
 * round's wins = settle(bets)), a refused command changes nothing, and meters and recall
 * agree with the journal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPOTS } from '../engine/settlement.ts';
import { auditJournal } from '../../certification/journal-audit.ts';
import { CabinetError } from './cabinet-error.ts';
import { journalOf, openTestCabinet } from '../../testing/cabinet-harness.ts';
import { deterministicRandom, steppingClock, tempJournalPath, testConfig } from '../../testing/fixtures.ts';

const config = testConfig();
const spot = fc.constantFrom(...SPOTS);
const chip = fc.constantFrom(...config.limits.chipDenominationsMinor, 7, 123_456);
const command = fc.oneof(
  fc.record({ t: fc.constant('place' as const), spot, chip }),
  fc.record({ t: fc.constant('remove' as const), spot, chip }),
  fc.record({ t: fc.constant('undo' as const) }),
  fc.record({ t: fc.constant('clear' as const) }),
  fc.record({ t: fc.constant('deal' as const), rngFails: fc.boolean() }),
  fc.record({ t: fc.constant('rebet' as const), m: fc.constantFrom(1 as const, 2 as const) }),
  fc.record({ t: fc.constant('bill' as const), channel: fc.integer({ min: 1, max: 6 }), repeat: fc.boolean() }),
  fc.record({ t: fc.constant('cashout' as const) }),
  fc.record({ t: fc.constant('clear-handpay' as const) }),
  fc.record({ t: fc.constant('door' as const), open: fc.boolean() }),
  fc.record({ t: fc.constant('rng-healthy' as const) }),
);

describe('random command sequences never make credits negative or create money', () => {
  it('holds the journal sum identity after every command', () => {
    fc.assert(
      fc.property(
        fc.array(command, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (cmds, seed) => {
          const tmp = tempJournalPath('prop-');
          const random = deterministicRandom(seed);
          const c = openTestCabinet({ journalPath: tmp.path, config, random, clock: steppingClock() });
          let notes = 0;
          try {
            for (const cmd of cmds) {
              const before = c.snapshot();
              const metersBefore = c.meters();
              try {
                switch (cmd.t) {
                  case 'place':
                    c.placeChip(cmd.spot, cmd.chip);
                    break;
                  case 'remove':
                    c.removeChip(cmd.spot, cmd.chip);
                    break;
                  case 'undo':
                    c.undoChip();
                    break;
                  case 'clear':
                    c.clearBets();
                    break;
                  case 'deal':
                    random.failNext = cmd.rngFails;
                    c.deal();
                    break;
                  case 'rebet':
                    c.rebet(cmd.m);
                    break;
                  case 'bill': {
                    const ch = config.billChannels.find((b) => b.channel === cmd.channel)!;
                    if (c.canAcceptBill(ch.valueMinor).accept) {
                      const key = cmd.repeat && notes > 0 ? `n${notes - 1}` : `n${notes++}`;
                      c.creditBill({ valueMinor: ch.valueMinor, channel: ch.channel, eventKey: key });
                    }
                    break;
                  }
                  case 'cashout':
                    c.cashOut();
                    break;
                  case 'clear-handpay':
                    c.clearHandpay('attendant');
                    break;
                  case 'door':
                    c.setDoorOpen(cmd.open);
                    break;
                  case 'rng-healthy':
                    c.reportDevice({
                      device: 'rng',
                      health: 'healthy',
                      detail: 'ok',
                      detailCode: { code: 'os-entropy-only' },
                    });
                    break;
                }
              } catch (error) {
                if (!(error instanceof CabinetError)) throw error;
                // A refusal changed nothing.
                expect(c.snapshot()).toEqual(before);
                expect(c.meters()).toEqual(metersBefore);
              } finally {
                random.failNext = false;
              }
              const s = c.snapshot();
              expect(s.creditsMinor).toBeGreaterThanOrEqual(0);
              expect(s.tableTotalMinor).toBeLessThanOrEqual(s.creditsMinor);
              expect(s.creditsMinor).toBe(journalOf(c).ledgerBalance(false));
            }
            const report = auditJournal(journalOf(c), config.profile, false);
            expect(report.problems).toEqual([]);
            // No round was ever dealt with a spot below its minimum.
            for (const r of c.recall({ limit: 1_000 })) {
              for (const sp of SPOTS) {
                const v = r.bets[sp];
                if (v !== undefined) expect(v).toBeGreaterThanOrEqual(config.limits.spots[sp].minMinor);
              }
            }
          } finally {
            c.close();
            tmp.cleanup();
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
