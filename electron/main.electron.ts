/**
 * Electron main process: thin. Order matters (fiddle's setupX() pattern):
 *  1. the app:// scheme is registered and the single-instance lock taken before `ready`;
 *  2. the cabinet starts — journal opened and start-up recovery run (an unfinished round
 *     is voided and refunded) — BEFORE any window exists, so the first frame that shows
 *     credits already shows the recovered credits;
 *  3. the session and every webContents are locked down, display sleep is blocked;
 *  4. the kiosk window opens on app://kiosk/ and the IPC router is attached.
 * Once the single-instance lock is held, an error nothing handles is recorded and ends the process with a documented code
 * (app/process-crash-handler.ts), which systemd restarts.
 * Unpackaged (`npm start`), main also loads dist-electron/dev-shell.js: the embedded
 * emulators, the service panel's channel and the development preload that allows it.
 * Devices come from the environment (the kiosk's systemd unit) or the venue config's devices.*
 * (BACCARAT_CONFIG, or the config stored at the cabinet); an emulator stands in, unpackaged only,
 * for a device neither names (docs/venue-config.md#device-settings).
 */
import { app, dialog, powerSaveBlocker, type BrowserWindow } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCrashPolicy, EXIT_REFUSED_SETTING, EXIT_STARTUP_FAILED } from './app/crash-policy.ts';
import { installProcessCrashHandlers } from './app/process-crash-handler.ts';
import { crashRecorder } from './app/process-crash-record.ts';
import { createKioskWindow } from './app/kiosk-window.electron.ts';
import { registerAppScheme, serveRenderer } from './app/protocol.electron.ts';
import type { RunningCabinet } from './app/running-cabinet.ts';
import { hardenSession } from './app/security.electron.ts';
import { startCabinet } from './app/start-cabinet.ts';
import { venueFileLines } from './app/venue-file.ts';
import { ConfigError } from './core/config/venue-config.ts';
import { attachElectronRouter } from './ipc/electron-router.electron.ts';
import { createIpcRouter } from './ipc/router.ts';
import { JournalPathError, resolveJournalPath } from './storage/journal-path.ts';
import { APP_ORIGIN } from './ipc/sender-policy.ts';

/**
 * A bad venue file (BACCARAT_CONFIG, as for `npm run host -- --config FILE`) or a refused BACCARAT_JOURNAL
 * (storage/journal-path.ts): the kiosk's systemd unit lists this code in RestartPreventExitStatus, so a bad
 * setting is one stop, never a restart loop (docs/cabinet-rules.md#damaged-journal).
 */
const EXIT_BAD_VENUE_CONFIG = EXIT_REFUSED_SETTING;
const EXIT_BAD_JOURNAL_PATH = EXIT_REFUSED_SETTING;

/** The development pieces (host/dev-shell.ts): a separate bundle, absent from the package. */
type DevShell = typeof import('./host/dev-shell.ts');

const here = path.dirname(fileURLToPath(import.meta.url));
const production = app.isPackaged;
const log = (message: string): void => void process.stdout.write(`kiosk: ${message}\n`);

registerAppScheme();
app.commandLine.appendSwitch('disable-http-cache');
app.commandLine.appendSwitch('disable-background-networking');

if (!app.requestSingleInstanceLock()) {
  log('another instance is running; exiting');
  app.exit(0);
} else {
  let window: BrowserWindow | null = null;
  let running: RunningCabinet | null = null;
  let detach: (() => void) | null = null;
  let dev: DevShell | null = null;
  const crashes = createCrashPolicy();
  let journalPath: string | null = null;

  // An error nothing handled: recorded (the journal, else a marker beside it), then exit 75 for systemd
  // (docs/cabinet-rules.md#damaged-journal). app.exit ends the process without the usual teardown.
  installProcessCrashHandlers({
    record: crashRecorder(() => ({ running, journalPath })),
    log: (line) => process.stderr.write(`kiosk: ${line}\n`),
    exit: (code) => app.exit(code),
  });

  app.on('second-instance', () => {
    if (window && !window.isDestroyed()) window.focus();
  });

  const shutdown = async (code: number): Promise<void> => {
    detach?.();
    detach = null;
    await running?.dispose();
    running = null;
    app.exit(code);
  };

  app.on('window-all-closed', () => void shutdown(0));
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void shutdown(0));

  void app.whenReady().then(async () => {
    try {
      const configured = process.env.BACCARAT_JOURNAL;
      journalPath = resolveJournalPath(
        configured ?? path.join(app.getPath('userData'), 'journal.sqlite'),
        configured === undefined ? 'the default journal' : 'BACCARAT_JOURNAL',
      );
      // The embedded emulators and the service panel are a development convenience of `npm start`.
      dev = production ? null : await import('./host/dev-shell.ts');
      running = await startCabinet({ journalPath, startEmulators: dev?.startEmbeddedEmulators ?? null, log });
      log(running.recovery);
    } catch (error) {
      if (error instanceof JournalPathError) {
        // One line for the unit's log, and the same line on the screen: no journal, no play.
        process.stderr.write(`kiosk: ${error.message}\n`);
        dialog.showErrorBox('Journal path refused', error.message);
        await shutdown(EXIT_BAD_JOURNAL_PATH);
        return;
      }
      if (error instanceof ConfigError) {
        // A bad venue file: one line per bad field, exit code 2 (docs/venue-config.md#starting-with-a-file).
        const file = process.env.BACCARAT_CONFIG ?? '(config)';
        for (const line of venueFileLines(file, error)) process.stderr.write(`${line}\n`);
        await shutdown(EXIT_BAD_VENUE_CONFIG);
        return;
      }
      log(`cannot start the cabinet: ${error instanceof Error ? error.message : String(error)}`);
      await shutdown(EXIT_STARTUP_FAILED);
      return;
    }

    hardenSession(log);
    // Unpackaged, the development entry with the service panel (docs/architecture.md#the-development-entry).
    serveRenderer(path.join(here, '..', dev ? 'dist-renderer-dev' : 'dist-renderer'));
    powerSaveBlocker.start('prevent-display-sleep');

    // Handlers first, so the page can never call before they exist; the sender check needs the window.
    const router = createIpcRouter(running.cabinet, running.services, dev ? [dev.serviceChannels(running)] : []);
    detach = attachElectronRouter(router, {
      kioskContents: () => (window && !window.isDestroyed() ? window.webContents : null),
      origin: APP_ORIGIN,
      log,
    });
    const kiosk = createKioskWindow({
      preloadPath: path.join(here, dev ? dev.DEV_PRELOAD_FILE : 'preload.cjs'),
      url: `${APP_ORIGIN}/index.html`,
      production,
    });
    window = kiosk;

    kiosk.webContents.on('render-process-gone', (_event, details) => {
      const decision = crashes.onFailure(Date.now());
      log(`renderer gone (${details.reason}, exit ${details.exitCode}); ${decision.action}`);
      if (decision.action === 'exit') {
        void shutdown(decision.code);
        return;
      }
      setTimeout(() => {
        if (!kiosk.isDestroyed()) kiosk.webContents.reload();
      }, decision.delayMs);
    });
    kiosk.on('unresponsive', () => log('renderer unresponsive'));
  });
}
