/**
 * Playwright fixtures: every test gets a fresh temporary journal and its own browser test
 * host on a random port (Heroic/Signal style: fresh state per test, wait for events, never
 * sleep). In the `electron` project the same specs run against the real shell through
 * _electron.launch when an Electron binary is installed, and are skipped with the reason
 * otherwise.
 */
import { test as base, expect, _electron, type ElectronApplication, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHANNEL_NAMES } from '../electron/ipc/channels.ts';
import { CHANNEL_NAMES as DEV_PRELOAD_CHANNEL_NAMES } from '../electron/host/dev-preload-channels.ts';
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
  /** Idle time before attract mode; long by default so it never interferes. */
  attractAfterMs: number;
  /** Extra environment for the host (test hooks). */
  hostEnv: Record<string, string>;
  workDir: string;
  host: HostProcess;
  kiosk: Page;
}

export const test = base.extend<Fixtures>({
  attractAfterMs: [600_000, { option: true }],
  hostEnv: [{}, { option: true }],

  workDir: async ({}, use) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'baccarat-e2e-'));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },

  host: async ({ workDir, attractAfterMs, hostEnv }, use, testInfo) => {
    if (testInfo.project.name === 'electron') {
      // The Electron shell has no test controls; specs that need the host are host-only.
      testInfo.skip(true, electronBinary() ? 'needs the browser test host controls' : ELECTRON_SKIP_REASON);
    }
    const host = await startHost({ journal: path.join(workDir, 'journal.sqlite'), attractAfterMs, env: hostEnv });
    await use(host);
    await host.kill('SIGTERM');
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('host-stderr', { body: host.stderr(), contentType: 'text/plain' });
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
  voidReason: string | null;
  cards: unknown[];
}

export const sum = (record: Partial<Record<string, number>>): number =>
  Object.values(record).reduce<number>((total, v) => total + (v ?? 0), 0);

/** The cabinet's own record of the most recent rounds (main's journal, not the screen). */
export async function lastRounds(host: HostProcess, limit = 1): Promise<RoundRecordLike[]> {
  const page = await host.must<{ rounds: RoundRecordLike[] }>('history:list', { offset: 0, limit });
  return [...page.rounds].sort((a, b) => b.roundId - a.roundId);
}

export const ARTIFACTS = path.join(REPO, 'e2e', 'artifacts');

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
