import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { Card } from '../../../electron/core/cards/card.ts';
import type { RoundRecord } from '../../../electron/core/model/round-record.ts';
import type { RoundOutcome } from '../../../electron/core/engine/round.ts';
import { roundResultOf, type RoundResultSummary } from '../../../electron/core/engine/round-result-kind.ts';
import { dealSequence, shownTotal } from '../format/cards.ts';
import type { SatOutRound } from '../format/sat-out-round.ts';
import { sumBets } from '../format/money.ts';
import { useSound } from '../composables/useSound.ts';
import { useSettingsStore } from './useSettingsStore.ts';

export type Stage = 'none' | 'dealing' | 'result';

/** The meters held while a round is revealed; the WIN meter is blank then (docs/rules.md#the-win-meter). */
export interface HeldMeters {
  creditsMinor: number;
  totalBetMinor: number;
}

const VOID_SEEN_KEY = 'baccarat-kiosk.void-seen.v1';
function voidSeen(roundId: number): boolean {
  try {
    return localStorage.getItem(VOID_SEEN_KEY) === String(roundId);
  } catch {
    return false;
  }
}
function rememberVoidSeen(roundId: number): void {
  try {
    localStorage.setItem(VOID_SEEN_KEY, String(roundId));
  } catch {
    /* storage unavailable: the notice may show again after a reload */
  }
}

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Replays a round main has already decided and recorded: the cards appear in the recorded deal order, then
 * the result. While the replay runs the meters are held at their pre-round values, so the credit meter never
 * tells the result before the cards do.
 */
