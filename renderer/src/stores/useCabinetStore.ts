/**
 * The player's cabinet store: main's snapshot, the table as main holds it, and the bet, deal and cash-out
 * requests. Over 400 lines: the chip requests in flight and the DEAL/REBET decisions that wait for them
 * (docs/rules.md#round-buttons) read the same state and are safest kept together. It calls main through
 * useCabinetApi on the production channel table only; the service panel's channels live in renderer/src/dev/.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { Channel, Paytable, PushEvent, RequestOf, ResponseOf } from '../../../electron/ipc/contract.ts';
import type { CabinetSnapshot } from '../../../electron/core/cabinet/cabinet-api.ts';
import type { Tilt } from '../../../electron/core/model/tilt.ts';
import { useCabinetApi } from '../bridge/useCabinetApi.ts';
import { LISTED_SPOTS, sumBets, type BetSpot } from '../format/money.ts';
import { useSound } from '../composables/useSound.ts';
import { feltStack, followLayout, lastPlacedChip, type ChipStacks } from './placed-chips.ts';
import { spotsBelowMinimum } from './table-limits.ts';
import { useRoundStore, type HeldMeters } from './useRoundStore.ts';
import { useUiStore } from './useUiStore.ts';
import { finishedRound, winMeter, type WinMeter } from '../format/win-meter.ts';

/** Which tilt the lock-up screen shows first when several are active. */
const TILT_PRIORITY: readonly Tilt['kind'][] = [
  'memory-error',
  'storage-fault',
  'program-fault',
  'door-open',
  'handpay-pending',
  'rng-fault',
  'device-fault',
];

/**
 * The cabinet as main reports it. Every value here (credits, bets, limits, tilts, rounds) comes from main
 * through the IPC contract; this store only sends requests and shows answers. It never computes a balance.
 */
