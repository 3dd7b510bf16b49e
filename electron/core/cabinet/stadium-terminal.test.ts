import { afterEach, describe, expect, it } from 'vitest';
import { cleanAudit, closeCabinets, fund, journalOf, refusal, setupCabinet } from '../../testing/cabinet-harness.ts';
import { BANKER_WINS, PLAYER_WINS, TEST_TABLE, TIE, resultOf, stadiumConfig } from '../../testing/stadium-fixtures.ts';
import { dealRound } from '../engine/round.ts';
import type { Bets, Spot } from '../engine/settlement.ts';
import { FixedCardSource } from '../engine/shoe.ts';
import type { CabinetCore } from './cabinet.ts';

afterEach(closeCabinets);

function terminal() {
  const h = setupCabinet(stadiumConfig());
  fund(h.cabinet);
  return h;
}

function ledgerKinds(c: CabinetCore, kind: string): number[] {
  return journalOf(c)
    .auditRows()
    .ledger.filter((r) => r.kind === kind)
    .map((r) => r.delta_minor);
}

/** Lays `amount` on `spot` in the table's chips, largest first. */
function bet(c: CabinetCore, spot: Spot, amount: number): void {
  let left = amount;
  for (const chip of [...c.snapshot().limits.chipDenominationsMinor].reverse()) {
    while (left >= chip) {
      c.placeChip(spot, chip);
      left -= chip;
    }
  }
}

/** Opens round `n`, lays the bets, closes: the layout is locked. */
function playInto(c: CabinetCore, n: number, bets: Bets): void {
  c.stadiumOpen(n, 15_000);
  for (const [spot, amount] of Object.entries(bets) as [Spot, number][]) bet(c, spot, amount);
  c.stadiumClose(n);
}

