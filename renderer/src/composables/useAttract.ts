/**
 * Attract mode rules: it may start only with no credit on the machine and an empty felt, no round being
 * dealt or shown, and the cabinet not tilted (a player who walked away from credit is asked "Still playing?"
 * instead, never covered by a demo); it is purely visual and never calls a dealing channel. The idle time is the venue's
 * `attractIdleS` (docs/venue-config.md#the-players-table); only the development entry overrides it, for tests
 * (renderer/src/dev/url-overrides.ts).
 */
import { onBeforeUnmount, onMounted, watch, type Ref } from 'vue';
import type { Card } from '../../../electron/core/cards/card.ts';
import { dealRound, type RoundOutcome } from '../../../electron/core/engine/round.ts';
import { FixedCardSource } from '../../../electron/core/engine/shoe.ts';

export interface AttractConditions {
  /** The credit on the machine (main's snapshot), bets on the felt included. */
  readonly creditsMinor: number;
  readonly tableTotalMinor: number;
  readonly roundBusy: boolean;
  readonly tilted: boolean;
  readonly dialogOpen: boolean;
}

export function attractAllowed(c: AttractConditions): boolean {
  return c.creditsMinor === 0 && c.tableTotalMinor === 0 && !c.roundBusy && !c.tilted && !c.dialogOpen;
}

const card = (text: string): Card => ({ rank: text.slice(0, -1), suit: text.slice(-1) }) as Card;

/**
 * Hand-picked example rounds for the attract loop (mixed with shuffled ones, useAttractHands.ts), as the cards leave the shoe (P1, B1, P2, B2, then any third
 * cards). They are dealt through the core's own dealRound, so every third card, total and winner shown is the
 * real tableau's (docs/rules.md#the-tableau). Purely visual: no money, no dealing channel.
 */
export const DEMO_DEALS: readonly (readonly Card[])[] = [
  ['9H', '7C', 'KS', 'QD'], // Player natural 9 beats 7
  ['3D', '2S', '2C', 'AH', 'JH', '4D'], // both draw: Banker 7 beats 5
  ['5S', '6D', 'QH', 'AS', '2C'], // Player draws to 7, Banker stands on 7: a tie
  ['AC', '8H', '6S', '9C'], // both stand on 7: a tie
].map((cards) => cards.map(card));

/** A demo round as the engine deals it from the fixed cards. */
export function demoRound(index: number): RoundOutcome | null {
  const cards = DEMO_DEALS[index];
  return cards ? dealRound(new FixedCardSource(cards)) : null;
}

/**
 * Starts attract mode after `afterMs` of no input while `allowed` holds; any pointer or key input ends it
 * at once (the overlay is removed synchronously, well within 300 ms) and restarts the idle clock. A new
 * `afterMs` (the venue config changed) restarts the clock with the new time.
 */
export function useAttract(options: {
  afterMs: Readonly<Ref<number>>;
  allowed: Readonly<Ref<boolean>>;
  active: Ref<boolean>;
}): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The touch that ends attract mode must not also press whatever lies under it on the table. */
  let swallowClick = false;
  const onClick = (e: Event): void => {
    if (swallowClick) {
      swallowClick = false;
      e.preventDefault();
      e.stopPropagation();
    }
  };
  const arm = (): void => {
    clearTimeout(timer);
    if (options.allowed.value && !options.active.value) {
      timer = setTimeout(() => {
        if (options.allowed.value) options.active.value = true;
      }, options.afterMs.value);
    }
  };
  const onInput = (e: Event): void => {
    if (options.active.value) {
      options.active.value = false;
      // Only the click of this same gesture is swallowed; the next touch starts afresh.
      swallowClick = e.type === 'pointerdown' || e.type === 'touchstart';
      e.preventDefault();
      e.stopPropagation();
    } else if (e.type === 'pointerdown') {
      swallowClick = false;
    }
    arm();
  };
  watch(options.allowed, (ok) => {
    if (!ok) options.active.value = false;
    arm();
  });
  watch(options.afterMs, arm);
  onMounted(() => {
    for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart'])
      window.addEventListener(type, onInput, { capture: true });
    window.addEventListener('click', onClick, { capture: true });
    arm();
  });
  onBeforeUnmount(() => {
    clearTimeout(timer);
    for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart'])
      window.removeEventListener(type, onInput, { capture: true });
    window.removeEventListener('click', onClick, { capture: true });
  });
}
