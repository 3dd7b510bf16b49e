/**
 * Test-only hooks of the browser test host. Never in the Electron shell or a package
 * (dist:check checks the packaged main for them); documented in `npm run host -- --help`.
 *
 * 1. BACCARAT_TEST_PAUSE_AFTER_LOCK=1: the first round that reaches "locked" (bets debited
 *    and journaled, no card dealt) freezes the whole process right there: it prints
 *    {"paused":"after-lock",...} on stdout and blocks the event loop, so an e2e test can
 *    SIGKILL the host mid-round and check that the restart voids and refunds the round.
 *
 * 2. RNG unplugged during the next deal (`test:rng-unplug {duringNextDeal: true}`): a cable
 *    pulled between the lock and the first card cannot be timed from outside, because a
 *    round runs synchronously. When armed, the moment the next round locks the emulated
 *    RNG's pseudo-terminal is really removed and the entropy source behaves as an unplugged
 *    one does — it throws RngUnavailableError — so the cabinet's own void-and-refund path
 *    runs, and the tilt clears only when the device is plugged back in and healthy.
 *
 * 3. Forced cards (`test:force-cards {cards}`): the RNG's source is wrapped in the forced-card
 *    source (electron/testing/forced-card-source.ts), so the next round deals exactly the
 *    given cards through the real shoe and engine. It sits inside the unplug check of hook 2,
 *    so an RNG unplugged during a forced deal still voids the round.
 *
 * 5. The test clock (`test:advance-clock {ms, hold?}`): the cabinet's clock is the wall clock plus an offset the
 *    control moves forward, so a reality check or a session time limit comes due without waiting for it; the cabinet
 *    then looks at its session at once (docs/responsible-gaming.md#testing). With `hold` the clock also stops running
 *    by itself from then on, so the minutes a screen shows are the ones the test moved, however slow the machine.
 *    A reset starts with no offset and a running clock.
 *
 * 4. BACCARAT_TEST_CRASH_AFTER_START=exception|rejection: once the host has printed its URL, an error nothing
 *    handles is thrown (or a promise rejected), so a test sees the crash policy (app/process-crash-handler.ts)
 *    record it and exit with its code.
 */
import { writeSync } from 'node:fs';
import type { Cabinet } from '../core/cabinet/cabinet-api.ts';
import { RngUnavailableError } from '../core/random/drbg-random-source.ts';
import type { Card } from '../core/cards/card.ts';
import type { RandomSource } from '../core/random/random-source.ts';
import { createForcedCardSource, type ForcedCardSource } from '../testing/forced-card-source.ts';

export const PAUSE_AFTER_LOCK_ENV = 'BACCARAT_TEST_PAUSE_AFTER_LOCK';
export const CRASH_AFTER_START_ENV = 'BACCARAT_TEST_CRASH_AFTER_START';

/** Hook 4: throws or rejects on the next turn of the event loop, outside any handler, as a bug would. */
export function crashAfterStart(env: Readonly<Record<string, string | undefined>>): void {
  const how = env[CRASH_AFTER_START_ENV];
  if (how === 'exception') {
    setImmediate(() => {
      throw new TypeError('test hook: an error nothing handles');
    });
  } else if (how === 'rejection') {
    setImmediate(() => void Promise.reject(new RangeError('test hook: a rejection nothing handles')));
  }
}

export interface TestHooks {
  wrapRandom(random: RandomSource): RandomSource;
  install(cabinet: Cabinet): void;
  /** Arms hook 2; `unplug` removes the emulated RNG's port. */
  armRngUnplugDuringNextDeal(unplug: () => Promise<void>): void;
  /** Arms hook 3; throws ForcedCardsError when the cards are not one whole round from the shoe. */
  forceCards(cards: readonly Card[], decks: number): void;
  /** Hook 5: the cabinet's clock. */
  clock(): Date;
  /** Hook 5: moves the clock forward by `ms` (and with `hold`, stops it running by itself); answers the offset now. */
  advanceClock(ms: number, hold?: boolean): number;
}

export function createTestHooks(
  env: Readonly<Record<string, string | undefined>>,
  log: (message: string) => void,
): TestHooks {
  let armedUnplug: (() => Promise<void>) | null = null;
  let unplugged = false;
  let forced: ForcedCardSource | null = null;
  let clockOffsetMs = 0;
  /** The wall-clock time the clock was held at, or null while it runs. */
  let heldAtMs: number | null = null;

  return {
    wrapRandom(random) {
      // A new cabinet (start-up, or the host's reset) starts with nothing armed and the clock on time.
      armedUnplug = null;
      unplugged = false;
      clockOffsetMs = 0;
      heldAtMs = null;
      const source = createForcedCardSource(random);
      forced = source;
      const check = (): void => {
        if (unplugged) throw new RngUnavailableError('hardware RNG disconnected during the deal (port closed)');
      };
      return {
        nextInt(bound) {
          check();
          return source.nextInt(bound);
        },
        beforeShuffle() {
          check();
          source.beforeShuffle();
        },
      };
    },

    install(cabinet) {
      const pauseAfterLock = env[PAUSE_AFTER_LOCK_ENV] === '1';
      cabinet.subscribe((event) => {
        if (event.type === 'round-voided' || event.type === 'round-settled') unplugged = false;
        if (event.type !== 'state' || event.snapshot.phase !== 'locked') return;
        if (armedUnplug) {
          const unplug = armedUnplug;
          armedUnplug = null;
          unplugged = true;
          log('test hook: unplugging the RNG between lock and deal');
          void unplug().catch((error: unknown) => log(`test hook: unplug failed: ${String(error)}`));
        }
        if (pauseAfterLock) {
          writeSync(1, JSON.stringify({ paused: 'after-lock', creditsMinor: event.snapshot.creditsMinor }) + '\n');
          // Freeze: the round stays locked in the journal until the process is killed.
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
        }
      });
    },

    armRngUnplugDuringNextDeal(unplug) {
      armedUnplug = unplug;
    },

    clock() {
      return new Date((heldAtMs ?? Date.now()) + clockOffsetMs);
    },

    advanceClock(ms, hold = false) {
      if (hold && heldAtMs === null) heldAtMs = Date.now();
      clockOffsetMs += ms;
      return clockOffsetMs;
    },

    forceCards(cards, decks) {
      if (!forced) throw new Error('forceCards before the cabinet was started: wrapRandom was never called');
      forced.force(cards, decks);
    },
  };
}