export const useCabinetStore = defineStore('cabinet', () => {
  const ui = useUiStore();
  const round = useRoundStore();
  const sound = useSound();
  const api = useCabinetApi();
  const snapshot = shallowRef<CabinetSnapshot | null>(null);
  const paytable = shallowRef<Paytable | null>(null);
  const connected = ref(true);

  const tilts = computed<readonly Tilt[]>(() => snapshot.value?.tilts ?? []);
  const activeTilt = computed<Tilt | null>(() => {
    const list = tilts.value;
    for (const kind of TILT_PRIORITY) {
      const t = list.find((x) => x.kind === kind);
      if (t) return t;
    }
    return list[0] ?? null;
  });
  const tableTotalMinor = computed(() => snapshot.value?.tableTotalMinor ?? 0);
  /**
   * A lock screen is up (a tilt, the handpay lock, or the void notice): it is the only dialog, and no
   * menu opens under it, by Esc or by the settings button.
   */
  const lockUp = computed(() => activeTilt.value !== null || round.voided !== null);
  /** Why CASH OUT cannot pay out now, as a message key; null when it can (demo credits are play money). */
  const cashoutBlockedKey = computed<string | null>(() => (snapshot.value?.demo ? 'tableFlow.cashoutDemoShort' : null));
  /** The cash-out waiting for an attendant, as main's journal holds it: also after a reload or a restart. */
  const handpayMinor = computed<number | null>(() => snapshot.value?.pendingHandpay?.amountMinor ?? null);
  /** The table's buttons are locked: a request or a replay is running, the cabinet is tilted, or not loaded. */
  const controlsLocked = computed(() => round.busy || activeTilt.value !== null || snapshot.value === null);
  /**
   * REBET and REBET ×2 (docs/rules.md#round-buttons): main has a settled round's bets to repeat and the table
   * is empty. With chips on the table they are off and `rebetBlocked` says why; main refuses such a rebet too.
   */
  const rebetOffered = computed(
    () => !controlsLocked.value && !!snapshot.value?.rebetBets && tableTotalMinor.value === 0,
  );
  /** The last bets' total, which REBET places once and REBET ×2 twice. */
  const rebetTotalMinor = computed(() => sumBets(snapshot.value?.rebetBets));
  /** Whether the credit covers the last bets this many times; main refuses a rebet it does not cover too. */
  const covered = (multiplier: 1 | 2): boolean =>
    rebetTotalMinor.value * multiplier <= (snapshot.value?.availableMinor ?? 0);
  const canRebet = computed(() => rebetOffered.value && covered(1));
  const canRebetX2 = computed(() => rebetOffered.value && covered(2));
  /**
   * Why a REBET the table offers is off for want of credit, as a message key with the amount it needs (the
   * button says so beside it, rather than refusing after the tap); null when the credit covers both.
   */
  const rebetShort = computed<{ key: string; amountMinor: number } | null>(() => {
    if (!rebetOffered.value) return null;
    if (!covered(1)) return { key: 'table.rebetNoCredit', amountMinor: rebetTotalMinor.value };
    if (!covered(2)) return { key: 'table.rebetX2NoCredit', amountMinor: rebetTotalMinor.value * 2 };
    return null;
  });
  const rebetBlocked = computed(
    () => !controlsLocked.value && !!snapshot.value?.rebetBets && tableTotalMinor.value > 0,
  );
  /** Spots whose bet is below the spot minimum, with that minimum: DEAL waits until there is none. */
  const belowMinimum = computed<Partial<Record<BetSpot, number>>>(() => {
    const s = snapshot.value;
    return s ? spotsBelowMinimum(s.tableBets, { ...s.limits.spots, ...s.limits.sideBets }) : {};
  });
  /**
   * What DEAL (and Space) does now: deal the chips on the table as they lie, or on an empty table after a
   * round repeat the last bets and deal them (rule sheet E's "DEAL again"); null while it can do nothing.
   */
  const dealAction = computed<'deal' | 'rebet' | null>(() => {
    // At a shared table the table deals: DEAL (and Space) do nothing there (docs/stadium.md#terminals).
    if (controlsLocked.value || snapshot.value?.stadium) return null;
    if (tableTotalMinor.value > 0) return Object.keys(belowMinimum.value).length === 0 ? 'deal' : null;
    return canRebet.value ? 'rebet' : null;
  });
  /** Chip requests on their way to main and back (changeTable). */
  const tableChanges = new Set<Promise<void>>();
  /** The chips on each spot, newest last, for the right click and the felt (placed-chips.ts). */
  const stacks = shallowRef<ChipStacks>({});
  /** The chips of the layout last taken off the table (dealt, or cleared), for the round on show. */
  const leftStacks = shallowRef<ChipStacks>({});

  /** Meters as displayed: held at pre-round values while the cards are being revealed. */
  const shownCredits = computed(() => round.hold?.creditsMinor ?? snapshot.value?.creditsMinor ?? 0);
  /**
   * The WIN meter (docs/rules.md#the-win-meter): blank while a round is being revealed, so it never tells the
   * result before the cards, then what main's last finished round gave back, named for what it is.
   */
  const shownWinMeter = computed<WinMeter>(() =>
    winMeter(round.hold ? null : finishedRound(snapshot.value?.lastRound)),
  );
  /**
   * TOTAL BET follows the felt: the stake while its round is revealed, then the chips on the table now (0 once
   * the round's bets are collected); never the stake of a round that is over.
   */
  const shownTotalBet = computed(() => round.hold?.totalBetMinor ?? tableTotalMinor.value);
  /** Bets drawn on the felt: the layout being built, or the bets of the round on show. */
  const shownBets = computed<Partial<Record<BetSpot, number>>>(() => {
    if (round.round && round.stage !== 'none' && tableTotalMinor.value === 0) return round.round.bets;
    return snapshot.value?.tableBets ?? {};
  });

  /** The note the bill acceptor is reading or holding, until it is credited or goes back (docs/cabinet-rules.md#bill-validator). */
  const noteInAcceptor = computed(
    () => snapshot.value?.devices.find((d) => d.device === 'bill-acceptor')?.note ?? null,
  );
  /** The chips the felt draws on each spot, bottom first, adding up to the bet shown there. */
  /**
   * Every snapshot would give every spot a fresh array: a stack keeps its array while its chips are the same, so a
   * snapshot that moves no chip redraws no spot (docs/benchmarks.md#the-deals-frames).
   */
  const feltStacks = computed<Partial<Record<BetSpot, readonly number[]>>>((previous) => {
    const denominations = snapshot.value?.limits.chipDenominationsMinor ?? [];
    const out: Partial<Record<BetSpot, readonly number[]>> = {};
    for (const spot of LISTED_SPOTS) {
      const next = feltStack([stacks.value, leftStacks.value], spot, shownBets.value[spot] ?? 0, denominations);
      const before = previous?.[spot];
      out[spot] = before && before.length === next.length && before.every((c, i) => c === next[i]) ? before : next;
    }
    return previous && LISTED_SPOTS.every((spot) => out[spot] === previous[spot]) ? previous : out;
  });

  /** Sends one request through the typed API; a refusal is shown in the error banner unless `quiet` (background loads). */
  async function call<C extends Channel>(
    channel: C,
    request: RequestOf<C>,
    quiet = false,
  ): Promise<ResponseOf<C> | null> {
    // The banner shows the latest refusal only: the player's next action takes the old one away.
    if (!quiet) ui.dismissError();
    const result = await api.request(channel, request);
    if (!result.ok) {
      if (quiet) return null;
      ui.showError(result.error);
      sound.warning();
      return null;
    }
    return result.value;
  }

  function paytableStale(p: Paytable, s: CabinetSnapshot): boolean {
    const rules = p.profileId !== s.profile.id || p.decks !== s.profile.decks;
    return (
      rules || p.spots.tie.pays !== `${s.profile.tiePays}:1` || JSON.stringify(p.limits) !== JSON.stringify(s.limits)
    );
  }

  function setSnapshot(s: CabinetSnapshot): void {
    // The first snapshot's bets were placed before this screen knew them: read them as table chips.
    const before = snapshot.value?.tableBets ?? s.tableBets;
    if (sumBets(before) > 0 && sumBets(s.tableBets) === 0) leftStacks.value = stacks.value;
    stacks.value = followLayout(stacks.value, before, s.tableBets, s.limits.chipDenominationsMinor);
    snapshot.value = s;
  }

  function onEvent(ev: PushEvent): void {
    switch (ev.type) {
      case 'state':
        setSnapshot(ev.snapshot);
        // A technician changed the venue config: the paytable shows the new rules' exact figures and limits.
        if (paytable.value && paytableStale(paytable.value, ev.snapshot)) void loadPaytable();
        // After a reconnect to a restarted cabinet, a round voided by recovery arrives this way.
        if (ev.snapshot.lastRound) round.showRecoveredVoid(ev.snapshot.lastRound);
        break;
      case 'round-dealt':
      case 'round-settled':
        round.show(ev.round);
        break;
      case 'round-voided':
        round.showVoid(ev.round);
        break;
      case 'tilt':
        if (snapshot.value) snapshot.value = { ...snapshot.value, tilts: ev.tilts };
        break;
      case 'device':
        if (snapshot.value) {
          const devices = snapshot.value.devices.filter((d) => d.device !== ev.status.device);
          snapshot.value = { ...snapshot.value, devices: [...devices, ev.status] };
        }
        break;
      case 'bill-credited':
        // Main follows every credited note with a 'state' event carrying the whole snapshot; the screen takes
        // the credits from there and works out no balance of its own. It only confirms the note aloud.
        sound.noteAccepted();
        break;
    }
  }

  async function init(): Promise<void> {
    api.onEvent(onEvent);
    await api.connect((ok) => {
      const regained = ok && !connected.value;
      connected.value = ok;
      if (regained) {
        // A paytable shown before the line dropped may be another config's; none is asked for until a screen shows
        // one (the settings menu and the rules ask when opened), so the first screen waits on no analysis
        // (docs/benchmarks.md#restart-after-a-power-cut).
        if (paytable.value) void loadPaytable();
        void restoreLastRound();
      }
    });
    const s = await call('cabinet:snapshot', {});
    if (s) {
      setSnapshot(s);
      // A reload shows the round the credit meter already counts: its cards, result and payout (or its refund).
      if (s.lastRound) round.restore(s.lastRound, s.tableTotalMinor === 0);
    }
    const h = await call('history:list', { offset: 0, limit: 60 }, true);
    if (h) round.rememberShown(h.entries.flatMap((entry) => (entry.kind === 'played' ? [entry.round] : [])));
  }

  /**
   * Back on the line after a lost connection (the cabinet may have restarted): the last round as main
   * recorded it goes on the felt unless this screen already showed it.
   */
  async function restoreLastRound(): Promise<void> {
    const s = await call('cabinet:snapshot', {}, true);
    if (!s) return;
    setSnapshot(s);
    if (s.lastRound && !round.busy) round.restore(s.lastRound, s.tableTotalMinor === 0);
  }

  async function loadPaytable(): Promise<void> {
    const p = await call('paytable:get', {}, true);
    if (p) paytable.value = p;
  }

  function adopt(s: CabinetSnapshot | null): void {
    if (s) setSnapshot(s);
  }

  /** The chips the venue's table takes, smallest first. */
  function chipValues(): readonly number[] {
    return snapshot.value?.limits.chipDenominationsMinor ?? [];
  }

  /**
   * A tap on a spot. The first touch of the felt after a round takes the last round's layout away; with the
   * eraser it then takes the spot's whole bet off, otherwise it adds one chip of the active value.
   */
  function placeBet(spot: BetSpot, chipMinor: number | null, erase: boolean): Promise<void> {
    return changeTable(async () => {
      if (round.busy || chipMinor === null) return;
      if ((round.stage === 'result' || round.lastVoid || round.satOut) && tableTotalMinor.value === 0)
        round.clearTable();
      if (erase) return eraseBet(spot);
      const s = await call('bets:place', { spot, chipMinor });
      if (s) sound.chipPlaced();
      adopt(s);
    });
  }

  /** Right click or Delete on a spot: takes off the chip placed there last (main takes a larger one off whole). */
  function removeBet(spot: BetSpot): Promise<void> {
    return changeTable(async () => {
      if (round.busy) return;
      if (round.stage === 'result' && tableTotalMinor.value === 0) return;
      const chipMinor = lastPlacedChip(stacks.value, spot, chipValues());
      if (chipMinor === null) return;
      await takeOff(() => call('bets:remove', { spot, chipMinor }));
    });
  }

  /**
   * The eraser: the spot's whole bet comes off. Main removes a chip's value, or the whole bet when the chip is
   * larger, so one request with the smallest chip at or above the bet does it; a bet above the largest chip
   * takes one request per largest chip.
   */
  async function eraseBet(spot: BetSpot): Promise<void> {
    const chips = chipValues();
    const largest = chips[chips.length - 1];
    if (largest === undefined) return;
    if ((snapshot.value?.tableBets[spot] ?? 0) > 0) sound.chipRemoved();
    for (let i = 0; i < 100; i++) {
      const bet = snapshot.value?.tableBets[spot] ?? 0;
      if (bet === 0) return;
      const s = await call('bets:remove', { spot, chipMinor: chips.find((c) => c >= bet) ?? largest });
      if (!s) return;
      adopt(s);
    }
  }

  function undo(): Promise<void> {
    return changeTable(async () => {
      if (round.busy) return;
      await takeOff(() => call('bets:undo', {}));
    });
  }

  function clear(): Promise<void> {
    return changeTable(async () => {
      if (round.busy) return;
      await takeOff(() => call('bets:clear', {}));
    });
  }

  /**
   * A change to the chips on the table, tracked until main's answer is in: DEAL and REBET decide on the
   * table as main holds it, so a DEAL tapped while a chip is still on its way deals that chip and never
   * mistakes the table for empty (which would mean "repeat the last round's bets").
   */
  function changeTable(work: () => Promise<void>): Promise<void> {
    const change: Promise<void> = work().finally(() => tableChanges.delete(change));
    tableChanges.add(change);
    return change;
  }

  /** Resolves once every chip placed or taken off so far has reached main and its answer is shown. */
  async function tableSettled(): Promise<void> {
    while (tableChanges.size > 0) await Promise.allSettled([...tableChanges]);
  }

  /**
   * A request that takes chips off: the chip sound when the table holds less afterwards. The total is read
   * before the request, since main's state event may reach the screen before the reply does.
   */
  async function takeOff(request: () => Promise<CabinetSnapshot | null>): Promise<void> {
    const before = tableTotalMinor.value;
    const s = await request();
    if (s && s.tableTotalMinor < before) sound.chipRemoved();
    adopt(s);
  }

  async function newBet(): Promise<void> {
    if (round.busy) return;
    round.clearTable();
    if (tableTotalMinor.value > 0) await clear();
  }

  function heldNow(): HeldMeters {
    const s = snapshot.value;
    return { creditsMinor: s?.availableMinor ?? 0, totalBetMinor: s?.tableTotalMinor ?? 0 };
  }

  async function deal(): Promise<void> {
    if (round.busy) return;
    round.beginRequest(heldNow());
    const r = await call('round:deal', {});
    if (r) round.show(r);
    else round.requestFailed();
  }

  /** DEAL and Space: the chips on the table as they lie, or on an empty table after a round the last bets. */
  async function dealOrRebet(): Promise<void> {
    await tableSettled();
    if (dealAction.value === 'deal') await deal();
    else if (dealAction.value === 'rebet') await rebet(1);
  }

  async function rebet(multiplier: 1 | 2): Promise<void> {
    await tableSettled();
    if (!(multiplier === 1 ? canRebet.value : canRebetX2.value)) return;
    if (snapshot.value?.stadium) return rebetAtSharedTable(multiplier);
    const s = snapshot.value;
    round.beginRequest({ creditsMinor: s?.creditsMinor ?? 0, totalBetMinor: s?.tableTotalMinor ?? 0 });
    const r = await call('round:rebet', { multiplier });
    if (r) round.show(r);
    else round.requestFailed();
  }

  /**
   * REBET at a shared table lays the last layout for the window (now, or when the next one opens); nothing is
   * dealt, so the felt shows the table main then holds (docs/stadium.md#terminals).
   */
  function rebetAtSharedTable(multiplier: 1 | 2): Promise<void> {
    return changeTable(async () => {
      if (round.stage === 'result' || round.lastVoid || round.satOut) round.clearTable();
      if (await call('round:rebet', { multiplier })) adopt(await call('cabinet:snapshot', {}, true));
    });
  }

  /** SKIP ROUND at a shared table: sits this terminal out of the next round, or takes it back in. */
  async function skipRound(skip: boolean): Promise<void> {
    adopt(await call('round:skip', { skip }));
  }

  async function cashout(): Promise<void> {
    ui.cashoutConfirm = false;
    const h = await call('cashout:collect', {});
    if (h) {
      round.clearTable();
      const s = await call('cabinet:snapshot', {});
      adopt(s);
    }
  }

  /** The reality check's answer (docs/responsible-gaming.md#the-reality-check); `cash-out` also collects. */
  async function answerRealityCheck(answer: 'continue' | 'cash-out'): Promise<void> {
    const s = await call('session:reality-check', { answer });
    if (s && answer === 'cash-out') round.clearTable();
    adopt(s);
  }

  return {
    snapshot,
    paytable,
    handpayMinor,
    connected,
    tilts,
    activeTilt,
    tableTotalMinor,
    lockUp,
    cashoutBlockedKey,
    feltStacks,
    noteInAcceptor,
    controlsLocked,
    canRebet,
    canRebetX2,
    rebetShort,
    rebetBlocked,
    belowMinimum,
    dealAction,
    shownCredits,
    shownWinMeter,
    shownTotalBet,
    shownBets,
    init,
    loadPaytable,
    placeBet,
    removeBet,
    undo,
    clear,
    newBet,
    deal,
    dealOrRebet,
    rebet,
    skipRound,
    cashout,
    answerRealityCheck,
    adopt,
  };
});
