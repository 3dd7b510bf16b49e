import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { Card } from '../../../electron/core/cards/card.ts';
import type { RoundRecord } from '../../../electron/core/model/round-record.ts';
import type { RoundOutcome } from '../../../electron/core/engine/round.ts';
import { roundResultOf, type RoundResultSummary } from '../../../electron/core/engine/round-result-kind.ts';
import { dealSequence, shownTotal, type Side } from '../format/cards.ts';
import { revealPhases, squeezedSide } from '../format/squeeze-plan.ts';
import type { SatOutRound } from '../format/sat-out-round.ts';
import { sumBets } from '../format/money.ts';
import { useSound } from '../composables/useSound.ts';
import { useSettingsStore } from './useSettingsStore.ts';
import { rememberVoidSeen, voidSeen } from './void-seen.ts';

export type Stage = 'none' | 'dealing' | 'result';

/** A squeezed hand's card: face down waiting for the player, or turned by them or by the time limit. */
export type SqueezeSlot = 'down' | 'up';

/** The squeeze of the round on show (docs/squeeze.md#the-reveal). */
export interface SqueezeState {
  readonly side: Side;
  /** By slot of the squeezed hand; a slot not yet dealt is absent. */
  readonly slots: readonly (SqueezeSlot | undefined)[];
  /** When the cards still face down turn by themselves (Date.now() ms); null while no squeeze waits. */
  readonly endsAt: number | null;
}

/** The meters held while a round is revealed; the WIN meter is blank then (docs/rules.md#the-win-meter). */
export interface HeldMeters {
  creditsMinor: number;
  totalBetMinor: number;
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
  /**
   * While a reveal runs, each hand's cards still to come: their slots hold them hidden from the reveal's start, so a
   * card's arrival only animates and inserts nothing into the page (docs/benchmarks.md#the-deals-frames). A squeezed
   * hand's cards are not among them (they arrive face down for the player); null when no reveal runs.
   */
  const coming = shallowRef<{ player: readonly Card[]; banker: readonly Card[] } | null>(null);
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
  /** The squeeze of the round being revealed, null when its cards simply turn. */
  const squeeze = ref<SqueezeState | null>(null);
  /** Where the reveal goes on once the squeezed cards are all turned. */
  let afterSqueeze: (() => void) | null = null;
  /** The venue's time limit for the squeeze waiting now: each wait has its own, cleared when the cards are turned. */
  let squeezeLimit: ReturnType<typeof setTimeout> | null = null;
  /** Whether the round being revealed plays its sounds. */
  let aloudNow = false;

