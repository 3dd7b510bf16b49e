/**
 * Playwright fixtures: every test gets a fresh temporary journal and a fresh cabinet (Heroic/Signal style: fresh
 * state per test, wait for events, never sleep). The browser test host is one process per Playwright worker,
 * reset to the test's fresh journal before each test (test:reset: the cabinet, its devices and its emulators
 * start anew in the same process); a test that kills its host gets a new process in the next test
 * (docs/testing.md#one-host-per-worker). A venue file (`venueConfig`) and the acceptor's pace (`notePace`) come
 * with the reset; `hostEnv` (a test hook) is a worker option, so such tests run in a worker of their own. In the
 * `electron` project the same specs run against the real shell through _electron.launch when an Electron binary
 * is installed, and are skipped with the reason otherwise.
 */
import { test as base, expect, _electron, type ElectronApplication, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHANNEL_NAMES } from '../electron/ipc/channels.ts';
import { CHANNEL_NAMES as DEV_PRELOAD_CHANNEL_NAMES } from '../electron/host/dev-preload-channels.ts';
import { PLAYER_HISTORY_ROUNDS } from '../electron/core/model/player-history-page.ts';
import { electronBinary, ELECTRON_SKIP_REASON } from './electron-binary.ts';
import { startHost, type HostProcess } from './host-process.ts';

export { electronBinary, ELECTRON_SKIP_REASON };

/** How many IPC channels the production contract has (the main-bundle spec counts the handlers). */
export const CHANNEL_COUNT = CHANNEL_NAMES.length;
/** How many the unpackaged shell registers: the production ones plus the service panel's. */
export const DEV_CHANNEL_COUNT = DEV_PRELOAD_CHANNEL_NAMES.length;

export { expect };

const REPO = path.resolve(import.meta.dirname, '..');
interface Fixtures {
  /** Idle time before attract mode (the page's ?attractAfterMs=); long by default so it never interferes. */
  attractAfterMs: number;
  /** A venue file (venueFile()) for this test's cabinet; null: the built-in default. */
  venueConfig: string | null;
  /**
   * The emulated bill acceptor's pace. 'quick' (the default) moves a note about five times as fast through the
   * same protocol; the specs about the note path itself ask for 'device', a real unit's pace.
   */
  notePace: 'device' | 'quick';
  workDir: string;
  host: HostProcess;
  kiosk: Page;
}
interface WorkerFixtures {
  /** Extra environment for the host (test hooks): a worker option, so such tests get a host of their own. */
  hostEnv: Record<string, string>;
  /** The worker's host process, null until the first test starts it or after a test killed it. */
  workerHost: { current: HostProcess | null };
}

/** The worker's host as one test sees it: its page URL carries the test's attract idle time. */
function hostForTest(host: HostProcess, attractAfterMs: number): HostProcess {
  const url = new URL(host.url);
  url.searchParams.set('attractAfterMs', String(attractAfterMs));
  return {
    url: url.toString(),
    port: host.port,
    token: host.token,
    get journal() {
      return host.journal;
    },
    child: host.child,
    get exited() {
      return host.exited;
    },
    reset: (journal, choices) => host.reset(journal, choices),
    call: (channel, request) => host.call(channel, request),
    must: (channel, request) => host.must(channel, request),
    waitForLine: (match, timeoutMs) => host.waitForLine(match, timeoutMs),
    kill: (signal) => host.kill(signal),
    stderr: () => host.stderr(),
  };
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  attractAfterMs: [600_000, { option: true }],
  venueConfig: [null, { option: true }],
  notePace: ['quick', { option: true }],
  hostEnv: [{}, { option: true, scope: 'worker' }],

  workerHost: [
    async ({ hostEnv: _hostEnv }, use) => {
      const holder: { current: HostProcess | null } = { current: null };
      await use(holder);
      await holder.current?.kill('SIGTERM');
    },
    { scope: 'worker' },
  ],

  workDir: async ({}, use) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'baccarat-e2e-'));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },

  host: async ({ workDir, attractAfterMs, venueConfig, notePace, hostEnv, workerHost }, use, testInfo) => {
    if (testInfo.project.name === 'electron') {
      // The Electron shell has no test controls; specs that need the host are host-only.
      testInfo.skip(true, electronBinary() ? 'needs the browser test host controls' : ELECTRON_SKIP_REASON);
    }
    const journal = path.join(workDir, 'journal.sqlite');
    const choices = { notes: notePace, ...(venueConfig ? { config: venueConfig } : {}) };
    let host = workerHost.current;
    if (!host || host.exited) {
      // A new process starts plain; the test's choices come with the reset, so the next test starts without them.
      host = await startHost({ journal: path.join(workDir, 'first.sqlite'), env: hostEnv });
      workerHost.current = host;
    }
    await host.reset(journal, choices);
    const stderrBefore = host.stderr().length;
    await use(hostForTest(host, attractAfterMs));
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('host-stderr', { body: host.stderr().slice(stderrBefore), contentType: 'text/plain' });
      // A failed test may leave the host in any state: the next test gets a new process.
      await host.kill('SIGTERM');
    }
  },

  kiosk: async ({ page, host }, use) => {
    await page.goto(host.url);
    await waitForTable(page);
    await use(page);
  },
});

