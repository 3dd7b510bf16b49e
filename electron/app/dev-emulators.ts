/**
 * The embedded device emulators for `npm start` (development, demo) and the browser
 * test host: an emulated RNG and an emulated ITL bill acceptor, each on a pseudo-terminal,
 * driven by the same drivers as the real devices. Bundled separately as
 * dist-electron/dev-emulators.js, which electron-builder.yml leaves out of the packaged
 * kiosk (dist:check verifies it): a packaged cabinet uses real devices only.
 */
import type { EmbeddedEmulators } from './start-cabinet.ts';

export async function startEmbeddedEmulators(log: (message: string) => void): Promise<EmbeddedEmulators> {
  log('emulators: none wired yet (OS entropy, no bill acceptor)');
  return {
    rngPort: null,
    billPort: null,
    controls: { rng: null, billAcceptor: null },
    stop: async () => undefined,
  };
}
