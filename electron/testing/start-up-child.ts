/**
 * A child process for the start-up fault tests: starts the real cabinet (startCabinet, as the shells do)
 * on START_JOURNAL, prints one JSON line with what it came up showing, then disposes and exits 0. With
 * START_CREDIT_MINOR it first credits a note of that value (to make a journal with money on it); with
 * START_TECHNICIAN_CLEAR=1 a technician then clears a storage-fault tilt, and `afterClear` says what is left.
 * Run under strace (`-e inject=…:error=EIO`), it meets disk faults from outside the process.
 */
import { DEFAULT_VENUE_CONFIG } from '../core/config/venue-config.ts';
import { startCabinet } from '../app/start-cabinet.ts';

/** OS entropy approved, so the cabinet starts without devices (docs/rng.md#approved-entropy-source). */
export const START_UP_CHILD_CONFIG = {
  ...DEFAULT_VENUE_CONFIG,
  devices: { ...DEFAULT_VENUE_CONFIG.devices, rng: { ...DEFAULT_VENUE_CONFIG.devices.rng, source: 'os' as const } },
};

export interface StartUpChildView {
  readonly creditsMinor: number;
  readonly tilts: readonly string[];
  readonly recovery: string;
  /** The tilts left after a technician's storage-fault clear (START_TECHNICIAN_CLEAR=1 only). */
  readonly afterClear?: readonly string[];
}

if (import.meta.main) {
  const journalPath = process.env.START_JOURNAL ?? '';
  const running = await startCabinet({
    journalPath,
    config: START_UP_CHILD_CONFIG,
    env: {},
    log: (line) => process.stderr.write(`start-up-child: ${line}\n`),
  });
  const credit = Number(process.env.START_CREDIT_MINOR ?? '0');
  if (credit > 0) running.cabinet.creditBill({ valueMinor: credit, channel: 5, eventKey: `start-up-child-${credit}` });
  const snapshot = running.cabinet.snapshot();
  const clearStorageFault = (): string[] => {
    running.cabinet.clearTilt('storage-fault', 'journal', { by: 'technician', doorOpen: false });
    return running.cabinet.snapshot().tilts.map((t) => t.kind);
  };
  const view: StartUpChildView = {
    creditsMinor: snapshot.creditsMinor,
    tilts: snapshot.tilts.map((t) => t.kind),
    recovery: running.recovery,
    ...(process.env.START_TECHNICIAN_CLEAR === '1' ? { afterClear: clearStorageFault() } : {}),
  };
  process.stdout.write(`${JSON.stringify(view)}\n`);
  await running.dispose();
  process.exit(0);
}
