/**
 * A pretend cabinet for visual work and screenshots ONLY (`?fake=1`, and only in builds made with
 * VITE_ALLOW_FAKE=1 — production builds drop this module). It is not the game: the real outcome, money and
 * journal live in Electron main. Money here is still integer minor units.
 * `window.__fakeCabinet` lets a screenshot script raise tilts, voids and handpays.
 */
import type {
  CabinetBridge,
  Channel,
  IpcResult,
  Paytable,
  PushEvent,
  RequestOf,
  ResponseMap,
} from '../../../electron/ipc/contract.ts';
import type { DevKioskChannel, DevKioskRequestOf, DevKioskResponseOf } from '../../../electron/ipc/dev-contract.ts';
import type { CabinetSnapshot } from '../../../electron/core/cabinet/cabinet-api.ts';
import type { RoundRecord } from '../../../electron/core/model/round-record.ts';
import type { Tilt } from '../../../electron/core/model/tilt.ts';
import type { Card } from '../../../electron/core/cards/card.ts';

type Spot = 'player' | 'banker' | 'tie';
type Bets = Partial<Record<Spot, number>>;

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
const SUITS = ['S', 'H', 'D', 'C'] as const;
const value = (c: Card): number => {
  const i = RANKS.indexOf(c.rank);
  return i >= 9 ? 0 : i + 1;
};
const total = (cs: readonly Card[]): number => cs.reduce((a, c) => a + value(c), 0) % 10;

function dealFrom(draw: () => Card): { player: Card[]; banker: Card[]; order: Card[] } {
  const p = [draw()];
  const b = [draw()];
  p.push(draw());
  b.push(draw());
  const order = [p[0]!, b[0]!, p[1]!, b[1]!];
  if (total(p) >= 8 || total(b) >= 8) return { player: p, banker: b, order };
  let p3: Card | null = null;
  if (total(p) <= 5) {
    p3 = draw();
    p.push(p3);
    order.push(p3);
  }
  const bt = total(b);
  let bankerDraws: boolean;
  if (p3 === null) bankerDraws = bt <= 5;
  else {
    const v = value(p3);
    bankerDraws =
      bt <= 2 ||
      (bt === 3 && v !== 8) ||
      (bt === 4 && v >= 2 && v <= 7) ||
      (bt === 5 && v >= 4 && v <= 7) ||
      (bt === 6 && (v === 6 || v === 7));
  }
  if (bankerDraws) {
    const c = draw();
    b.push(c);
    order.push(c);
  }
  return { player: p, banker: b, order };
}