export const useRoundStore = defineStore('round', () => {
  const settings = useSettingsStore();
  const sound = useSound();
  const round = shallowRef<RoundRecord | null>(null);
  const stage = ref<Stage>('none');
  const shown = ref<{ player: Card[]; banker: Card[] }>({ player: [], banker: [] });
  const hold = ref<HeldMeters | null>(null);
  const voided = shallowRef<RoundRecord | null>(null);
  /**
   * The last round was voided and refunded: the felt says so in words after its notice (and after a
   * reload, when the notice was already acknowledged), until the next round or the next layout.
   */
  const lastVoid = shallowRef<RoundRecord | null>(null);
  const requestPending = ref(false);
  /**
   * A stadium table's round this terminal had no bets in, on the felt in place of a round of its own: the cards
   * and the table's result, with no money on them (docs/stadium.md#the-terminals-screen).
   */
  const satOut = shallowRef<SatOutRound | null>(null);
  const seen = new Set<number>();
  const seenTableRounds = new Set<number>();
  let timers: ReturnType<typeof setTimeout>[] = [];

  const playerTotal = computed(() => shownTotal(shown.value.player));
  const bankerTotal = computed(() => shownTotal(shown.value.banker));
  /**
   * Bets wait while the player's own round is revealed. A round sat out holds nothing up: its reveal runs at the
   * start of the next window, and the player's first chip takes it off the felt.
   */
  const busy = computed(() => requestPending.value || (stage.value === 'dealing' && satOut.value === null));
  /**
   * The settled round on show in net terms (docs/rules.md#results-in-net-terms): the banner, the win styling
   * and the win sound all read this one kind, so nothing celebrates a round that paid back less than it staked.
   */
  const result = computed<RoundResultSummary | null>(() =>
    round.value && round.value.status === 'settled' && sumBets(round.value.bets) > 0
      ? roundResultOf(round.value)
      : null,
  );

  function stopTimers(): void {
    timers.forEach(clearTimeout);
    timers = [];
  }

  /** `turn`: seconds from a card's arrival to its face showing, as TableHand.vue's animation turns it. */
  function timing(): { card: number; pause: number; turn: number } {
    if (settings.fastPlay) return { card: 240, pause: 200, turn: 0.15 };
    if (reducedMotion()) return { card: 350, pause: 300, turn: 0.05 };
    return { card: 700, pause: 650, turn: 0.4 };
  }

  function beginRequest(held: HeldMeters): void {
    requestPending.value = true;
    hold.value = held;
  }
  function requestFailed(): void {
    requestPending.value = false;
    if (stage.value !== 'dealing') hold.value = null;
  }

  /**
   * The rounds main had already recorded when the screen loaded (its history): none of them is replayed
   * if main reports it again. (The roads are drawn from main's own window: see useRoads.)
   */
  function rememberShown(rounds: readonly RoundRecord[]): void {
    for (const r of rounds) seen.add(r.roundId);
  }

  /** A round record from main (deal/rebet answer or a round-dealt/settled event). Shown once per roundId. */
  function show(record: RoundRecord): void {
    if (record.status === 'voided') {
      showVoid(record);
      return;
    }
    if (round.value && round.value.roundId === record.roundId) {
      round.value = record; // same round, later state (e.g. settled after dealt)
      return;
    }
    if (seen.has(record.roundId) || !record.outcome) return;
    seen.add(record.roundId);
    stopTimers();
    lastVoid.value = null;
    satOut.value = null;
    requestPending.value = false;
    const stake = sumBets(record.bets);
    hold.value = { creditsMinor: record.creditsBeforeMinor - stake, totalBetMinor: stake };
    round.value = record;
    reveal(record.outcome, true, () => {
      hold.value = null; // the reveal is done: the meters may show the round's credits now
      // The sound of the net result: a round that paid back less than it staked never plays the win.
      if (result.value) sound.result(result.value.kind);
    });
  }

  /** The cards go on the felt one by one in deal order, with their sounds when `aloud`; then the result shows and `done` runs. */
  function reveal(outcome: RoundOutcome, aloud: boolean, done: () => void): void {
    shown.value = { player: [], banker: [] };
    stage.value = 'dealing';
    const t = timing();
    const steps = dealSequence({ outcome });
    steps.forEach((step, i) => {
      timers.push(
        setTimeout(
          () => {
            shown.value = { ...shown.value, [step.side]: [...shown.value[step.side], step.card] };
            if (!aloud) return;
            sound.cardDealt();
            sound.cardTurned(t.turn);
          },
          t.card * (i + 0.4),
        ),
      );
    });
    timers.push(
      setTimeout(
        () => {
          stage.value = 'result';
          done();
        },
        t.card * steps.length + t.pause,
      ),
    );
  }

  /**
   * A table round this terminal sat out: revealed in step with the terminals that played it (so no screen tells the
   * result before theirs do), or laid at once when the screen has just loaded. Meters are not held: no money rides
   * on it. Shown once per table round; never over a round of the player's being dealt, nor, on a load, over a layout
   * the player started.
   */
  function showSatOut(table: SatOutRound, atOnce: boolean, tableEmpty: boolean): void {
    if (seenTableRounds.has(table.round) || busy.value) return;
    seenTableRounds.add(table.round);
    if (atOnce && !tableEmpty) return;
    stopTimers();
    lastVoid.value = null;
    hold.value = null;
    round.value = null;
    satOut.value = table;
    // Silent: a terminal nobody plays at would otherwise deal aloud every round of the table.
    if (!atOnce) return reveal(table.outcome, false, () => {});
    shown.value = { player: [...table.outcome.player.cards], banker: [...table.outcome.banker.cards] };
    stage.value = 'result';
  }

  function showVoid(record: RoundRecord): void {
    stopTimers();
    seen.add(record.roundId);
    voided.value = record;
    lastVoid.value = record;
    if (!round.value || round.value.roundId === record.roundId) {
      round.value = null;
      satOut.value = null;
      stage.value = 'none';
      shown.value = { player: [], banker: [] };
    }
    hold.value = null;
    requestPending.value = false;
  }

  function dismissVoid(): void {
    if (voided.value) rememberVoidSeen(voided.value.roundId);
    voided.value = null;
  }

  /**
   * A round voided while the screen was not looking (start-up recovery after a crash or power loss):
   * main reports it as snapshot.lastRound. Shown once; the player's OK is remembered on this cabinet.
   */
  function showRecoveredVoid(record: RoundRecord): void {
    if (record.status !== 'voided' || voidSeen(record.roundId) || seen.has(record.roundId)) return;
    showVoid(record);
  }

  /**
   * The screen has just loaded (a reload, a reconnect, a renderer restart): main's last finished round
   * goes back on the felt as it ended, cards, result and payout, without a replay, so the credit meter
   * never shows a result the table does not (docs/cabinet-rules.md#game-recall). A voided one shows its
   * refund: the notice once, then the felt's line. Nothing is restored over a layout the player started,
   * nor over a round this screen already showed.
   */
  function restore(record: RoundRecord, tableEmpty: boolean): void {
    if (record.status === 'voided') {
      if (seen.has(record.roundId) || !tableEmpty) return;
      lastVoid.value = record;
      showRecoveredVoid(record);
      seen.add(record.roundId);
      return;
    }
    if (record.status !== 'settled' || !record.outcome || seen.has(record.roundId)) return;
    seen.add(record.roundId);
    if (!tableEmpty || round.value || stage.value !== 'none') return;
    satOut.value = null;
    round.value = record;
    shown.value = { player: [...record.outcome.player.cards], banker: [...record.outcome.banker.cards] };
    stage.value = 'result';
    hold.value = null;
  }

  /** NEW BET, or the first chip of a new layout: the finished round, or a round sat out even mid-reveal, leaves the felt. */
  function clearTable(): void {
    if (stage.value === 'dealing' && satOut.value === null) return;
    lastVoid.value = null;
    stopTimers();
    round.value = null;
    satOut.value = null;
    stage.value = 'none';
    shown.value = { player: [], banker: [] };
  }

  return {
    round,
    stage,
    shown,
    hold,
    voided,
    lastVoid,
    satOut,
    requestPending,
    busy,
    playerTotal,
    bankerTotal,
    result,
    beginRequest,
    requestFailed,
    show,
    showVoid,
    showRecoveredVoid,
    showSatOut,
    restore,
    dismissVoid,
    clearTable,
    rememberShown,
  };
});