/** The Electron shell, for specs that need no host controls. */
export const electronTest = base.extend<{ workDir: string; app: ElectronApplication; window: Page }>({
  workDir: async ({}, use) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'baccarat-e2e-electron-'));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },
  app: async ({ workDir }, use, testInfo) => {
    const binary = electronBinary();
    testInfo.skip(testInfo.project.name !== 'electron', 'electron project only');
    testInfo.skip(binary === null, ELECTRON_SKIP_REASON);
    const app = await _electron.launch({
      executablePath: binary!,
      args: [path.join(REPO, 'dist-electron', 'main.js')],
      env: { ...process.env, BACCARAT_JOURNAL: path.join(workDir, 'journal.sqlite') } as Record<string, string>,
    });
    await use(app);
    await app.close();
  },
  window: async ({ app }, use) => {
    const window = await app.firstWindow();
    await waitForTable(window);
    await use(window);
  },
});

export async function waitForTable(page: Page): Promise<void> {
  await expect(page.getByTestId('btn-deal')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('credit-meter')).toHaveAttribute('data-minor', /^\d+$/);
}

export async function meterMinor(page: Page, testId: string): Promise<number> {
  const value = await page.getByTestId(testId).getAttribute('data-minor');
  if (value === null || !/^\d+$/.test(value)) throw new Error(`${testId} has no data-minor (got ${String(value)})`);
  return Number(value);
}

export async function expectMeter(page: Page, testId: string, minor: number): Promise<void> {
  await expect(page.getByTestId(testId)).toHaveAttribute('data-minor', String(minor));
}

/** How long a note may take from the slot to the meter: the bound on a wait, never a pause. */
const NOTE_TO_METER_MS = 20_000;

/**
 * Inserts a note in the bill-acceptor emulator and waits until the meter shows the credit. The note walks the
 * acceptor's own timed path (read, escrow, stacked, credited) over a pty and the driver's polls, so it gets the
 * bound of the other device-driven waits, not the 10 s of a plain expect.
 */
export async function insertNote(page: Page, host: HostProcess, channel: number, valueMinor: number): Promise<number> {
  const before = await meterMinor(page, 'credit-meter');
  const answer = await host.must<{ accepted: boolean; detail: string }>('test:insert-note', { channel });
  expect(answer.accepted, answer.detail).toBe(true);
  await expect(page.getByTestId('credit-meter')).toHaveAttribute('data-minor', String(before + valueMinor), {
    timeout: NOTE_TO_METER_MS,
  });
  return before + valueMinor;
}

