/**
 * Test-only hooks of the browser test host (never in the Electron shell or a package;
 * dist:check checks the packaged main for them).
 *
 * BACCARAT_TEST_PAUSE_AFTER_LOCK=1: the first round that reaches "locked" (bets debited
 * and journaled, no card dealt) freezes the whole process right there — it prints
 * {"paused":"after-lock","roundId":N} on stdout and blocks the event loop — so an e2e
 * test can SIGKILL the host mid-round and check that the restart voids and refunds it.
 */
import { writeSync } from 'node:fs';
import type { Cabinet } from '../core/cabinet/cabinet-api.ts';

export const PAUSE_AFTER_LOCK_ENV = 'BACCARAT_TEST_PAUSE_AFTER_LOCK';

export function installTestHooks(cabinet: Cabinet, env: Readonly<Record<string, string | undefined>>): void {
  if (env[PAUSE_AFTER_LOCK_ENV] !== '1') return;
  cabinet.subscribe((event) => {
    if (event.type !== 'state' || event.snapshot.phase !== 'locked') return;
    writeSync(1, JSON.stringify({ paused: 'after-lock', creditsMinor: event.snapshot.creditsMinor }) + '\n');
    // Freeze: the round stays locked in the journal until the process is killed.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  });
}
