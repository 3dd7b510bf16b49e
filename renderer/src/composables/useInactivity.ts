/**
 * Player inactivity (docs/venue-config.md#the-players-table): after the venue's `playerInactivityS` without
 * a touch, a player with bets or credit on the table is asked "Still playing?" with a visible countdown. A
 * touch dismisses it; when the countdown runs out the bets still on the felt go back to credit through the
 * player's own clear-bets channel, and nothing else happens (credit stays on the machine). It never asks
 * during a round, a lock or tilt, the staff menu, or attract mode.
 */
import { onBeforeUnmount, onMounted, ref, watch, type Ref } from 'vue';

/** Seconds the "Still playing?" question waits for a touch. */
export const STILL_PLAYING_S = 30;

export interface InactivityConditions {
  readonly tableTotalMinor: number;
  readonly creditsMinor: number;
  /** A request or a replay is running, a round is locked or dealt, or a voided round's notice is up. */
  readonly roundBusy: boolean;
  /** Any tilt, the handpay lock included. */
  readonly tilted: boolean;
  readonly staffMenu: boolean;
  readonly attract: boolean;
  readonly connected: boolean;
}

/** Whether the idle clock runs at all: someone has something on the machine and nothing else is going on. */
export function inactivityWatched(c: InactivityConditions): boolean {
  const stake = c.tableTotalMinor > 0 || c.creditsMinor > 0;
  return stake && c.connected && !c.roundBusy && !c.tilted && !c.staffMenu && !c.attract;
}

const INPUTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

export interface InactivityClock {
  readonly asking: Readonly<Ref<boolean>>;
  readonly secondsLeft: Readonly<Ref<number>>;
  /** A touch, key or wheel on the screen (capture phase): answers the question, restarts the idle time. */
  input(e: Pick<Event, 'type' | 'preventDefault' | 'stopPropagation'>): void;
  /** The click that belongs to an answering touch: swallowed, so it presses nothing under the question. */
  click(e: Pick<Event, 'preventDefault' | 'stopPropagation'>): void;
  start(): void;
  stop(): void;
}

/**
 * The idle time and the countdown, without the window: `useInactivity` feeds it the screen's input. Must be
 * created inside a component's setup or an effect scope (it watches `watched` and `afterMs`).
 */
export function inactivityClock(options: {
  afterMs: Readonly<Ref<number>>;
  watched: Readonly<Ref<boolean>>;
  /** The countdown ran out: clear the bets on the felt (the caller sends clear-bets if there are any). */
  expired: () => void;
  countdownS?: number;
}): InactivityClock {
  const countdownS = options.countdownS ?? STILL_PLAYING_S;
  const asking = ref(false);
  const secondsLeft = ref(countdownS);
  let idle: ReturnType<typeof setTimeout> | undefined;
  let tick: ReturnType<typeof setInterval> | undefined;
  let swallowClick = false;

  const stopAsking = (): void => {
    clearInterval(tick);
    asking.value = false;
  };
  const arm = (): void => {
    clearTimeout(idle);
    if (!options.watched.value || asking.value) return;
    idle = setTimeout(ask, options.afterMs.value);
  };
  function ask(): void {
    if (!options.watched.value) return;
    secondsLeft.value = countdownS;
    asking.value = true;
    tick = setInterval(() => {
      secondsLeft.value -= 1;
      if (secondsLeft.value > 0) return;
      stopAsking();
      options.expired();
      arm();
    }, 1000);
  }

  watch(options.watched, (ok) => {
    if (!ok) stopAsking();
    arm();
  });
  watch(options.afterMs, arm);

  return {
    asking,
    secondsLeft,
    input(e) {
      if (asking.value) {
        stopAsking();
        swallowClick = e.type === 'pointerdown' || e.type === 'touchstart';
        e.preventDefault();
        e.stopPropagation();
      } else if (e.type === 'pointerdown') {
        swallowClick = false;
      }
      arm();
    },
    click(e) {
      if (!swallowClick) return;
      swallowClick = false;
      e.preventDefault();
      e.stopPropagation();
    },
    start: arm,
    stop() {
      clearTimeout(idle);
      stopAsking();
    },
  };
}

/** The clock wired to the window's input for the life of the component (App.vue). */
export function useInactivity(options: Parameters<typeof inactivityClock>[0]): InactivityClock {
  const clock = inactivityClock(options);
  const onInput = (e: Event): void => clock.input(e);
  const onClick = (e: Event): void => clock.click(e);
  onMounted(() => {
    for (const type of INPUTS) window.addEventListener(type, onInput, { capture: true });
    window.addEventListener('click', onClick, { capture: true });
    clock.start();
  });
  onBeforeUnmount(() => {
    clock.stop();
    for (const type of INPUTS) window.removeEventListener(type, onInput, { capture: true });
    window.removeEventListener('click', onClick, { capture: true });
  });
  return clock;
}