export function createFakeBridge(): CabinetBridge {
  const listeners = new Set<(e: PushEvent) => void>();
  let credits = 50000;
  let lastWin = 0;
  let table: Bets = {};
  let history: Array<{ spot: Spot; chip: number }> = [];
  let rebet: Bets | null = null;
  let tilts: Tilt[] = [];
  let lastRound: RoundRecord | null = null;
  let roundId = 100;
  let forced: Card[] = [];
  const rounds: RoundRecord[] = [];
  const limits = {
    spots: {
      player: { minMinor: 100, maxMinor: 100000 },
      banker: { minMinor: 100, maxMinor: 100000 },
      tie: { minMinor: 100, maxMinor: 12500 },
    },
    tableMaxMinor: 200000,
    chipDenominationsMinor: [50, 100, 500, 1000, 2500, 5000, 10000, 50000],
    creditLimitMinor: 500000,
    maxWinPerRoundMinor: 1000000,
  };
  const profile = { id: 'eight-deck-tie-8-to-1', decks: 8, tiePays: 8 as const, bankerCommissionPercent: 5 as const };
  const sum = (b: Bets): number => (b.player ?? 0) + (b.banker ?? 0) + (b.tie ?? 0);
  const snap = (): CabinetSnapshot => ({
    creditsMinor: credits,
    demo: false,
    phase: sum(table) > 0 ? 'betting' : 'idle',
    tableBets: { ...table },
    tableTotalMinor: sum(table),
    availableMinor: credits - sum(table),
    lastWinMinor: lastWin,
    rebetBets: rebet,
    tilts: [...tilts],
    lastRound,
    limits,
    profile,
    devices: [
      { device: 'rng', health: 'healthy', detail: 'fake' },
      { device: 'bill-acceptor', health: 'healthy', detail: 'emulator (fake)' },
    ],
  });
  const emit = (e: PushEvent): void => listeners.forEach((l) => l(e));
  const ok = <T>(v: T): IpcResult<T> => ({ ok: true, value: v });
  const err = (code: string, message: string, limit?: { name: string; valueMinor: number }): IpcResult<never> => ({
    ok: false,
    error: { code: code as never, message, ...(limit ? { limit } : {}) },
  });
  const draw = (): Card =>
    forced.shift() ?? { rank: RANKS[Math.floor(Math.random() * 13)]!, suit: SUITS[Math.floor(Math.random() * 4)]! };

  const deal = (): IpcResult<RoundRecord> => {
    if (tilts.length) return err('tilted', 'The cabinet is out of service.');
    const stake = sum(table);
    if (stake === 0) return err('no-bets', 'Place a bet first.');
    const before = credits;
    credits -= stake;
    const d = dealFrom(draw);
    const pt = total(d.player);
    const bt = total(d.banker);
    const winner: Spot = pt > bt ? 'player' : bt > pt ? 'banker' : 'tie';
    const returns: Bets = {};
    if (winner === 'player' && table.player) returns.player = table.player * 2;
    if (winner === 'banker' && table.banker) returns.banker = table.banker + Math.floor((table.banker * 95) / 100);
    if (winner === 'tie') {
      if (table.tie) returns.tie = table.tie * 9;
      if (table.player) returns.player = table.player;
      if (table.banker) returns.banker = table.banker;
    }
    const won = sum(returns);
    credits += won;
    lastWin = won;
    const rec: RoundRecord = {
      roundId: ++roundId,
      status: 'settled',
      demo: false,
      bets: { ...table },
      cards: d.order,
      outcome: {
        player: { cards: d.player, total: pt },
        banker: { cards: d.banker, total: bt },
        winner,
        natural: d.player.length === 2 && d.banker.length === 2 && (pt >= 8 || bt >= 8),
        playerPair: d.player[0]!.rank === d.player[1]!.rank,
        bankerPair: d.banker[0]!.rank === d.banker[1]!.rank,
        dealOrder: d.order,
      },
      returns,
      creditsBeforeMinor: before,
      creditsAfterMinor: credits,
      startedAt: new Date().toISOString(),
      endedAt: new Date().toISOString(),
      voidReason: null,
      refundedMinor: 0,
    };
    rebet = { ...table };
    table = {};
    history = [];
    lastRound = rec;
    rounds.unshift(rec);
    setTimeout(() => {
      emit({ type: 'round-settled', round: rec });
      emit({ type: 'state', snapshot: snap() });
    }, 0);
    return ok(rec);
  };

  const handlers: { [C in DevKioskChannel]?: (req: DevKioskRequestOf<C>) => IpcResult<DevKioskResponseOf<C>> } = {
    'cabinet:snapshot': () => ok(snap()),
    'bets:place': ({ spot, chipMinor }) => {
      if (tilts.length) return err('tilted', 'The cabinet is out of service.');
      const next = (table[spot] ?? 0) + chipMinor;
      const lim = limits.spots[spot];
      if (next > lim.maxMinor)
        return err('above-spot-max', `The most you can bet on ${spot} is ${lim.maxMinor / 100}.`, {
          name: `${spot}.max`,
          valueMinor: lim.maxMinor,
        });
      if (sum(table) + chipMinor > credits) return err('insufficient-credits', 'Not enough credits for that chip.');
      table = { ...table, [spot]: next };
      history.push({ spot, chip: chipMinor });
      return ok(snap());
    },
    'bets:remove': ({ spot, chipMinor }) => {
      const cur = table[spot] ?? 0;
      if (cur === 0) return err('no-bet-to-remove', 'There is no bet on that spot.');
      const next = chipMinor >= cur ? 0 : cur - chipMinor;
      table = { ...table, [spot]: next || undefined };
      if (!next) delete table[spot];
      return ok(snap());
    },
    'bets:undo': () => {
      const h = history.pop();
      if (!h) return err('nothing-to-undo', 'Nothing to undo.');
      const next = (table[h.spot] ?? 0) - h.chip;
      if (next > 0) table = { ...table, [h.spot]: next };
      else delete table[h.spot];
      return ok(snap());
    },
    'bets:clear': () => {
      table = {};
      history = [];
      return ok(snap());
    },
    'round:deal': () => deal(),
    'round:rebet': ({ multiplier }) => {
      if (!rebet) return err('no-previous-bets', 'There is no previous bet to repeat.');
      table = {};
      for (const s of ['player', 'banker', 'tie'] as const) if (rebet[s]) table[s] = rebet[s]! * multiplier;
      return deal();
    },
    'cashout:collect': () => {
      if (credits === 0) return err('no-credits', 'There are no credits to collect.');
      const amount = credits;
      credits = 0;
      table = {};
      tilts = [
        {
          kind: 'handpay-pending',
          source: 'cash-out',
          reason: `Handpay of ${amount / 100} pending`,
          clearedBy: 'technician-handpay-clear',
          since: new Date().toISOString(),
        },
      ];
      setTimeout(() => emit({ type: 'state', snapshot: snap() }), 0);
      return ok({ handpayId: 1, amountMinor: amount, at: new Date().toISOString() });
    },
    'paytable:get': () =>
      ok<Paytable>({
        profileId: profile.id,
        decks: 8,
        spots: {
          player: { probability: 0.446247, rtp: 0.987638, pays: '1:1' },
          banker: { probability: 0.458597, rtp: 0.989421, pays: '0.95:1' },
          tie: { probability: 0.095156, rtp: 0.856397, pays: '8:1' },
        },
        limits,
      }),
    'history:list': ({ limit }) => ok(rounds.slice(0, limit)),
    'service:insert-note': ({ channel }) => {
      const v = [500, 1000, 2000, 5000, 10000][channel - 1] ?? 500;
      credits += v;
      setTimeout(() => {
        emit({ type: 'bill-credited', valueMinor: v, creditsMinor: credits });
        emit({ type: 'state', snapshot: snap() });
      }, 0);
      return ok({ accepted: true, detail: `note of ${v / 100} stacked` });
    },
  };

  const control = {
    tilt(kind: Tilt['kind']) {
      const map: Record<Tilt['kind'], [string, string, Tilt['clearedBy']]> = {
        'rng-fault': ['rng', 'The random number generator stopped answering.', 'device-healthy'],
        'device-fault': ['bill-acceptor', 'The bill acceptor reports a note jam.', 'device-healthy'],
        'memory-error': ['critical-memory', 'A check of the stored game data failed.', 'technician-ram-clear'],
        'door-open': ['main-door', 'The main door is open.', 'door-closed'],
        'handpay-pending': ['cash-out', 'Handpay pending', 'technician-handpay-clear'],
      };
      const [source, reason, clearedBy] = map[kind];
      tilts = [{ kind, source, reason, clearedBy, since: new Date().toISOString() }];
      emit({ type: 'tilt', tilts });
      emit({ type: 'state', snapshot: snap() });
    },
    clear() {
      tilts = [];
      emit({ type: 'state', snapshot: snap() });
    },
    voidRound(refund = 1250) {
      const rec: RoundRecord = {
        roundId: ++roundId,
        status: 'voided',
        demo: false,
        bets: { banker: refund },
        cards: [],
        outcome: null,
        returns: {},
        creditsBeforeMinor: credits,
        creditsAfterMinor: credits,
        startedAt: new Date().toISOString(),
        endedAt: new Date().toISOString(),
        voidReason: 'The random number generator stopped answering during the deal.',
        refundedMinor: refund,
      };
      emit({ type: 'round-voided', round: rec });
    },
    force(cards: Card[]) {
      forced = [...cards];
    },
  };
  (window as unknown as { __fakeCabinet: typeof control }).__fakeCabinet = control;

  return {
    invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<IpcResult<ResponseMap[C]>> {
      const h = handlers[channel] as ((r: RequestOf<C>) => IpcResult<ResponseMap[C]>) | undefined;
      const result = h ? h(request) : err('unknown-channel', `unknown channel ${channel}`);
      return new Promise((resolve) => setTimeout(() => resolve(result), 30));
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
