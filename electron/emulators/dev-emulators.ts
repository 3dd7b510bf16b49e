/**
 * The embedded device emulators for `npm start` (development, demo) and the browser
 * test host: an emulated RNG and an emulated ITL bill acceptor, each on a socat
 * pseudo-terminal pair, driven by the same drivers as the real devices. Only the ones the
 * composition root asks for run: a device given a real port runs on that port. Unplug kills
 * socat (the driver sees the port vanish); replug starts it again on the same paths.
 * Bundled separately as dist-electron/dev-emulators.js, which electron-builder.yml
 * leaves out of the packaged kiosk (dist:check verifies it): a packaged cabinet uses
 * real devices only.
 */
import { EMULATOR_FIXED_KEY_HEX, startEmbeddedBillAcceptorEmulator } from './bill-acceptor/embedded-emulator.ts';
import type { NoteTimings } from './bill-acceptor/essp/note-path.ts';
import { runRngEmulator } from './rng/rng-emulator.ts';
import { createSocatPair } from './socat-pair.ts';
import type { EmbeddedEmulators } from './emulator-controls.ts';

/** Bytes per second from the emulated TRNG: plenty for the DRBG with prediction resistance. */
const RNG_RATE = 64_000;

/** Which emulators to run: the composition root asks only for the devices no flag, variable or config names. */
export interface EmulatorChoice {
  readonly rng: boolean;
  readonly bill: boolean;
  /** The venue's currency: the emulated acceptor carries a dataset of it, as the venue's own unit would. */
  readonly currency?: string;
}

export async function startEmbeddedEmulators(
  log: (message: string) => void,
  which: EmulatorChoice = { rng: true, bill: true },
  options: { readonly noteTimings?: Partial<NoteTimings> } = {},
): Promise<EmbeddedEmulators> {
  const rngPair = which.rng ? createSocatPair('baccarat-rng-') : null;
  const abort = new AbortController();
  if (rngPair) {
    await rngPair.start();
    // The emulator reopens its end whenever socat comes back, like a device re-enumerating.
    void runRngEmulator({
      port: rngPair.a,
      mode: 'good',
      rate: RNG_RATE,
      signal: abort.signal,
      control: false,
      log: (line) => log(`rng emulator: ${line}`),
    }).catch((error: unknown) =>
      log(`rng emulator stopped: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
  let bill: Awaited<ReturnType<typeof startEmbeddedBillAcceptorEmulator>> | null = null;
  if (which.bill) {
    try {
      bill = await startEmbeddedBillAcceptorEmulator({
        ...(which.currency ? { countryCode: which.currency } : {}),
        ...(options.noteTimings ? { timings: options.noteTimings } : {}),
        log: (line) => log(`bill emulator: ${line}`),
      });
    } catch (error) {
      abort.abort();
      await rngPair?.dispose();
      throw error;
    }
  }
  const controller = bill?.controller ?? null;
  log(
    `emulators: RNG ${rngPair ? `on ${rngPair.b}` : 'not emulated'}, bill acceptor ${bill ? `on ${bill.portPath}` : 'not emulated'}`,
  );

  return {
    rngPort: rngPair?.b ?? null,
    billPort: bill?.portPath ?? null,
    ...(bill ? { billFixedKeyHex: EMULATOR_FIXED_KEY_HEX } : {}),
    controls: {
      rng: rngPair
        ? {
            unplug: () => rngPair.kill(),
            replug: () => rngPair.start(),
          }
        : null,
      billAcceptor: controller
        ? {
            insertNote: (channel) => controller.insertNote(channel),
            unplug: () => controller.unplug(),
            replug: () => controller.replug(),
          }
        : null,
    },
    async stop() {
      abort.abort();
      await Promise.allSettled([rngPair?.dispose(), bill?.stop()]);
    },
  };
}
