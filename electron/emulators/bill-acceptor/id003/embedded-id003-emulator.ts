/**
 * Development / demo / test helper: a socat pseudo-terminal pair with the ID-003 emulator on end A, so the
 * real driver runs against it on end B. Never packaged (the path says "emulator").
 *
 *   const emulator = await startEmbeddedId003Emulator();
 *   createId003BillAcceptorService({ portPath: emulator.portPath, cabinet, config: {} });
 *   emulator.control('insert 20');       // a 20 note at the slot
 *   emulator.control('power-cycle');     // the unit loses power
 */
import { createSocatPair, type SocatPair } from '../../socat-pair.ts';
import { runId003Emulator, type RunningId003Emulator } from './id003-emulator-process.ts';
import type { UnitOptions } from './id003-unit-model.ts';

export interface EmbeddedId003Emulator {
  readonly portPath: string;
  readonly emulatorPort: string;
  readonly socat: SocatPair;
  readonly running: RunningId003Emulator;
  /** A control line (id003-controls.ts) and its answer. */
  control(line: string): string;
  /** The unit's state as the `status` control reports it. */
  status(): Record<string, unknown>;
  stop(): Promise<void>;
}

export async function startEmbeddedId003Emulator(
  options: Omit<UnitOptions, 'log'> & { readonly log?: (line: string) => void } = {},
): Promise<EmbeddedId003Emulator> {
  const socat = createSocatPair('id003-pty-');
  await socat.start();
  const log = options.log ?? (() => undefined);
  const running = await runId003Emulator({
    ...options,
    port: socat.a,
    output: (line) => log(`id003 emulator: ${line}`),
  });
  return {
    portPath: socat.b,
    emulatorPort: socat.a,
    socat,
    running,
    control: (line) => running.control(line),
    status: () => running.unit.view(),
    async stop() {
      await running.stop().catch(() => undefined);
      await socat.dispose();
    },
  };
}
