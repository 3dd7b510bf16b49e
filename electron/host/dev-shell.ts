/**
 * The unpackaged Electron shell's development pieces (`npm start`): the embedded device
 * emulators and the service panel's channels, with the development preload that allows
 * them. Bundled separately as dist-electron/dev-shell.js and loaded by main only when the
 * app is not packaged; electron-builder.yml leaves every dist-electron/dev-* file out, so a
 * packaged kiosk has neither the code nor the channel names (dist:check verifies it).
 */
export { startEmbeddedEmulators } from '../emulators/dev-emulators.ts';
export { serviceChannels } from './service-channels.ts';

/** The development preload (scripts/build.ts): the production allow-list plus the service channel. */
export const DEV_PRELOAD_FILE = 'dev-preload.cjs';
