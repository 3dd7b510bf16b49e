/**
 * A stadium table as a venue runs it (docs/stadium.md#terminals): a real nats-server, the table server as its own
 * process and three terminals, each a browser host process with its own journal and a Chromium page as its
 * touchscreen. The terminals show one countdown and one result, a terminal that skips locks nothing and still shows
 * the round's cards and result, saying it had no bets in it, and a terminal killed after its close settles that round
 * from the stream when it comes back.
 * The stadium screens are compared with their pictures in every language at both sizes, in one page load per size.
 */
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { LOCALES, messages } from '../renderer/src/i18n/index.ts';
import {
  ARTIFACTS,
  chooseLanguage,
  electronBinary,
  ELECTRON_SKIP_REASON,
  expect,
  expectMeter,
  insertNote,
  keepShot,
  lastRounds,
  test,
  type RoundRecordLike,
} from './fixtures.ts';
import type { HostProcess } from './host-process.ts';
import { measure as measureText, MIN_FONT_PX } from './text-probes.ts';
import { startStadiumFleet, type StadiumFleet } from './stadium-fleet.ts';

/** What the terminal's snapshot says of its table (CabinetSnapshot.stadium). */
interface StadiumViewLike {
  round: number | null;
  window: 'open' | 'closed';
  closesInMs: number;
  lockedRound: number | null;
  lastConcludedRound: number | null;
  terminals: number;
  link: string;
}

async function view(host: HostProcess): Promise<StadiumViewLike> {
  const snapshot = await host.must<{ stadium: StadiumViewLike | null }>('cabinet:snapshot', {});
  if (snapshot.stadium === null) throw new Error('the terminal plays alone');
  return snapshot.stadium;
}

/** Waits until the terminal's view satisfies `ok` (polled from main, never a fixed pause). */
async function until(
  host: HostProcess,
  ok: (v: StadiumViewLike) => boolean,
  timeout = 30_000,
): Promise<StadiumViewLike> {
  let last: StadiumViewLike | null = null;
  await expect
    .poll(
      async () => {
        last = await view(host);
        return ok(last);
      },
      { timeout, intervals: [100, 200, 250] },
    )
    .toBe(true);
  return last!;
}

async function openStadiumPage(page: Page, host: HostProcess): Promise<void> {
  await page.goto(host.url);
  await expect(page.getByTestId('stadium-status')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('credit-meter')).toHaveAttribute('data-minor', /^\d+$/);
}

/**
 * The terminals are browser hosts started here, whatever the project: in the Electron project the same test would
 * only run twice, so it is skipped there, as every spec that needs the host is (e2e/fixtures.ts).
 */
function hostOnly(testInfo: TestInfo): boolean {
  if (testInfo.project.name !== 'electron') return false;
  testInfo.skip(true, electronBinary() ? 'the terminals are browser hosts' : ELECTRON_SKIP_REASON);
  return true;
}

const cardsOf = (round: RoundRecordLike): string => JSON.stringify(round.cards);

/** The cards on the felt once the reveal is over, hand by hand, as rank and suit. */
async function handsOn(page: Page): Promise<Record<'player' | 'banker', string[]>> {
  await expect(page.getByTestId('result-banner')).toBeVisible({ timeout: 20_000 });
  const side = (name: string) =>
    page
      .getByTestId(`hand-${name}`)
      .getByTestId('card')
      .evaluateAll((cards) => cards.map((c) => `${c.getAttribute('data-rank')}${c.getAttribute('data-suit')}`));
  return { player: await side('player'), banker: await side('banker') };
}

