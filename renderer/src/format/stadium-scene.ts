/**
 * What a stadium terminal's screen shows (docs/stadium.md#the-terminals-screen), worked out from the snapshot's
 * StadiumView and this page's own clock alone: the countdown is counted from the moment the snapshot arrived, never
 * from a time on another machine.
 */
import type { StadiumView } from '../../../electron/core/model/stadium-terminal.ts';

/** The last seconds of a window are shown urgent. */
export const URGENT_MS = 5_000;
/** How long the link may say `connecting` before the screen says the table cannot be reached. */
export const CONNECTING_GRACE_MS = 3_000;

export type StadiumScene =
  /** The cabinet plays alone: nothing of the stadium shows. */
  | { readonly kind: 'alone' }
  /** The broker or the table cannot be reached: the table is covered by a screen that says so. */
  | { readonly kind: 'unreachable'; readonly lockedRound: number | null }
  /** Bets are taken: `seconds` is the whole seconds left, rounded up, so 0 shows only when the window is over. */
  | { readonly kind: 'open'; readonly seconds: number; readonly urgent: boolean; readonly skipping: boolean }
  /** The window is over on this page's clock, before the snapshot of the close has come: no more bets. */
  | { readonly kind: 'closing' }
  /** This terminal's bets are locked in a round that the table is dealing. */
  | { readonly kind: 'locked'; readonly round: number }
  /** No window is open and nothing is locked: the next round is awaited. */
  | { readonly kind: 'waiting'; readonly skipping: boolean };

/** The time since the snapshot arrived, and since the link began to say `connecting`, both on the page's clock. */
export interface StadiumClock {
  readonly sinceArrivalMs: number;
  readonly connectingForMs: number;
}

/** Milliseconds left in the window now, never below zero. */
export function windowLeftMs(view: StadiumView, sinceArrivalMs: number): number {
  return view.window === 'open' ? Math.max(0, view.closesInMs - Math.max(0, sinceArrivalMs)) : 0;
}

export function stadiumScene(view: StadiumView | null, clock: StadiumClock): StadiumScene {
  if (view === null) return { kind: 'alone' };
  if (view.link === 'unreachable' || (view.link === 'connecting' && clock.connectingForMs >= CONNECTING_GRACE_MS))
    return { kind: 'unreachable', lockedRound: view.lockedRound };
  const leftMs = windowLeftMs(view, clock.sinceArrivalMs);
  if (view.window === 'open' && leftMs > 0)
    return { kind: 'open', seconds: Math.ceil(leftMs / 1000), urgent: leftMs <= URGENT_MS, skipping: view.skipping };
  if (view.window === 'open') return { kind: 'closing' };
  if (view.lockedRound !== null) return { kind: 'locked', round: view.lockedRound };
  return { kind: 'waiting', skipping: view.skipping };
}

/** The broker's address without a user name or password, should one ever reach the screen. */
export function brokerShown(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1');
}
