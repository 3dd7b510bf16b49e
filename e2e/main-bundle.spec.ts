/**
 * The bundled Electron main process (dist-electron/main.js) run under plain Node with a
 * recording stand-in for 'electron' (e2e/electron-stub/), because this machine has no
 * Electron binary. It checks the start-up order the kiosk depends on: the scheme and the
 * single-instance lock before ready; the journal opened and an interrupted round recovered
 * (void + refund) BEFORE the window exists; the session locked down, display sleep blocked;
 * every IPC handler registered before the page is loaded; the window's webPreferences; and a
 * clean exit 0 on SIGTERM. Unpackaged (as `npm start`), main loads the dev shell: the service
 * panel's channel and the development preload; run as a packaged kiosk (STUB_IS_PACKAGED=1) it
 * registers exactly the production channels and uses the production preload.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startHost } from './host-process.ts';
import { bet, CHANNEL_COUNT, DEV_CHANNEL_COUNT, expect, insertNote, test } from './fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

interface MainRun {
  readonly events: Array<Record<string, unknown>>;
  readonly code: number | null;
}

/** Runs the bundled main under the electron stand-in until it loads the page, then SIGTERMs it. */
async function runMain(env: Record<string, string>): Promise<MainRun> {
  const child = spawn(
    process.execPath,
    ['--import', path.join(ROOT, 'e2e/electron-stub/register.mjs'), path.join(ROOT, 'dist-electron/main.js')],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  const events: Array<Record<string, unknown>> = [];
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const loaded = new Promise<void>((resolve) => {
    let buffer = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('{')) events.push(JSON.parse(line) as Record<string, unknown>);
        else events.push({ log: line });
        if (line.includes('"stub":"loadURL"')) resolve();
      }
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await Promise.race([
      loaded,
      exited.then((code) => {
        throw new Error(`main exited (${code}) before loading the page:\n${stderr}`);
      }),
    ]);
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
  }
  const code = await exited;
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // the group is already gone
  }
  return { events, code };
}

test.use({ hostEnv: { BACCARAT_TEST_PAUSE_AFTER_LOCK: '1' } });

test('main bundle: recovery runs before the window, handlers before the page, window locked down', async ({
  kiosk,
  host,
  workDir,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'chromium-host', 'runs once, in the chromium-host project');
  test.slow();
  // A journal with a round locked mid-deal (power cut), made with the host's pause hook.
  await insertNote(kiosk, host, 4, 5_000);
  await bet(kiosk, 'player', 500, 1);
  await kiosk.getByTestId('btn-deal').click();
  await host.waitForLine((line) => line.paused === 'after-lock');
  await host.kill('SIGKILL');

  const { events, code } = await runMain({
    BACCARAT_JOURNAL: path.join(workDir, 'journal.sqlite'),
    STUB_USER_DATA: workDir,
  });
  await testInfo.attach('main-events', { body: JSON.stringify(events, null, 2), contentType: 'application/json' });

  const index = (predicate: (e: Record<string, unknown>) => boolean): number => events.findIndex(predicate);
  const stub = (name: string) => index((e) => e.stub === name);
  const recovered = index(
    (e) => typeof e.log === 'string' && /recovered: round \d+ voided, 500 minor units refunded/.test(e.log),
  );
  expect(stub('registerSchemesAsPrivileged')).toBeGreaterThanOrEqual(0);
  expect(stub('requestSingleInstanceLock')).toBeGreaterThan(stub('registerSchemesAsPrivileged'));
  expect(recovered, JSON.stringify(events.filter((e) => e.log))).toBeGreaterThan(stub('requestSingleInstanceLock'));
  expect(stub('BrowserWindow')).toBeGreaterThan(recovered);
  expect(stub('setPermissionRequestHandler')).toBeLessThan(stub('BrowserWindow'));
  expect(stub('webRequest.onBeforeRequest')).toBeLessThan(stub('BrowserWindow'));
  expect(stub('protocol.handle')).toBeLessThan(stub('BrowserWindow'));
  expect(stub('powerSaveBlocker.start')).toBeLessThan(stub('BrowserWindow'));
  expect(events[stub('powerSaveBlocker.start')]).toMatchObject({ type: 'prevent-display-sleep' });
  expect(events[stub('Menu.setApplicationMenu')]).toMatchObject({ menu: null });

  const window = events[stub('BrowserWindow')] as { options: Record<string, unknown>; handlers: number };
  // Unpackaged: the production channels plus the service panel's, with the development preload.
  expect(window.handlers).toBe(DEV_CHANNEL_COUNT);
  expect(window.options).toMatchObject({ kiosk: true, fullscreen: true });
  expect(window.options.webPreferences).toMatchObject({
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    webSecurity: true,
    webviewTag: false,
    allowRunningInsecureContent: false,
  });
  expect(String((window.options.webPreferences as { preload: string }).preload)).toMatch(
    /dist-electron\/dev-preload\.cjs$/,
  );
  expect(events[stub('loadURL')]).toMatchObject({ url: 'app://kiosk/index.html', handlers: DEV_CHANNEL_COUNT });
  expect(events.filter((e) => e.stub === 'ipcMain.handle').map((e) => e.channel)).toContain('service:insert-note');
  expect(code).toBe(0);

  // The restarted shell really refunded the round in the journal.
  const again = await startHost({ journal: path.join(workDir, 'journal.sqlite') });
  try {
    const snapshot = await again.must<{ creditsMinor: number; lastRound: { status: string; refundedMinor: number } }>(
      'cabinet:snapshot',
    );
    expect(snapshot.creditsMinor).toBe(5_000);
    expect(snapshot.lastRound).toMatchObject({ status: 'voided', refundedMinor: 500 });
  } finally {
    await again.kill('SIGTERM');
  }
});

test('main bundle run as a packaged kiosk: exactly the production channels and the production preload', async ({
  workDir,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'chromium-host', 'runs once, in the chromium-host project');
  const { events, code } = await runMain({
    BACCARAT_JOURNAL: path.join(workDir, 'packaged.sqlite'),
    STUB_USER_DATA: workDir,
    STUB_IS_PACKAGED: '1',
  });
  await testInfo.attach('main-events', { body: JSON.stringify(events, null, 2), contentType: 'application/json' });
  const channels = events.filter((e) => e.stub === 'ipcMain.handle').map((e) => String(e.channel));
  expect(channels).toHaveLength(CHANNEL_COUNT);
  expect(channels.filter((c) => c.startsWith('service:') || c.startsWith('test:'))).toEqual([]);
  const window = events.find((e) => e.stub === 'BrowserWindow') as { options: { webPreferences: { preload: string } } };
  expect(window.options.webPreferences.preload).toMatch(/dist-electron\/preload\.cjs$/);
  expect(events.find((e) => e.stub === 'loadURL')).toMatchObject({ handlers: CHANNEL_COUNT });
  expect(code).toBe(0);
});