test.describe('three terminals at one stadium table', () => {
  let fleet: StadiumFleet;
  test.beforeAll(async ({}, testInfo) => {
    if (hostOnly(testInfo)) return;
    fleet = await startStadiumFleet({
      // The venue default: three pages on two busy cores reveal the last round and still take a bet by touch.
      bettingMs: 15_000,
      terminalChanges: { stadium: { resultTimeoutMs: 15_000 } },
    });
  });
  test.afterAll(async () => {
    await fleet?.stop();
  });

  test('one countdown and one result on every terminal; a skip locks nothing; a terminal killed after its close settles on its return', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const [a, b, c] = await Promise.all([fleet.startTerminal('a'), fleet.startTerminal('b'), fleet.startTerminal('c')]);
    const second = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    // The skipping terminal stands upright, so the round it sat out is seen in the tall layout too.
    const third = await browser.newPage({ viewport: { width: 1080, height: 1920 } });
    await Promise.all([openStadiumPage(page, a), openStadiumPage(second, b), openStadiumPage(third, c)]);
    await Promise.all([
      insertNote(page, a, 5, 10_000),
      insertNote(second, b, 5, 10_000),
      insertNote(third, c, 5, 10_000),
    ]);

    // Every terminal counts the three at the table.
    for (const host of [a, b, c]) await until(host, (v) => v.terminals === 3);
    await expect(page.getByTestId('stadium-status')).toHaveAttribute('data-terminals', '3');

    // DEAL belongs to the table.
    expect(await a.call('round:deal', {})).toMatchObject({ ok: false, error: { code: 'stadium-mode' } });

    // The next window: a and b bet by touch, c sits it out.
    // A window caught near its start, so the touches below have most of it even on a busy machine.
    const open = await until(a, (v) => v.window === 'open' && v.closesInMs > 11_000 && v.lockedRound === null);
    const round = open.round!;
    // Straight to main: a touch on a busy two-core machine may take longer than the window leaves.
    await c.must('round:skip', { skip: true });
    // Both players at once, as on a floor: one after the other, two slow machines' touches could outlast the window.
    const betByTouch = async (screen: Page, host: HostProcess, chip: string, spot: string, minor: number) => {
      await until(host, (v) => v.window === 'open' && v.round === round);
      await expect(screen.getByTestId('stadium-status')).toHaveAttribute('data-scene', 'open');
      await screen.getByTestId(chip).click();
      await screen.getByTestId(spot).click();
      await expectMeter(screen, 'total-bet', minor);
    };
    await Promise.all([
      betByTouch(page, a, 'chip-100', 'spot-player', 100),
      betByTouch(second, b, 'chip-500', 'spot-banker', 500),
      expect(third.getByTestId('stadium-skip')).toHaveAttribute('data-skipping', 'true'),
    ]);

    // b is killed as soon as its close has locked and debited its layout, before the table deals.
    await until(b, (v) => v.lockedRound === round, 20_000);
    await b.kill('SIGKILL');

    await until(a, (v) => (v.lastConcludedRound ?? 0) >= round);
    await until(c, (v) => (v.lastConcludedRound ?? 0) >= round);
    const [roundA] = await lastRounds(a, 1);
    expect(roundA).toMatchObject({ status: 'settled', bets: { player: 100 } });
    // The skipping terminal shows the round's cards as the terminal that played it does, with the table's result
    // and the words that it had no bets in it; it staked nothing, and its meters say so.
    const [playedHands, satOutHands] = await Promise.all([handsOn(page), handsOn(third)]);
    expect(satOutHands).toEqual(playedHands);
    expect([...playedHands.player, ...playedHands.banker].sort()).toEqual(
      (roundA!.cards as { rank: string; suit: string }[]).map((card) => `${card.rank}${card.suit}`).sort(),
    );
    await expect(third.getByTestId('sat-out')).toHaveAttribute('data-round', String(round));
    await expect(third.getByTestId('sat-out')).toHaveText(messages.en.stadium.satOut);
    await expect(third.getByTestId('sat-out-why')).toHaveText(messages.en.stadiumSitOut.skipped);
    await expect(third.getByTestId('result-banner')).toHaveAttribute('data-kind', 'none');
    const winner = await page.getByTestId('result-banner').getAttribute('data-winner');
    await expect(third.getByTestId('result-banner')).toHaveAttribute('data-winner', winner!);
    await expectMeter(third, 'credit-meter', 10_000);
    await expectMeter(third, 'total-bet', 0);
    expect((await c.must<{ creditsMinor: number }>('cabinet:snapshot', {})).creditsMinor).toBe(10_000);
    await keepShot(third, path.join(ARTIFACTS, 'stadium', 'stadium-sat-out-en-portrait.png'));
    await keepShot(page, path.join(ARTIFACTS, 'stadium', 'stadium-played-en-landscape.png'));

    // The history is the table's as well: the round sat out is listed with the table's round and why, and no money;
    // the round played carries the table's round beside the terminal's own.
    const historyOf = async (screen: Page) => {
      await screen.getByTestId('btn-menu').click();
      await screen.getByTestId('menu-history').click();
      return screen.getByTestId('history-row').and(screen.locator(`[data-table-round="${round}"]`));
    };
    const [satOutRow, playedRow] = await Promise.all([historyOf(third), historyOf(page)]);
    await expect(satOutRow).toHaveAttribute('data-status', 'sat-out');
    await expect(satOutRow.getByTestId('history-sat-out')).toContainText(messages.en.stadiumSitOut.skipped);
    await expect(satOutRow.getByTestId('history-staked')).toHaveCount(0);
    await expect(playedRow).toHaveAttribute('data-round-id', String(roundA!.roundId));
    await keepShot(third, path.join(ARTIFACTS, 'stadium', 'stadium-history-en-portrait.png'));
    await keepShot(page, path.join(ARTIFACTS, 'stadium', 'stadium-history-en-landscape.png'));
    await satOutRow.click();
    await expect(third.getByTestId('history-round').getByTestId('history-table-round')).toBeVisible();
    await keepShot(third, path.join(ARTIFACTS, 'stadium', 'stadium-history-sat-out-en-portrait.png'));

    // b comes back on its own journal and settles the round it had locked, from what its consumer still owes it.
    const b2 = await fleet.startTerminal('b2', { journal: fleet.journalOf('b') });
    await until(b2, (v) => (v.lastConcludedRound ?? 0) >= round);
    const [roundB] = await lastRounds(b2, 1);
    expect(roundB).toMatchObject({ status: 'settled', bets: { banker: 500 } });
    expect(cardsOf(roundB!)).toBe(cardsOf(roundA!));
    await Promise.all([second.close(), third.close()]);
  });
});