describe('a stadium terminal locks its layout at its own close and settles from the table’s result', () => {
  it('locks and debits the layout once at the close, with the table round beside the terminal round', () => {
    const { cabinet: c } = terminal();
    playInto(c, 1, { player: 1_000 });
    expect(c.snapshot().creditsMinor).toBe(9_000);
    expect(c.snapshot().stadium).toMatchObject({ lockedRound: 1, window: 'closed', sitOut: null });
    c.stadiumClose(1);
    c.stadiumOpen(1, 15_000);
    c.stadiumClose(1);
    expect(ledgerKinds(c, 'stake')).toEqual([-1_000]);
    const row = journalOf(c).stadiumRounds.row(TEST_TABLE, 1);
    expect(row).toMatchObject({ roundId: 1, conclusion: null, sitOut: null });
  });

  it('settles per the paytable: Player pays 1:1, Banker 0.95:1, a tie returns Player and Banker bets', () => {
    const { cabinet: c, path } = terminal();
    playInto(c, 1, { player: 1_000 });
    expect(c.stadiumResult(resultOf(1, PLAYER_WINS))).toBe('settled');
    expect(c.snapshot().creditsMinor).toBe(11_000);
    playInto(c, 2, { banker: 1_000 });
    expect(c.stadiumResult(resultOf(2, BANKER_WINS))).toBe('settled');
    expect(c.snapshot().creditsMinor).toBe(11_950);
    playInto(c, 3, { banker: 1_000, tie: 100 });
    expect(c.stadiumResult(resultOf(3, TIE))).toBe('settled');
    expect(c.snapshot().creditsMinor).toBe(11_950 - 1_100 + 1_000 + 900);
    expect(c.recall({ limit: 1 })[0]!.cards).toEqual(TIE);
    expect(c.snapshot().stadium).toMatchObject({
      lockedRound: null,
      lastConcludedRound: 3,
      lastResult: { round: 3, roundId: 3, sitOut: null },
    });
    cleanAudit(path);
  });

  it('a result delivered again changes nothing and answers already-concluded', () => {
    const { cabinet: c } = terminal();
    playInto(c, 1, { player: 1_000 });
    c.stadiumResult(resultOf(1, PLAYER_WINS));
    const credits = c.snapshot().creditsMinor;
    expect(c.stadiumResult(resultOf(1, PLAYER_WINS))).toBe('already-concluded');
    expect(c.snapshot().creditsMinor).toBe(credits);
    expect(ledgerKinds(c, 'win')).toEqual([2_000]);
  });

  it('the table’s void refunds the locked bets exactly once', () => {
    const { cabinet: c } = terminal();
    playInto(c, 1, { banker: 2_500 });
    expect(c.stadiumVoid(1, 'table-void')).toBe('refunded');
    expect(c.stadiumVoid(1, 'table-void')).toBe('already-concluded');
    expect(c.snapshot().creditsMinor).toBe(10_000);
    expect(ledgerKinds(c, 'refund')).toEqual([2_500]);
    expect(c.recall({ limit: 1 })[0]!.voidCode).toEqual({
      code: 'stadium-void',
      tableId: TEST_TABLE,
      tableRound: 1,
      voidCause: 'table-void',
    });
  });

  it('a result after the terminal’s timeout is logged as an event and ignored', () => {
    const { cabinet: c } = terminal();
    playInto(c, 1, { player: 1_000 });
    expect(c.stadiumVoid(1, 'result-timeout')).toBe('refunded');
    expect(c.stadiumResult(resultOf(1, PLAYER_WINS))).toBe('late-for-void');
    expect(c.stadiumResult(resultOf(1, PLAYER_WINS))).toBe('already-concluded');
    expect(c.snapshot().creditsMinor).toBe(10_000);
    expect(ledgerKinds(c, 'win')).toEqual([]);
    expect(c.events({ kind: 'stadium' })[0]!.message).toEqual({
      code: 'stadium-result-late',
      tableId: TEST_TABLE,
      tableRound: 1,
      roundId: 1,
    });
    // The stream's baseline moved on: the next round is in order.
    playInto(c, 2, { player: 1_000 });
    expect(c.stadiumResult(resultOf(2, PLAYER_WINS))).toBe('settled');
  });

  it('a timeout with nothing locked writes nothing: the table’s result then is recorded as usual', () => {
    const { cabinet: c } = terminal();
    c.stadiumOpen(1, 15_000);
    c.stadiumClose(1);
    expect(c.stadiumVoid(1, 'result-timeout')).toBe('recorded');
    expect(c.stadiumResult(resultOf(1, TIE))).toBe('recorded');
    expect(c.events({ kind: 'stadium' })).toEqual([]);
    // The screen shows the round as one this terminal had no bets in, and why.
    expect(c.snapshot().stadium!.lastResult).toMatchObject({ round: 1, roundId: null, sitOut: 'no-bets' });
  });

  it('cards that do not deal the stated outcome raise stadium-fault and refund, never settle', () => {
    const { cabinet: c } = terminal();
    playInto(c, 1, { player: 1_000 });
    const lie = { ...resultOf(1, BANKER_WINS), outcome: resultOf(1, PLAYER_WINS).outcome };
    expect(c.stadiumResult(lie)).toBe('faulted');
    expect(c.snapshot().creditsMinor).toBe(10_000);
    expect(c.snapshot().tilts).toEqual([
      expect.objectContaining({
        kind: 'stadium-fault',
        reasonCode: {
          code: 'stadium-stream-fault',
          fault: 'outcome-mismatch',
          tableId: TEST_TABLE,
          round: 1,
          lastRound: null,
        },
      }),
    ]);
    expect(c.recall({ limit: 1 })[0]!.voidCode).toMatchObject({ code: 'stadium-fault', fault: 'outcome-mismatch' });
    // The tilt stops play; a technician clears it, an attendant may not.
    expect(() => c.clearTilt('stadium-fault', 'stadium', { by: 'attendant', doorOpen: false })).toThrow(/technician/);
    c.clearTilt('stadium-fault', 'stadium', { by: 'technician', doorOpen: false });
    expect(c.snapshot().tilts).toEqual([]);
  });

  it('a round that skips (a gap) or comes again with other cards (a replay) is a fault', () => {
    const { cabinet: c } = terminal();
    playInto(c, 1, { player: 1_000 });
    c.stadiumResult(resultOf(1, PLAYER_WINS));
    expect(c.stadiumResult(resultOf(1, BANKER_WINS))).toBe('faulted');
    expect(c.snapshot().creditsMinor).toBe(11_000);
    expect(c.snapshot().tilts[0]!.reasonCode).toMatchObject({ fault: 'round-replay', round: 1, lastRound: 1 });
    c.clearTilt('stadium-fault', 'stadium', { by: 'technician', doorOpen: false });
    playInto(c, 2, { banker: 1_000 });
    expect(c.stadiumResult(resultOf(4, BANKER_WINS))).toBe('faulted');
    expect(c.snapshot().tilts[0]!.reasonCode).toMatchObject({ fault: 'round-gap', round: 4, lastRound: 1 });
    // The locked round 2 was refunded, not settled on the doubtful stream.
    expect(c.snapshot().creditsMinor).toBe(11_000);
    expect(journalOf(c).stadiumRounds.row(TEST_TABLE, 2)).toMatchObject({ conclusion: 'fault' });
  });

  it('the link’s own finding (a bad signature) tilts and refunds the locked round', () => {
    const { cabinet: c } = terminal();
    playInto(c, 1, { tie: 500 });
    c.stadiumFault('bad-signature', 1);
    expect(c.snapshot().creditsMinor).toBe(10_000);
    expect(c.snapshot().tilts[0]!.reasonCode).toMatchObject({ fault: 'bad-signature', round: 1 });
    // The real result for that round, if it still came, finds it refunded.
    expect(c.stadiumResult(resultOf(1, TIE))).toBe('faulted');
    expect(ledgerKinds(c, 'win')).toEqual([]);
  });

  it('a restart keeps a locked round open and settles it from a later result', () => {
    const h = terminal();
    playInto(h.cabinet, 1, { player: 1_000 });
    const c = h.restart();
    expect(c.snapshot().creditsMinor).toBe(9_000);
    expect(c.snapshot().stadium).toMatchObject({ lockedRound: 1, window: 'closed' });
    // The link reads it at its start to time the result afresh.
    expect(c.stadiumLockedRound()).toBe(1);
    expect(ledgerKinds(c, 'refund')).toEqual([]);
    // The audit allows this round open after recovery: it waits for its table.
    cleanAudit(h.path);
    expect(c.stadiumResult(resultOf(1, PLAYER_WINS))).toBe('settled');
    expect(c.snapshot().creditsMinor).toBe(11_000);
    expect(c.stadiumLockedRound()).toBeNull();
    cleanAudit(h.path);
  });

  it('a restart whose table never answers refunds the locked round once at the result timeout', () => {
    const h = terminal();
    playInto(h.cabinet, 1, { player: 1_000 });
    const c = h.restart();
    expect(c.stadiumVoid(1, 'result-timeout')).toBe('refunded');
    expect(c.snapshot().creditsMinor).toBe(10_000);
    expect(c.stadiumLockedRound()).toBeNull();
    expect(c.stadiumResult(resultOf(1, PLAYER_WINS))).toBe('late-for-void');
    expect(ledgerKinds(c, 'refund')).toEqual([1_000]);
    cleanAudit(h.path);
  });

  it('a round dealt from a verified result but cut off before its settle is settled at start-up from its cards', () => {
    const h = terminal();
    playInto(h.cabinet, 1, { player: 1_000 });
    // As if the process died between the dealt commit and the settle commit of a result.
    const j = journalOf(h.cabinet);
    j.transaction(() => j.markDealt(1, dealRound(new FixedCardSource(PLAYER_WINS)), '2026-12-01T03:00:01.000Z'));
    const c = h.restart();
    expect(c.snapshot().creditsMinor).toBe(11_000);
    expect(c.snapshot().stadium!.lockedRound).toBeNull();
    // The broker delivers the unacked result again: it finds the round concluded.
    expect(c.stadiumResult(resultOf(1, PLAYER_WINS))).toBe('already-concluded');
    expect(ledgerKinds(c, 'win')).toEqual([2_000]);
    cleanAudit(h.path);
  });

  it('a cabinet that plays alone voids its open round at start-up as before, stadium or not', () => {
    const h = terminal();
    playInto(h.cabinet, 1, { player: 1_000 });
    const c = h.restart(stadiumConfig({ stadium: null }));
    expect(c.snapshot().stadium).toBeNull();
    expect(c.snapshot().creditsMinor).toBe(10_000);
    expect(journalOf(c).stadiumRounds.row(TEST_TABLE, 1)).toMatchObject({ conclusion: 'void' });
  });

  it('a RAM clear that refunds a locked round concludes it: its result later is only logged', () => {
    const { cabinet: c } = terminal();
    playInto(c, 1, { banker: 500 });
    c.ramClear();
    expect(journalOf(c).stadiumRounds.row(TEST_TABLE, 1)).toMatchObject({ conclusion: 'void', stream: null });
    expect(c.stadiumResult(resultOf(1, BANKER_WINS))).toBe('late-for-void');
    expect(ledgerKinds(c, 'win')).toEqual([]);
  });

  it('skip round locks nothing but records the round, and the table’s result still shows', () => {
    const { cabinet: c } = terminal();
    expect(c.skipRound(true).stadium).toMatchObject({ skipping: true });
    c.stadiumOpen(1, 15_000);
    bet(c, 'player', 1_000);
    c.stadiumClose(1);
    expect(c.snapshot()).toMatchObject({ creditsMinor: 10_000, tableBets: {} });
    expect(c.snapshot().stadium).toMatchObject({ sitOut: 'skipped', skipping: false, lockedRound: null });
    expect(journalOf(c).stadiumRounds.row(TEST_TABLE, 1)).toMatchObject({ roundId: null, sitOut: 'skipped' });
    expect(c.stadiumResult(resultOf(1, PLAYER_WINS))).toBe('recorded');
    expect(c.snapshot().stadium!.lastResult).toMatchObject({ round: 1, cards: PLAYER_WINS });
  });

  it('the roads are the table’s results, those sat out included, and a voided round takes no cell', () => {
    const { cabinet: c } = terminal();
    playInto(c, 1, { player: 500 });
    c.stadiumResult(resultOf(1, PLAYER_WINS));
    c.stadiumOpen(2, 15_000);
    c.stadiumClose(2);
    c.stadiumResult(resultOf(2, BANKER_WINS));
    c.stadiumVoid(3, 'table-void');
    c.stadiumResult(resultOf(4, TIE));
    expect(c.snapshot().roads.map((r) => r.winner)).toEqual(['player', 'banker', 'tie']);
  });

  it('the history is the table’s too: each round with its table round, the rounds sat out with their cards and why', () => {
    const { cabinet: c } = terminal();
    playInto(c, 1, { player: 500 });
    c.stadiumResult(resultOf(1, PLAYER_WINS));
    c.skipRound(true);
    c.stadiumOpen(2, 15_000);
    c.stadiumClose(2);
    c.stadiumResult(resultOf(2, BANKER_WINS));
    c.stadiumVoid(3, 'table-void');
    // A round whose close this terminal missed (it joined late): sat out with no reason of its own.
    c.stadiumResult(resultOf(4, TIE));
    playInto(c, 5, { banker: 1_000 });
    c.stadiumVoid(5, 'result-timeout');
    const page = c.playerHistory({ offset: 0, limit: 10 });
    expect(page).toMatchObject({ hidden: null, total: 4 });
    expect(
      page.entries.map((e) =>
        e.kind === 'played'
          ? [e.tableRound, e.round.status, e.round.refundedMinor]
          : [e.tableRound, 'sat-out', e.why, e.cards],
      ),
    ).toEqual([
      [5, 'voided', 1_000],
      [4, 'sat-out', null, TIE],
      [2, 'sat-out', 'skipped', BANKER_WINS],
      [1, 'settled', 0],
    ]);
  });

  it('a layout below a spot minimum locks nothing and says why', () => {
    const { cabinet: c } = terminal();
    c.stadiumOpen(1, 15_000);
    c.placeChip('player', 50);
    c.stadiumClose(1);
    expect(c.snapshot().stadium!.sitOut).toBe('below-spot-min');
    expect(c.snapshot().creditsMinor).toBe(10_000);
    c.stadiumOpen(2, 15_000);
    c.stadiumClose(2);
    expect(c.snapshot().stadium!.sitOut).toBe('no-bets');
  });

  it('bets outside the window are refused with betting-closed, DEAL with stadium-mode', () => {
    const { cabinet: c } = terminal();
    expect(refusal(() => c.placeChip('player', 100)).code).toBe('betting-closed');
    c.stadiumOpen(1, 15_000);
    c.placeChip('player', 100);
    expect(refusal(() => c.deal()).code).toBe('stadium-mode');
    c.stadiumClose(1);
    for (const act of [() => c.placeChip('player', 100), () => c.undoChip(), () => c.clearBets()]) {
      expect(refusal(act).code).toBe('betting-closed');
    }
  });

  it('the window closes the safety margin early, counted on the core’s clock', () => {
    const { cabinet: c } = terminal();
    c.stadiumOpen(1, 10_000);
    const left = c.snapshot().stadium!.closesInMs;
    expect(left).toBeLessThanOrEqual(9_000);
    expect(left).toBeGreaterThan(8_900);
  });

  it('REBET while the window is closed is queued and laid when the next window opens', () => {
    const { cabinet: c } = terminal();
    playInto(c, 1, { banker: 500 });
    c.stadiumResult(resultOf(1, PLAYER_WINS));
    expect(c.rebet(2).bets).toEqual({ banker: 500 });
    expect(c.snapshot().stadium!.rebetQueued).toBe(true);
    c.stadiumOpen(2, 15_000);
    expect(c.snapshot()).toMatchObject({ tableBets: { banker: 1_000 }, stadium: { rebetQueued: false } });
    c.clearBets();
    c.rebet(1);
    expect(c.snapshot().tableBets).toEqual({ banker: 500 });
  });

  it('the outbox lists each concluded round with locked bets until the link marks it reported', () => {
    const h = terminal();
    const c = h.cabinet;
    playInto(c, 1, { player: 1_000 });
    c.stadiumResult(resultOf(1, PLAYER_WINS));
    playInto(c, 2, { player: 1_000 });
    c.stadiumVoid(2, 'table-void');
    c.stadiumOpen(3, 15_000);
    c.stadiumClose(3);
    const id = c.stadiumTerminalId();
    expect(id).toMatch(/^t[0-9a-f]{16}$/);
    expect(c.stadiumUnreported(10)).toEqual([
      expect.objectContaining({ terminal: id, table: TEST_TABLE, round: 1, status: 'settled', returnMinor: 2_000 }),
      expect.objectContaining({ round: 2, status: 'refunded', returnMinor: 1_000, cards: null }),
    ]);
    expect(c.stadiumReported(TEST_TABLE, 1)).toBe(true);
    expect(c.stadiumReported(TEST_TABLE, 1)).toBe(false);
    const again = h.restart();
    expect(again.stadiumTerminalId()).toBe(id);
    expect(again.stadiumUnreported(10).map((r) => r.round)).toEqual([2]);
  });

  it('a cabinet that plays alone refuses every stadium call and shows no stadium', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    expect(c.snapshot().stadium).toBeNull();
    expect(c.stadiumLockedRound()).toBeNull();
    expect(refusal(() => c.skipRound(true)).code).toBe('not-in-stadium');
    expect(refusal(() => c.stadiumOpen(1, 1_000)).code).toBe('not-in-stadium');
    expect(refusal(() => c.stadiumResult(resultOf(1, TIE))).code).toBe('not-in-stadium');
  });
});
