/**
 * The browser test host's command line (`npm run host`): flags checked before anything starts, then the server
 * (host-server.ts) on the composition root. For development without an Electron binary and for the Playwright e2e
 * tests. Never packaged (dist:check verifies it).
 *
 * Security: binds to 127.0.0.1 only; a random per-run token is required for the page
 * (which then sets a same-site cookie for its assets) and on the WebSocket upgrade;
 * the Host and Origin headers must name this host (no DNS rebinding).
 *
 * Devices: `--rng-port`, `--bill-port` (with `--bill-fixed-key`) and the protocol flags name real serial
 * ports, checked before anything starts (app/device-flags.ts); an embedded emulator runs only for a
 * device no flag, variable or venue config names (docs/venue-config.md#device-settings).
 *
 * Dev-only channels (electron/ipc/dev-contract.ts, test-channels.ts) are merged into the router here: the
 * service panel's, and with `--test-controls` (e2e only) the `test:*` controls that
 * unplug/replug the emulated RNG and bill acceptor, insert a note, turn the operator key
 * and force the next round's cards (test-controls.ts). They never exist in a packaged shell.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installProcessCrashHandlers } from '../app/process-crash-handler.ts';
import { crashRecorder } from '../app/process-crash-record.ts';
import { assertLoopback, LOOPBACK, startBrowserHost, type RunningHost } from './host-server.ts';

const USAGE = `npm run host -- [options]

Serves the kiosk renderer's development entry (dist-renderer-dev/, from npm run build) on ${LOOPBACK} with the
real cabinet core, journal and embedded device emulators behind a WebSocket. Prints the URL
(with its per-run token) as the last stdout line: {"url": ...}.

  --port N              TCP port (0 = pick a free one; default 5180)
  --host ${LOOPBACK}       bind address; anything else is refused
  --journal PATH        journal file (default: BACCARAT_JOURNAL, else a fresh temporary one); ":memory:",
                        "file:" URIs, an empty path and a missing or unwritable folder are refused (exit 2)
  --attract-after-ms N  idle time before attract mode, passed to the page (1000..3600000)
  --renderer DIR        renderer build folder (default dist-renderer-dev/)
  --config FILE         venue config file (docs/venue-config.md; example docs/venue-config.example.json);
                        default: BACCARAT_CONFIG, else the config stored in the journal, else the
                        built-in default. A bad file stops start-up with exit code 2 and one stderr
                        line per bad field
  --rng-port PATH       the hardware RNG's serial port (e.g. /dev/ttyACM0) instead of the emulated one
  --rng-protocol P      truerng (streams at once, default) or onerng (sent cmdO first)
  --bill-port PATH      the bill acceptor's serial port (e.g. /dev/ttyUSB0) instead of the emulated one
  --bill-protocol P     essp (ITL NV9/NV200, default) or id003 (JCM)
  --bill-fixed-key HEX  the venue's eSSP fixed key: 16 hex digits, not the factory default (essp only)
                        Device flags win over BACCARAT_RNG_PORT, BACCARAT_BILL_PORT, BACCARAT_BILL_FIXED_KEY
                        and the venue config (docs/venue-config.md#device-settings); an emulator runs only
                        for a device none of them names. A port must exist and be a character device (a
                        tty or a pty); a bad flag is one stderr line and exit code 2
  --stadium URL         join a stadium table as a terminal through the broker at URL (nats://HOST:PORT or
                        tls://HOST:PORT, several of one cluster separated by commas); with
  --table ID            the table's id (1 to 32 letters, digits, dashes or underscores) and
  --table-public-key B64  the table's public key (its ready line's publicKey). Each wins over
                        BACCARAT_STADIUM_URL, BACCARAT_STADIUM_TABLE, BACCARAT_STADIUM_TABLE_PUBLIC_KEY and the
                        same field of the venue config's "stadium" section, which may carry the rest
                        (resultTimeoutMs, closeMarginMs); docs/stadium.md#joining-a-table. A bad flag is
                        one stderr line and exit code 2; with none of them the cabinet plays alone
  --test-controls       enable the test:* socket channels (e2e tests only): test:operator-key
                        {"on":true}, test:door {"open":true}, test:set-pin {"role","pin"}, and
                        test:force-cards {"cards":["9","K","K","5"]}: the next round deals
                        exactly these cards (ranks as npm run round, optional suit: "KH"), and
                        test:reset {"journal":"/abs/new.sqlite","config"?:"/abs/venue.json",
                        "notes"?:"device"|"quick"}: a fresh cabinet on a journal that does not exist
                        yet, in the same process (quick: the emulated acceptor about 5x as fast)
                        test:advance-clock {"ms":900000}: the cabinet's clock moves forward and the
                        session's reality check and time limit are looked at (docs/responsible-gaming.md)

Test hooks (environment; e2e only, never in a packaged kiosk):
  BACCARAT_TEST_PAUSE_AFTER_LOCK=1  the next deal stops after the bets are locked and debited
                                    (prints {"paused":"after-lock"}), so a test can kill the host
                                    mid-round and check start-up recovery.
  BACCARAT_TEST_CRASH_AFTER_START=exception|rejection  after start, an error nothing handles (exit 75).`;

async function main(): Promise<void> {
  const { runCli, intFlag, printJson, UsageError, existingFolderFlag, serialPortFlags } =
    await import('../cli/cli-support.ts');
  await runCli({
    name: 'host',
    usage: USAGE,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      journal: { type: 'string' },
      'attract-after-ms': { type: 'string' },
      renderer: { type: 'string' },
      config: { type: 'string' },
      'rng-port': { type: 'string' },
      'rng-protocol': { type: 'string' },
      'bill-port': { type: 'string' },
      'bill-protocol': { type: 'string' },
      'bill-fixed-key': { type: 'string' },
      stadium: { type: 'string' },
      table: { type: 'string' },
      'table-public-key': { type: 'string' },
      'test-controls': { type: 'boolean' },
    },
    main: async ({ values, positionals }) => {
      if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
      const host = values.host ?? LOOPBACK;
      assertLoopback(host);
      const { parseStadiumFlags } = await import('../app/stadium-flags.ts');
      // Checked before anything starts: a bad flag is one stderr line naming what it allows, and exit 2 (runCli).
      const stadiumFlags = parseStadiumFlags(values);
      const port = intFlag('port', values.port, 0, 65535, 5180);
      const attract = values['attract-after-ms'];
      const attractAfterMs = attract === undefined ? null : intFlag('attract-after-ms', attract, 1000, 3_600_000);
      const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
      const given = values.renderer === undefined ? undefined : existingFolderFlag('renderer', values.renderer);
      // The development entry by default: the service panel and the URL overrides the e2e tests use.
      const rendererDir = path.resolve(given ?? path.join(repo, 'dist-renderer-dev'));
      const { resolveJournalPath } = await import('../storage/journal-path.ts');
      // --journal, else BACCARAT_JOURNAL, else a fresh temporary file; a refused value is one line and exit 2.
      const journalPath =
        values.journal !== undefined
          ? resolveJournalPath(values.journal, '--journal', { relativeFrom: process.cwd() })
          : process.env.BACCARAT_JOURNAL !== undefined
            ? resolveJournalPath(process.env.BACCARAT_JOURNAL, 'BACCARAT_JOURNAL')
            : path.join(mkdtempSync(path.join(os.tmpdir(), 'baccarat-host-')), 'journal.sqlite');
      const { parseDeviceFlags } = await import('../app/device-flags.ts');
      // Checked before anything starts: a bad flag is one stderr line and exit 2 (runCli).
      const deviceFlags = parseDeviceFlags(values);
      await serialPortFlags(values, ['rng-port', 'bill-port']); // and no other process holds them
      const { startCabinet } = await import('../app/start-cabinet.ts');
      const { venueFileLines } = await import('../app/venue-file.ts');
      const { ConfigError } = await import('../core/config/venue-config.ts');
      const { startEmbeddedEmulators } = await import('../emulators/dev-emulators.ts');
      const { QUICK_TIMINGS } = await import('../emulators/bill-acceptor/essp/note-path.ts');
      const { createTestHooks, crashAfterStart } = await import('./test-hooks.ts');
      const hooksLog = (message: string): void => void process.stderr.write(`host: ${message}\n`);
      const hooks = createTestHooks(process.env, hooksLog);
      const configFile = values.config === undefined ? undefined : path.resolve(values.config);
      const startHost = (): Promise<RunningHost> =>
        startBrowserHost({
          host,
          port,
          journalPath,
          attractAfterMs,
          rendererDir,
          testControls: values['test-controls'] === true,
          testHooks: hooks,
          start: ({ notePace, ...opts }) =>
            startCabinet(
              {
                ...(configFile === undefined ? {} : { configFile }),
                ...opts,
                deviceFlags,
                stadiumFlags,
                startEmulators: (emulatorLog, which) =>
                  startEmbeddedEmulators(
                    emulatorLog,
                    which,
                    notePace === 'quick' ? { noteTimings: QUICK_TIMINGS } : {},
                  ),
              },
              // The host's test controls reach the cabinet through the start seams, never its options.
              {
                random: (certified) => hooks.wrapRandom(certified),
                opened: (cabinet) => hooks.install(cabinet),
                clock: () => hooks.clock(),
              },
            ),
        });
      let hostRun: RunningHost | null = null;
      const record = crashRecorder(() => ({ running: hostRun?.running ?? null, journalPath }));
      installProcessCrashHandlers({ record, log: hooksLog, exit: (code) => process.exit(code) });
      try {
        hostRun = await startHost();
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        // One line per bad field (docs/venue-config.md#starting-with-a-file), exit code 2.
        const file = configFile ?? process.env.BACCARAT_CONFIG ?? '(config)';
        for (const line of venueFileLines(file, error)) process.stderr.write(`host: ${line}\n`);
        return 2;
      }
      const started = hostRun;
      const stop = (): void => {
        void started.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      printJson({ url: started.url, port: started.port, journal: journalPath, recovery: started.running.recovery });
      crashAfterStart(process.env);
      await new Promise<never>(() => undefined);
    },
  });
}

if (import.meta.main) await main();
