import { afterEach, describe, expect, it } from 'vitest';
import { changeStoredByte, flipFileBit } from '../../testing/journal-damage.ts';
import { cleanAudit, closeCabinets, fund, journalOf, refusal, setupCabinet } from '../../testing/cabinet-harness.ts';
import { RECORD_CHAIN_SOURCE } from './verified-records.ts';

afterEach(closeCabinets);

function memoryTilts(h: ReturnType<typeof setupCabinet>) {
  return h.cabinet.snapshot().tilts.filter((t) => t.kind === 'memory-error');
}

describe('verified records at start-up', () => {
  it('an untouched journal starts without a tilt and audits clean', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    h.cabinet.placeChip('player', 100);
    h.cabinet.deal();
    h.restart();
    expect(memoryTilts(h)).toEqual([]);
    cleanAudit(h.path);
  });

  it("a bit flipped in a recorded round's cards is a memory error naming the round, and recall is not trusted", () => {
    const h = setupCabinet();
    fund(h.cabinet);
    h.cabinet.placeChip('player', 100);
    const round = h.cabinet.deal();
    h.cabinet.close();
    // The deal order JSON of this round, found in the file itself: the record stores it right before
    // the outcome JSON (which repeats the deal order), so the two together occur once.
    const cards = JSON.stringify(round.cards);
    const outcome = JSON.stringify(round.outcome);
    const digit = cards.search(/\d/);
    expect(digit).toBeGreaterThan(0);
    flipFileBit(h.path, cards + outcome.slice(0, 12), digit, 0);
    h.restart();
    // Recall would show other cards than the ones dealt: it is refused, naming the round.
    const refused = refusal(() => h.cabinet.recall({ limit: 1 }));
    expect(refused.code).toBe('tilted');
    expect(refused.message).toContain(`rounds row ${round.roundId}`);
    const tilts = memoryTilts(h);
    expect(tilts).toHaveLength(1);
    expect(tilts[0]!.source).toBe(RECORD_CHAIN_SOURCE);
    expect(tilts[0]!.reasonCode).toMatchObject({ code: 'record-chain-broken', table: 'rounds', rowId: round.roundId });
    const fault = h.cabinet.events({ kind: 'fault', limit: 5 })[0]!;
    expect(fault.message).toMatchObject({ reason: { code: 'record-chain-broken', rowId: round.roundId } });
  });

  it('an old round changed where no start-up check reaches is caught when recall reads it, and never shown', () => {
    const h = setupCabinet();
    fund(h.cabinet, 100_000);
    const first = (() => {
      h.cabinet.placeChip('banker', 100);
      return h.cabinet.deal();
    })();
    for (let i = 0; i < 80; i++) {
      h.cabinet.placeChip('banker', 100);
      h.cabinet.deal();
    }
    h.cabinet.close();
    changeStoredByte(h.path, {
      table: 'rounds',
      idColumn: 'round_id',
      id: first.roundId,
      column: 'cards_json',
      byteIndex: 9,
    });
    h.restart();
    // Far behind the checkpoints and the newest rows: start-up does not read it (its cost stays flat).
    expect(memoryTilts(h)).toEqual([]);
    expect(h.cabinet.recall({ limit: 10 })).toHaveLength(10);
    const refused = refusal(() => h.cabinet.recall({ fromRoundId: first.roundId, toRoundId: first.roundId, limit: 1 }));
    expect(refused.code).toBe('tilted');
    expect(refused.message).toContain(`rounds row ${first.roundId}`);
    expect(memoryTilts(h).map((t) => t.source)).toEqual([RECORD_CHAIN_SOURCE]);
    expect(refusal(() => h.cabinet.placeChip('player', 100)).code).toBe('tilted');
    // Asking again adds no second fault.
    refusal(() => h.cabinet.recall({ fromRoundId: first.roundId, toRoundId: first.roundId, limit: 1 }));
    const found = h.cabinet
      .events({ kind: 'fault', limit: 10 })
      .filter((e) => e.message.code === 'fault-raised' && e.message.reason.code === 'record-chain-broken');
    expect(found.map((e) => e.message)).toEqual([
      expect.objectContaining({ reason: expect.objectContaining({ check: 'game-recall', rowId: first.roundId }) }),
    ]);
  });

  it("a byte changed in a ledger amount names the ledger row, not critical memory, and the RAM clear owes the ledger's sum, recording that the verified row disagrees", () => {
    const h = setupCabinet();
    fund(h.cabinet, 10_000);
    fund(h.cabinet, 10_000);
    h.cabinet.placeChip('player', 100);
    h.cabinet.deal();
    const credits = h.cabinet.snapshot().creditsMinor;
    const ledger = journalOf(h.cabinet);
    const lastId = ledger.lastLedgerId();
    h.cabinet.close();
    // The first note's amount: the later rows' running balances still say what the player has.
    changeStoredByte(h.path, { table: 'ledger', idColumn: 'id', id: 1, column: 'delta_minor', byteIndex: 3 });
    h.restart();
    const tilts = memoryTilts(h);
    expect(tilts.map((t) => t.source)).toEqual([RECORD_CHAIN_SOURCE]);
    expect(tilts[0]!.reasonCode).toMatchObject({ table: 'ledger', rowId: 1 });
    expect(h.cabinet.events({ kind: 'fault', limit: 5 }).map((e) => e.message)).not.toContainEqual(
      expect.objectContaining({ reason: { code: 'memory-no-good-copy' } }),
    );

    // The amount is the ledger itself, changed row included; the chain only vouches, and here it does not.
    const sum = journalOf(h.cabinet).ledgerBalance(false);
    expect(sum).not.toBe(credits);
    h.cabinet.ramClear();
    expect(journalOf(h.cabinet).lastRamClearPayout()).toMatchObject({
      creditsRemovedMinor: sum,
      verifiedLedgerId: lastId,
    });
    expect(h.cabinet.events({ kind: 'ram-clear', limit: 1 })[0]!.message).toMatchObject({
      creditsRemovedMinor: sum,
      verifiedLedgerId: lastId,
      chainAgrees: false,
    });
    expect(
      journalOf(h.cabinet)
        .pendingHandpays()
        .map((hp) => hp.amountMinor),
    ).toEqual([sum]);
    h.cabinet.clearHandpay('attendant');
    expect(h.cabinet.snapshot()).toMatchObject({ creditsMinor: 0, tilts: [] });
    // The technician accepted the journal: the next start has no memory error.
    h.restart();
    expect(memoryTilts(h)).toEqual([]);
  });

  it('a byte changed in an event row is a memory error naming the event', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    const id = journalOf(h.cabinet).lastEventId();
    h.cabinet.close();
    changeStoredByte(h.path, { table: 'events', idColumn: 'id', id, column: 'params_json', byteIndex: 4 });
    h.restart();
    expect(memoryTilts(h)[0]!.reasonCode).toMatchObject({ table: 'events', rowId: id });
  });
});

describe('verified records around every round', () => {
  it('a ledger amount changed while the cabinet runs: the next round is refused as a memory error naming the row', () => {
    const h = setupCabinet();
    fund(h.cabinet, 10_000);
    h.cabinet.placeChip('player', 100);
    h.cabinet.deal();
    // Another writer changes the first note's amount under the running cabinet.
    changeStoredByte(h.path, { table: 'ledger', idColumn: 'id', id: 1, column: 'delta_minor', byteIndex: 3 });
    h.cabinet.placeChip('player', 100);
    expect(() => h.cabinet.deal()).toThrow(/critical memory error/);
    const tilts = memoryTilts(h);
    expect(tilts.map((t) => t.source)).toEqual([RECORD_CHAIN_SOURCE]);
    expect(tilts[0]!.reasonCode).toEqual({
      code: 'record-chain-broken',
      table: 'ledger',
      rowId: 1,
      check: 'before-round',
    });
  });
});
