/**
 * A stadium terminal's window, skip, queued REBET and link as the core keeps them in memory (docs/stadium.md#terminals).
 * None of it is money; it lives in the cabinet context, so it sits below every module that reads the context.
 */
import type { StadiumSitOut } from '../model/stadium-journal.ts';
import type { StadiumView } from '../model/stadium-terminal.ts';

export interface StadiumState {
  /** The table round whose window is open or was last opened. */
  round: number | null;
  window: 'open' | 'closed';
  /** The terminal's own close, in the core clock's milliseconds (the safety margin already taken off). */
  closesAtMs: number;
  /** Sits out the next close only; the close it skipped takes it back in. */
  skipping: boolean;
  /** REBET ×1 or ×2 pressed while the window was closed, laid at the next open. */
  rebetQueued: 1 | 2 | null;
  sitOut: StadiumSitOut | null;
  link: StadiumView['link'];
  terminals: number;
  lagMs: number | null;
}

export function freshStadiumState(): StadiumState {
  return {
    round: null,
    window: 'closed',
    closesAtMs: 0,
    skipping: false,
    rebetQueued: null,
    sitOut: null,
    link: 'connecting',
    terminals: 1,
    lagMs: null,
  };
}