/** Switches the table's language with the language button, as a player would, and waits until it shows. */
export async function chooseLanguage(page: Page, lang: string): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === lang) return;
  await page.getByTestId('language-switch').click();
  await page.getByTestId(`language-${lang}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** Given rounds for `test:force-cards`, cards in deal order (P1, B1, P2, B2), each decided by naturals. */
export const GIVEN_CARDS = {
  // Player K♥ Q♦ = 0, Banker 9♠ 10♣ = 9: Banker wins.
  banker: ['KH', '9S', 'QD', '10C'],
  // Player 9♥ K♠ = 9, Banker 10♦ 8♣ = 8: Player wins.
  player: ['9H', '10D', 'KS', '8C'],
  // Player 8♦ J♥ = 8, Banker 8♣ Q♠ = 8: a Tie.
  tie: ['8D', '8C', 'JH', 'QS'],
} as const;

/** Selects a chip (scrolling the rail as needed) and taps a spot `times` times. */
export async function bet(page: Page, spot: 'player' | 'banker' | 'tie', chipMinor: number, times = 1): Promise<void> {
  await page.getByTestId(`chip-${chipMinor}`).click();
  for (let i = 0; i < times; i++) await page.getByTestId(`spot-${spot}`).click();
}

export interface RoundRecordLike {
  roundId: number;
  status: 'in-progress' | 'settled' | 'voided';
  bets: Partial<Record<'player' | 'banker' | 'tie', number>>;
  returns: Partial<Record<'player' | 'banker' | 'tie', number>>;
  creditsBeforeMinor: number;
  creditsAfterMinor: number;
  refundedMinor: number;
  /** Why the round was voided, as its code (electron/core/model/journal-message.ts VoidReason). */
  voidCode: { code: string } | null;
  cards: unknown[];
}

export const sum = (record: Partial<Record<string, number>>): number =>
  Object.values(record).reduce<number>((total, v) => total + (v ?? 0), 0);

/**
 * What the WIN meter shows after a settled round (docs/rules.md#the-win-meter): the net of a net win, else what
 * came back (a return, a push, or 0 for a loss).
 */
export function winMeterMinor(round: RoundRecordLike): number {
  const staked = sum(round.bets);
  const paid = sum(round.returns);
  return paid > staked ? paid - staked : paid;
}

/** The cabinet's own record of the most recent rounds (main's journal, not the screen). */
export async function lastRounds(host: HostProcess, limit = 1): Promise<RoundRecordLike[]> {
  type Entry = { kind: 'played'; round: RoundRecordLike } | { kind: 'sat-out' };
  // At a stadium table the history also lists the table rounds the terminal sat out: a table that has moved on
  // puts those first, so the page asked for is the whole history and the rounds played are taken from it.
  const page = await host.must<{ entries: Entry[] }>('history:list', { offset: 0, limit: PLAYER_HISTORY_ROUNDS });
  const played = page.entries.flatMap((entry) => (entry.kind === 'played' ? [entry.round] : []));
  return played.sort((a, b) => b.roundId - a.roundId).slice(0, limit);
}

export const ARTIFACTS = path.join(REPO, 'e2e', 'artifacts');

/**
 * Screenshots kept for a person to look at (e2e/artifacts/) are taken only with BACCARAT_E2E_SHOTS=1
 * (`npm run test:e2e:shots`). No test compares them, so in every other run they would cost about half a second
 * each and prove nothing (docs/testing.md#screenshots). A failing test keeps its own screenshot regardless
 * (playwright.config.ts).
 */
export const KEEP_SHOTS = process.env.BACCARAT_E2E_SHOTS === '1';

interface Shootable {
  screenshot(options: { path: string; animations?: 'disabled'; timeout?: number }): Promise<unknown>;
}

/** Saves a screenshot of `target` (a page or a locator) to `file` when shots are kept; attaches it to `testInfo` if given. */
export async function keepShot(
  target: Shootable,
  file: string,
  options: { animations?: 'disabled'; timeout?: number; attachTo?: TestInfo } = {},
): Promise<void> {
  if (!KEEP_SHOTS) return;
  const { attachTo, ...shotOptions } = options;
  mkdirSync(path.dirname(file), { recursive: true });
  await target.screenshot({ path: file, ...shotOptions });
  await attachTo?.attach(path.basename(file, '.png'), { path: file, contentType: 'image/png' });
}

/**
 * The example venue file (docs/venue-config.example.json) with `changes` on top, written to a new temporary
 * folder; the path is for a host's BACCARAT_CONFIG. `name` names the folder, for a person reading /tmp.
 */
export function venueFile(name: string, changes: Record<string, unknown>): string {
  const example = JSON.parse(readFileSync(path.join(REPO, 'docs', 'venue-config.example.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), `baccarat-${name}-`)), 'venue.json');
  writeFileSync(file, JSON.stringify({ ...example, ...changes }));
  return file;
}
