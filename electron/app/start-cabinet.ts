/**
 * The composition root (interim): replaced by the full wiring as soon as the cabinet
 * factory under electron/core/cabinet/ lands.
 */
import type { RunningCabinet } from './running-cabinet.ts';

export interface StartCabinetOptions {
  readonly journalPath: string;
  readonly emulators: boolean;
  readonly testHooks?: boolean;
  readonly log: (message: string) => void;
}

export async function startCabinet(_options: StartCabinetOptions): Promise<RunningCabinet> {
  throw new Error('the cabinet core is not wired yet');
}