  /** A hand's cards the player can see: a squeezed card counts once it is turned. */
  function faceUp(side: Side): Card[] {
    const sq = squeeze.value;
    return shown.value[side].filter((_, slot) => sq?.side !== side || sq.slots[slot] !== 'down');
  }
  const playerTotal = computed(() => shownTotal(faceUp('player')));
  const bankerTotal = computed(() => shownTotal(faceUp('banker')));
  /** A hand's total shows only when none of its cards is still face down. */
  const handDown = computed(() => ({
    player: squeeze.value?.side === 'player' && squeeze.value.slots.includes('down'),
    banker: squeeze.value?.side === 'banker' && squeeze.value.slots.includes('down'),
  }));
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
    squeeze.value = null;
    afterSqueeze = null;
    clearSqueezeLimit();
  }

  function clearSqueezeLimit(): void {
    if (squeezeLimit !== null) clearTimeout(squeezeLimit);
    squeezeLimit = null;
  }

  function setSlot(slot: number, state: SqueezeSlot): void {
    const sq = squeeze.value;
    if (!sq) return;
    const slots = [...sq.slots];
    slots[slot] = state;
    squeeze.value = { ...sq, slots };
  }

  /** One squeezed card turned (peeled past the threshold, or pressed); the last one lets the reveal go on. */
  function turnSqueezed(slot: number): void {
    if (squeeze.value?.slots[slot] !== 'down') return;
    setSlot(slot, 'up');
    if (aloudNow) sound.cardTurned(0);
    if (!squeeze.value.slots.includes('down')) squeezeDone();
  }

  /** Every card still face down turns at once: the player's button or key, or the venue's time limit. */
  function turnAllSqueezed(): void {
    squeeze.value?.slots.forEach((state, slot) => {
      if (state === 'down') turnSqueezed(slot);
    });
  }

  function squeezeDone(): void {
    const next = afterSqueeze;
    if (!next || !squeeze.value) return;
    afterSqueeze = null;
    clearSqueezeLimit();
    squeeze.value = { ...squeeze.value, endsAt: null };
    next();
  }

  /** The reveal waits until the player has turned the squeezed cards, or the venue's time limit turns them. */
  function waitForSqueeze(next: () => void): void {
    const sq = squeeze.value;
    if (!sq || !sq.slots.includes('down')) return next();
    const limitMs = settings.venueSqueeze.timeLimitS * 1000;
    afterSqueeze = next;
    squeeze.value = { ...sq, endsAt: Date.now() + limitMs };
    clearSqueezeLimit();
    squeezeLimit = setTimeout(turnAllSqueezed, limitMs);
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
    // Fast play skips the squeeze (docs/squeeze.md#when-there-is-no-squeeze); the attract loop never comes here.
    const side = settings.squeeze && !settings.fastPlay ? squeezedSide(record.bets) : null;
    reveal(record.outcome, true, side, () => {
      hold.value = null; // the reveal is done: the meters may show the round's credits now
      // The sound of the net result: a round that paid back less than it staked never plays the win.
      if (result.value) sound.result(result.value.kind);
    });
  }

  /**
   * The cards go on the felt one by one in deal order, with their sounds when `aloud`; then the result shows and
   * `done` runs. The hand of `squeezeSide` is laid face down and the reveal waits, after the first four cards and
   * after its third card, until the player has turned it (docs/squeeze.md#the-reveal): the result, the meters and the
   * sounds of the result never come before the cards.
   */
  function reveal(outcome: RoundOutcome, aloud: boolean, squeezeSide: Side | null, done: () => void): void {
    shown.value = { player: [], banker: [] };
    coming.value = {
      player: squeezeSide === 'player' ? [] : outcome.player.cards,
      banker: squeezeSide === 'banker' ? [] : outcome.banker.cards,
    };
    stage.value = 'dealing';
    aloudNow = aloud;
    squeeze.value = squeezeSide ? { side: squeezeSide, slots: [], endsAt: null } : null;
    const t = timing();
    const phases = revealPhases(dealSequence({ outcome }), squeezeSide);
    const run = (p: number): void => {
      const phase = phases[p];
      if (!phase) {
        timers.push(
          setTimeout(() => {
            stage.value = 'result';
            coming.value = null;
            done();
          }, t.pause),
        );
        return;
      }
      phase.steps.forEach((step, i) => {
        timers.push(
          setTimeout(
            () => {
              const faceDown = step.side === squeezeSide;
              if (faceDown) setSlot(step.slot, 'down');
              shown.value = { ...shown.value, [step.side]: [...shown.value[step.side], step.card] };
              if (!aloud) return;
              sound.cardDealt();
              if (!faceDown) sound.cardTurned(t.turn);
            },
            t.card * (i + 0.4),
          ),
        );
      });
      timers.push(
        setTimeout(() => (phase.squeeze ? waitForSqueeze(() => run(p + 1)) : run(p + 1)), t.card * phase.steps.length),
      );
    };
    run(0);
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
    if (!atOnce) return reveal(table.outcome, false, null, () => {});
    shown.value = { player: [...table.outcome.player.cards], banker: [...table.outcome.banker.cards] };
    stage.value = 'result';
    coming.value = null;
  }

  function showVoid(record: RoundRecord): void {
    stopTimers(); // a squeeze under way ends with it: the refund is what the felt says now
    seen.add(record.roundId);
    voided.value = record;
    lastVoid.value = record;
    if (!round.value || round.value.roundId === record.roundId) {
      round.value = null;
      satOut.value = null;
      stage.value = 'none';
      coming.value = null;
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
    coming.value = null;
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
    coming.value = null;
    shown.value = { player: [], banker: [] };
  }

  return {
    round,
    stage,
    shown,
    coming,
    hold,
    voided,
    lastVoid,
    satOut,
    requestPending,
    busy,
    playerTotal,
    bankerTotal,
    squeeze,
    handDown,
    turnSqueezed,
    turnAllSqueezed,
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
