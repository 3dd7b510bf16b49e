/**
 * The seams a test shell may use when it starts a cabinet (the browser host's test controls, electron/host/
 * test-hooks.ts): kept apart from StartCabinetOptions, so nothing a production shell passes can carry a test hook.
 * Production starts with PRODUCTION_SEAMS, which change nothing.
 */
import type { Cabinet } from '../core/cabinet/cabinet-api.ts';
import type { RandomSource } from '../core/random/random-source.ts';

export interface StartSeams {
  /** The random source the cabinet deals from, given the certified one. */
  random(certified: RandomSource): RandomSource;
  /** The recovered cabinet, before any device starts. */
  opened(cabinet: Cabinet): void;
  /** The cabinet's clock; absent: the wall clock. Only the browser host's test clock moves it. */
  readonly clock?: () => Date;
}

export const PRODUCTION_SEAMS: StartSeams = {
  random: (certified) => certified,
  opened: () => undefined,
};
