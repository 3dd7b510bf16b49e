import fc from 'fast-check';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, onTestFinished } from 'vitest';
import { tempJournal } from '../testing/journal-fixtures.ts';

function journal() {
  const t = tempJournal();
  onTestFinished(t.cleanup);
  return t;
}

describe('the ledger', () => {
  it('money rows are only written inside a transaction, and a note key is credited once', () => {
    const { journal: j } = journal();
    expect(() => j.appendLedger({ at: 't', kind: 'bill', demo: false, deltaMinor: 1, balanceAfterMinor: 1 })).toThrow(
      /inside a journal transaction/,
    );
    j.transaction(() =>
      j.appendLedger({ at: 't', kind: 'bill', demo: false, deltaMinor: 1, eventKey: 'a', balanceAfterMinor: 1 }),
    );
    // The same event key twice is refused by the UNIQUE constraint.
    expect(() =>
      j.transaction(() =>
        j.appendLedger({ at: 't', kind: 'bill', demo: false, deltaMinor: 1, eventKey: 'a', balanceAfterMinor: 2 }),
      ),
    ).toThrow(/UNIQUE/);
    expect(j.ledgerBalance(false)).toBe(1);
    expect(j.billKeyCredited('a')).toBe(true);
    expect(j.billKeyCredited('b')).toBe(false);
    expect(j.lastLedgerId()).toBe(1);
  });

  it('is append-only: the file itself refuses to change or delete a row', () => {
    const { journal: j, path } = journal();
    j.transaction(() => j.appendLedger({ at: 't', kind: 'bill', demo: false, deltaMinor: 5, balanceAfterMinor: 5 }));
    const raw = new DatabaseSync(path);
    try {
      expect(() => raw.exec('UPDATE ledger SET delta_minor = 500')).toThrow(/append-only/);
      expect(() => raw.exec('DELETE FROM ledger')).toThrow(/append-only/);
    } finally {
      raw.close();
    }
    expect(j.ledgerBalance(false)).toBe(5);
  });

  it('refuses a row that would take a balance below zero, and the whole transaction with it', () => {
    const { journal: j } = journal();
    expect(() =>
      j.transaction(() => {
        j.appendLedger({ at: 't', kind: 'bill', demo: false, deltaMinor: 5, balanceAfterMinor: 5 });
        j.appendLedger({ at: 't', kind: 'handpay', demo: false, deltaMinor: -6, balanceAfterMinor: -1 });
      }),
    ).toThrow(/CHECK/);
    expect(j.lastLedgerId()).toBe(0);
  });

  it('property: each wallet balance is the sum of its deltas, and every running balance follows from the rows before it', () => {
    const movement = fc.record({ demo: fc.boolean(), deltaMinor: fc.integer({ min: -5_000, max: 5_000 }) });
    fc.assert(
      fc.property(fc.array(fc.array(movement, { maxLength: 6 }), { maxLength: 12 }), (transactions) => {
        const t = tempJournal();
        try {
          const j = t.journal;
          const balance = { real: 0, demo: 0 };
          for (const rows of transactions) {
            j.transaction(() => {
              for (const { demo, deltaMinor } of rows) {
                const wallet = demo ? 'demo' : 'real';
                // A debit never exceeds the balance (the cabinet refuses that before it writes).
                const delta = Math.max(deltaMinor, -balance[wallet]);
                balance[wallet] += delta;
                j.appendLedger({ at: 't', kind: 'bill', demo, deltaMinor: delta, balanceAfterMinor: balance[wallet] });
              }
            });
          }
          expect(j.ledgerBalance(false)).toBe(balance.real);
          expect(j.ledgerBalance(true)).toBe(balance.demo);
          const running = { real: 0, demo: 0 };
          for (const row of j.auditRows().ledger) {
            const wallet = row.demo === 1 ? 'demo' : 'real';
            running[wallet] += row.delta_minor;
            expect(row.balance_after_minor).toBe(running[wallet]);
          }
          expect(j.lastLedgerId()).toBe(transactions.flat().length);
        } finally {
          t.cleanup();
        }
      }),
      { numRuns: 60 },
    );
  });
});