const SIZES = [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
] as const;

test.describe('the stadium screens as their pictures', () => {
  // One window longer than the whole test: the screen stays in the state it is pictured in.
  let fleet: StadiumFleet;
  test.beforeAll(async ({}, testInfo) => {
    if (hostOnly(testInfo)) return;
    fleet = await startStadiumFleet({ bettingMs: 600_000 });
  });
  test.afterAll(async () => {
    await fleet?.stop();
  });
  test.use({ bypassCSP: true });

  test('the countdown and the unreachable table in every language, both sizes, in one page load', async ({ page }) => {
    test.setTimeout(240_000);
    const host = await fleet.startTerminal('pictures');
    await until(host, (v) => v.link === 'connected');
    await fleet.restartTable();
    await until(host, (v) => v.window === 'open' && v.terminals === 1);
    await openStadiumPage(page, host);
    const findings: string[] = [];
    const words = async (state: string, selector: string): Promise<void> => {
      for (const f of await measureText(page, selector, MIN_FONT_PX))
        findings.push(`${state}: ${f.where} "${f.text}": ${f.problem}`);
    };
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await expect(page.locator('.stage')).toHaveAttribute('data-orientation', size.name);
      for (const lang of LOCALES) {
        await chooseLanguage(page, lang);
        await expect(page.getByTestId('stadium-status')).toHaveAttribute('data-scene', 'open');
        await words(`${lang} ${size.name} open`, '[data-testid="stadium-status"]');
        // The seconds go on counting: the line is judged by its words above, the rest of the screen by its picture.
        await expect.soft(page).toHaveScreenshot(`stadium-open-${lang}-${size.name}.png`, {
          mask: [page.getByTestId('stadium-line')],
          timeout: 30_000,
        });
      }
    }
    // The broker goes away: the table cannot be reached, and the screen says what that means for the money.
    await fleet.nats.kill();
    await expect(page.getByTestId('stadium-unreachable')).toBeVisible({ timeout: 20_000 });
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await expect(page.locator('.stage')).toHaveAttribute('data-orientation', size.name);
      for (const lang of LOCALES) {
        await chooseLanguage(page, lang);
        await words(`${lang} ${size.name} unreachable`, '[data-testid="stadium-unreachable"]');
        await expect.soft(page).toHaveScreenshot(`stadium-unreachable-${lang}-${size.name}.png`, { timeout: 30_000 });
      }
    }
    expect(findings, findings.join('\n')).toEqual([]);
  });
});
