/**
 * The embedded device emulators for `npm start` (development, demo) and the browser
 * test host: an emulated RNG and an emulated ITL bill acceptor, each on a socat
 * pseudo-terminal pair, driven by the same drivers as the real devices. Unplug kills
 * socat (the driver sees the port vanish); replug starts it again on the same paths.
 * Bundled separately as dist-electron/dev-emulators.js, which electron-builder.yml
 * leaves out of the packaged kiosk (dist:check verifies it): a packaged cabinet uses
 * real devices only.
 */
import { EMULATOR_FIXED_KEY_HEX, startEmbeddedBillAcceptorEmulator } from './bill-acceptor/embedded-emulator.ts';
import { runRngEmulator } from './rng/rng-emulator.ts';
import { createSocatPair } from './socat-pair.ts';
import type { EmbeddedEmulators } from './emulator-controls.ts';

/** Bytes per second from the emulated TRNG: plenty for the DRBG with prediction resistance. */
const RNG_RATE = 64_000;

export async function startEmbeddedEmulators(log: (message: string) => void): Promise<EmbeddedEmulators> {
  const rngPair = createSocatPair('baccarat-rng-');
  await rngPair.start();
  const abort = new AbortController();
  // The emulator reopens its end whenever socat comes back, like a device re-enumerating.
  void runRngEmulator({
    port: rngPair.a,
    mode: 'good',
    rate: RNG_RATE,
    signal: abort.signal,
    control: false,
    log: (line) => log(`rng emulator: ${line}`),
  }).catch((error: unknown) => log(`rng emulator stopped: ${error instanceof Error ? error.message : String(error)}`));
  let bill;
  try {
    bill = await startEmbeddedBillAcceptorEmulator({ log: (line) => log(`bill emulator: ${line}`) });
  } catch (error) {
    abort.abort();
    await rngPair.dispose();
    throw error;
  }
  const { controller } = bill;
  log(`emulators: RNG on ${rngPair.b}, bill acceptor on ${bill.portPath}`);

  return {
    rngPort: rngPair.b,
    billPort: bill.portPath,
    billFixedKeyHex: EMULATOR_FIXED_KEY_HEX,
    controls: {
      rng: {
        unplug: () => rngPair.kill(),
        replug: () => rngPair.start(),
      },
      billAcceptor: {
        insertNote: (channel) => controller.insertNote(channel),
        unplug: () => controller.unplug(),
        replug: () => controller.replug(),
      },
    },
    async stop() {
      abort.abort();
      await Promise.allSettled([rngPair.dispose(), bill.stop()]);
    },
  };
}
