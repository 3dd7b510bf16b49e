/**
 * The bundled Electron main (dist-electron/main.js, under the recording stand-in for 'electron', as in
 * main-bundle.spec.ts) and the journal (docs/cabinet-rules.md#damaged-journal): on a damaged journal it
 * still opens the kiosk window, locked, and exits 0 on SIGTERM; with a BACCARAT_JOURNAL that is not
 * durable it shows the refusal in an error box and exits 2 before any window exists.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { damageJournalFile } from '../electron/testing/journal-file-damage.ts';
import { startHost } from './host-process.ts';
import { expect, insertNote, test, waitForTable } from './fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

interface MainRun {
  readonly events: Array<Record<string, unknown>>;
  readonly code: number | null;
  readonly stderr: string;
}

/** Runs the bundled main until it loads the page (then SIGTERMs it) or exits on its own. */
async function runMain(env: Record<string, string>): Promise<MainRun> {
  const child = spawn(
    process.execPath,
    ['--import', path.join(ROOT, 'e2e/electron-stub/register.mjs'), path.join(ROOT, 'dist-electron/main.js')],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  const events: Array<Record<string, unknown>> = [];
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const loaded = new Promise<void>((resolve) => {
    let buffer = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        events.push(line.startsWith('{') ? (JSON.parse(line) as Record<string, unknown>) : { log: line });
        if (line.includes('"stub":"loadURL"')) resolve();
      }
    });
  });
  const first = await Promise.race([loaded.then(() => 'loaded' as const), exited.then(() => 'exited' as const)]);
  if (first === 'loaded') process.kill(-child.pid!, 'SIGTERM');
  const code = await exited;
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // the group is already gone
  }
  return { events, code, stderr };
}

test.describe('main bundle and the journal', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'chromium-host', 'runs once, in the chromium-host project');
  });

  test('a damaged journal: the window opens locked, no crash, exit 0 on SIGTERM', async ({ page, workDir }) => {
    test.slow();
    const journal = path.join(workDir, 'journal.sqlite');
    const host = await startHost({ journal });
    try {
      await page.goto(host.url);
      await waitForTable(page);
      await insertNote(page, host, 5, 10_000);
    } finally {
      await host.kill('SIGTERM');
    }
    damageJournalFile(journal, 'header');

    const { events, code } = await runMain({ BACCARAT_JOURNAL: journal, STUB_USER_DATA: workDir });
    const logs = events.map((e) => e.log).filter((l): l is string => typeof l === 'string');
    expect(
      logs.some((l) => /^kiosk: RAM error: journal damaged \(open check failed/.test(l)),
      logs.join('\n'),
    ).toBe(true);
    expect(events.some((e) => e.stub === 'BrowserWindow')).toBe(true);
    expect(code).toBe(0);
    expect(readdirSync(workDir).some((f) => /^journal\.sqlite\.damaged-\d{8}T\d{9}Z$/.test(f))).toBe(true);
  });

  for (const value of [':memory:', '', 'file:journal.sqlite?mode=memory', 'relative/journal.sqlite']) {
    test(`BACCARAT_JOURNAL=${JSON.stringify(value)}: an error box, one stderr line, exit 2, no window`, async ({
      workDir,
    }) => {
      const { events, code, stderr } = await runMain({ BACCARAT_JOURNAL: value, STUB_USER_DATA: workDir });
      expect(code).toBe(2);
      const box = events.find((e) => e.stub === 'dialog.showErrorBox');
      expect(String(box?.content)).toContain(`BACCARAT_JOURNAL=${JSON.stringify(value)}`);
      expect(stderr.trim().split('\n')).toEqual([expect.stringContaining('allowed: an absolute path')]);
      expect(events.some((e) => e.stub === 'BrowserWindow')).toBe(false);
    });
  }
});
