import { afterEach, describe, expect, it } from 'vitest';
import { auditJournal } from '../../certification/journal-audit.ts';
import { corruptCriticalCopy } from '../../testing/journal-damage.ts';
import { cleanAudit, closeCabinets, fund, refusal, setupCabinet, journalOf } from '../../testing/cabinet-harness.ts';
import { testConfig } from '../../testing/fixtures.ts';

afterEach(closeCabinets);

function corrupt(path: string, a: 'flip-body' | 'bad-checksum' | 'delete' | null, b: typeof a): void {
  if (a) corruptCriticalCopy(path, 'a', a);
  if (b) corruptCriticalCopy(path, 'b', b);
}

describe('critical memory: two SHA-256-checked copies', () => {
  it('one bad copy is rebuilt from the good one and logged', () => {
    const h = setupCabinet();
    fund(h.cabinet, 5_000, 4);
    h.cabinet.close();
    corrupt(h.path, null, 'flip-body');
    const c = h.restart();
    expect(c.snapshot().creditsMinor).toBe(5_000);
    expect(c.snapshot().tilts).toEqual([]);
    expect(c.events({ limit: 20 }).map((e) => e.message)).toContainEqual({
      code: 'memory-copy-rebuilt',
      copy: 'b',
      from: 'a',
      copyProblem: 'checksum-mismatch',
      during: 'start-up',
    });
    const j = journalOf(c);
    const copies = j.readCriticalCopies();
    expect(copies.a.problem).toBeNull();
    expect(copies.b.problem).toBeNull();
    expect(auditJournal(j, testConfig().profile, false).integrityFailures).toBe(0);
  });

  it('a copy damaged between rounds is caught by the check before the next round', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    h.cabinet.placeChip('player', 100);
    h.cabinet.deal();
    corruptCriticalCopy(h.path, 'a', 'bad-checksum');
    expect(h.cabinet.rebet(1).status).toBe('settled');
    expect(h.cabinet.events({ limit: 20 }).map((e) => e.message)).toContainEqual({
      code: 'memory-copy-rebuilt',
      copy: 'a',
      from: 'b',
      copyProblem: 'checksum-mismatch',
      during: 'before-round',
    });
  });

  it('both copies bad: memory-error tilt that survives restarts and only a RAM clear removes', () => {
    const h = setupCabinet();
    fund(h.cabinet, 5_000, 4);
    h.cabinet.close();
    corrupt(h.path, 'flip-body', 'bad-checksum');
    let c = h.restart();
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['memory-error']);
    expect(c.snapshot().tilts[0]?.clearedBy).toBe('technician-ram-clear');
    expect(refusal(() => c.placeChip('player', 100)).code).toBe('tilted');
    expect(c.canAcceptBill(500).accept).toBe(false);
    expect(refusal(() => c.cashOut()).code).toBe('tilted');
    // Nothing automatic clears it: not a restart, not a healthy device.
    c.reportDevice({ device: 'rng', health: 'healthy', detail: 'ok', detailCode: { code: 'os-entropy-only' } });
    c = h.restart();
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['memory-error']);
    expect(c.events({ limit: 5 }).map((e) => e.message)).toContainEqual({ code: 'power-up-memory-error' });
    c.ramClear();
    // Only the handpay of what was on the meter waits: the memory error is gone.
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['handpay-pending']);
    expect(c.snapshot().creditsMinor).toBe(0);
    expect(c.meters().billsInMinor).toBe(0);
    const log = c.events({ limit: 20 });
    expect(log.find((e) => e.kind === 'ram-clear')?.message).toMatchObject({
      code: 'ram-cleared',
      creditsRemovedMinor: 5_000,
      metersKept: false,
    });
    c.clearHandpay('attendant');
    fund(c, 1_000, 2);
    c.placeChip('player', 100);
    expect(c.deal().status).toBe('settled');
    cleanAudit(h.path);
  });

  it('a good copy that disagrees with the ledger at start-up is not trusted', () => {
    const h = setupCabinet();
    fund(h.cabinet, 5_000, 4);
    // A note journaled behind critical memory's back: the copies still verify but credit 50.00, the ledger 70.00.
    const j = journalOf(h.cabinet);
    j.transaction(() => {
      j.appendLedger({
        at: 'x',
        kind: 'bill',
        demo: false,
        deltaMinor: 2_000,
        eventKey: 'behind',
        balanceAfterMinor: 7_000,
      });
    });
    const c = h.restart();
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['memory-error']);
    c.ramClear();
    expect(c.events({ limit: 10 }).find((e) => e.kind === 'ram-clear')?.message).toMatchObject({
      code: 'ram-cleared',
      creditsRemovedMinor: 7_000,
    });
  });
});
