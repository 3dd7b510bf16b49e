/**
 * The player's game history in the settings menu (docs/rules.md#game-history), through the browser
 * test host and the real cabinet: more than one page of real-money rounds, paged with large buttons,
 * each row with its cards, winner, stakes, payout and signed net; a row opened in full as it was
 * dealt; and in demo mode no rounds at all, with the reason. Screenshots of the list, a round in full
 * and the demo notice at 1920×1080 and 1080×1920 in all six languages go to e2e/artifacts/history/.
 */
import type { Page } from '@playwright/test';
import path from 'node:path';
import type { HostProcess } from './host-process.ts';
import { ARTIFACTS, bet, expect, insertNote, keepShot, test, venueFile, waitForTable } from './fixtures.ts';

const SHOTS = path.join(ARTIFACTS, 'history');
const LANGUAGES = ['en', 'sv', 'de', 'fi', 'nl', 'cs'] as const;
const VIEWPORTS = [
  { name: 'landscape', width: 1920, height: 1080, perPage: 8 },
  { name: 'portrait', width: 1080, height: 1920, perPage: 10 },
] as const;

/** Player 2♥ 3♠ = 5 draws 4♣ = 9; Banker K♣ 6♦ = 6 stands: Player wins with a third card. */
const PLAYER_THIRD = ['2H', 'KC', '3S', '6D', '4C'];
/** Player K♥ Q♦ = 0, Banker 9♠ 10♣ = 9: a Banker natural. */
const BANKER_NATURAL = ['KH', '9S', 'QD', '10C'];

/** Plays `count` rounds of 1.00 on Banker through the player channels (the cabinet deals them). */
async function playRounds(host: HostProcess, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await host.must('bets:place', { spot: 'banker', chipMinor: 100 });
    await host.must('round:deal', {});
  }
}

/**
 * The last two rounds on the screen: Player wins with a third card (5.00 on Player), then a Banker
 * natural on 10.00 Player + 10.00 Banker: 19.50 comes back, a net loss of 0.50.
 */
async function playShownRounds(page: Page, host: HostProcess): Promise<void> {
  // The screen shows the rounds dealt through the channels one by one; a reload shows the last one at once.
  await page.reload();
  await waitForTable(page);
  await host.must('test:force-cards', { cards: PLAYER_THIRD });
  await bet(page, 'player', 500, 1);
  await page.getByTestId('btn-deal').click();
  await expect(page.getByTestId('result-banner')).toHaveAttribute('data-winner', 'player', { timeout: 20_000 });
  await page.getByTestId('btn-new-bet').click();
  await host.must('test:force-cards', { cards: BANKER_NATURAL });
  await bet(page, 'player', 500, 2);
  await bet(page, 'banker', 500, 2);
  await page.getByTestId('btn-deal').click();
  await expect(page.getByTestId('result-banner')).toHaveAttribute('data-kind', 'returned', { timeout: 20_000 });
}

async function openHistory(page: Page): Promise<void> {
  await page.getByTestId('btn-menu').click();
  await page.getByTestId('menu-history').click();
  await expect(page.getByTestId('history')).toBeVisible();
}

/** The whole dialog is on the screen, its back button included. */
async function expectDialogFits(page: Page): Promise<void> {
  const viewport = page.viewportSize()!;
  for (const id of ['settings-menu', 'menu-back']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.y, id).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${id} ends inside the screen`).toBeLessThanOrEqual(viewport.height);
    expect(box.x + box.width, id).toBeLessThanOrEqual(viewport.width);
  }
}

/** A screenshot once the screen is still; the shared machine can be slow to paint. */
async function shoot(page: Page, file: string): Promise<void> {
  await keepShot(page, file, { animations: 'disabled', timeout: 30_000 });
}

const cardsOf = async (page: Page, scope: string): Promise<string[]> =>
  page
    .locator(scope)
    .getByTestId('history-card')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card') ?? ''));

test.describe('the game history of real-money rounds', () => {
  test('more than a page of rounds, paged; each row as it was played; a row opened in full', async ({
    kiosk,
    host,
  }) => {
    test.slow();
    await insertNote(kiosk, host, 5, 10_000);
    await playRounds(host, 7);
    await playShownRounds(kiosk, host);
    await openHistory(kiosk);
    await expectDialogFits(kiosk);

    // Nine rounds at eight a page: two pages, the newest first.
    const pager = kiosk.getByTestId('history-pager');
    await expect(pager).toHaveAttribute('data-pages', '2');
    await expect(kiosk.getByTestId('history-page-label')).toHaveText('Page 1 of 2');
    await expect(kiosk.getByTestId('history-row')).toHaveCount(8);
    await expect(kiosk.getByTestId('history-previous')).toBeDisabled();

    // The newest row: the Banker natural on Player and Banker, paid 19.50 of 20.00: a loss, with a minus.
    const newest = kiosk.getByTestId('history-row').first();
    await expect(newest).toHaveAttribute('data-round-id', '9');
    expect(await cardsOf(kiosk, '[data-round-id="9"] [data-testid="history-hand-player"]')).toEqual(['KH', 'QD']);
    expect(await cardsOf(kiosk, '[data-round-id="9"] [data-testid="history-hand-banker"]')).toEqual(['9S', '10C']);
    await expect(newest.getByTestId('history-hand-player')).toHaveAttribute('data-total', '0');
    await expect(newest.getByTestId('history-hand-banker')).toHaveAttribute('data-total', '9');
    await expect(newest.getByTestId('history-winner')).toHaveText('Banker wins');
    await expect(newest.getByTestId('history-staked')).toHaveAttribute('data-minor', '2000');
    await expect(newest.getByTestId('history-staked')).toContainText('Player');
    await expect(newest.getByTestId('history-paid')).toHaveAttribute('data-minor', '1950');
    const net = newest.getByTestId('history-net');
    await expect(net).toHaveAttribute('data-minor', '-50');
    await expect(net).toHaveAttribute('data-kind', 'returned');
    await expect(net).toContainText(/^\s*−/);
    await expect(net).toContainText('a loss');
    await expect(net).not.toContainText('+');

    // Page through: the second page holds the oldest round, and there is nowhere further.
    await kiosk.getByTestId('history-next').click();
    await expect(kiosk.getByTestId('history-page-label')).toHaveText('Page 2 of 2');
    await expect(kiosk.getByTestId('history-row')).toHaveCount(1);
    await expect(kiosk.getByTestId('history-row').first()).toHaveAttribute('data-round-id', '1');
    await expect(kiosk.getByTestId('history-next')).toBeDisabled();
    await expectDialogFits(kiosk);
    await kiosk.getByTestId('history-previous').click();
    await expect(kiosk.getByTestId('history-page-label')).toHaveText('Page 1 of 2');

    // Round 8 in full: the Player's third card lies sideways in its slot, dealt fifth.
    await kiosk.locator('[data-testid="history-row"][data-round-id="8"]').click();
    const round = kiosk.getByTestId('history-round');
    await expect(round).toHaveAttribute('data-round-id', '8');
    await expect(round.getByTestId('history-round-id')).toHaveText('Round 8');
    expect(await cardsOf(kiosk, '[data-testid="history-round"] [data-testid="history-hand-player"]')).toEqual([
      '2H',
      '3S',
      '4C',
    ]);
    const third = round.getByTestId('history-hand-player').getByTestId('history-card').nth(2);
    await expect(third).toHaveAttribute('data-sideways', 'true');
    await expect(third).toHaveAttribute('data-dealt', '5');
    await expect(round.getByTestId('history-hand-banker').getByTestId('history-card')).toHaveCount(2);
    await expect(round.getByTestId('history-hand-player')).toHaveAttribute('data-total', '9');
    await expect(round.getByTestId('history-hand-banker')).toHaveAttribute('data-total', '6');
    await expect(round.getByTestId('history-winner')).toHaveText('Player wins');
    await expect(round.getByTestId('history-round-spot')).toHaveCount(1);
    await expect(round.getByTestId('history-paid')).toHaveAttribute('data-minor', '1000');
    await expect(round.getByTestId('history-net')).toHaveAttribute('data-minor', '500');
    await expect(round.getByTestId('history-net')).toContainText(/^\s*\+/);
    await expectDialogFits(kiosk);
    await kiosk.getByTestId('history-back').click();
    await expect(kiosk.getByTestId('history-row')).toHaveCount(8);

    // The menu's own back button leaves the history.
    await kiosk.getByTestId('menu-back').click();
    await expect(kiosk.getByTestId('history')).toHaveCount(0);
  });

  test('a voided round reads "voided, refunded" with why, and never as a result', async ({ kiosk, host }) => {
    test.slow();
    await insertNote(kiosk, host, 4, 5_000);
    await bet(kiosk, 'player', 500, 2);
    await bet(kiosk, 'tie', 100, 1);
    await host.must('test:rng-unplug', { duringNextDeal: true });
    await kiosk.getByTestId('btn-deal').click();
    await expect(kiosk.getByTestId('void-screen')).toBeVisible({ timeout: 20_000 });
    await kiosk.getByTestId('void-ok').click();
    await host.must('test:rng-replug');
    await expect(kiosk.getByTestId('tilt-screen')).toBeHidden({ timeout: 30_000 });

    await openHistory(kiosk);
    const row = kiosk.getByTestId('history-row').first();
    await expect(row).toHaveAttribute('data-status', 'voided');
    await expect(row.getByTestId('history-void')).toHaveAttribute('data-minor', '1100');
    await expect(row.getByTestId('history-void')).toContainText('Voided – €11.00 refunded');
    await expect(row.getByTestId('history-void')).toContainText('random number generator failed');
    // What was at stake, spot by spot: 10.00 on Player, 1.00 on Tie.
    const stakes = row.getByTestId('history-void-bet');
    await expect(stakes).toHaveCount(2);
    await expect(stakes.first()).toHaveAttribute('data-spot', 'player');
    await expect(stakes.first()).toHaveAttribute('data-minor', '1000');
    await expect(stakes.last()).toHaveAttribute('data-spot', 'tie');
    await expect(row.getByTestId('history-net')).toHaveCount(0);
    await expect(row.getByTestId('history-winner')).toHaveCount(0);
    await expectDialogFits(kiosk);
    await shoot(kiosk, path.join(SHOTS, 'voided-en-1920x1080.png'));
    await row.click();
    await expect(kiosk.getByTestId('history-round').getByTestId('history-void')).toContainText('€11.00');
    await shoot(kiosk, path.join(SHOTS, 'voided-round-en-1920x1080.png'));
  });

  test('main answers at most a page, and refuses a page outside the last hundred rounds', async ({ kiosk, host }) => {
    await insertNote(kiosk, host, 5, 10_000);
    await playRounds(host, 3);
    const page = await host.must<{ entries: unknown[]; total: number }>('history:list', { offset: 1, limit: 1 });
    expect(page).toMatchObject({ hidden: null, total: 3, offset: 1 });
    expect(page.entries).toHaveLength(1);
    const refused = await host.call('history:list', { offset: 100, limit: 10 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
  });

  for (const viewport of VIEWPORTS) {
    test(`screenshots in six languages, ${viewport.name}`, async ({ page, host }) => {
      test.slow();
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto(host.url);
      await expect(page.locator('.stage')).toHaveAttribute('data-orientation', viewport.name);
      await expect(page.getByTestId('btn-deal')).toBeVisible({ timeout: 20_000 });
      await insertNote(page, host, 5, 10_000);
      await playRounds(host, viewport.perPage);
      await playShownRounds(page, host);
      await openHistory(page);
      await expect(page.getByTestId('history-row')).toHaveCount(viewport.perPage);
      await expect(page.getByTestId('history-pager')).toHaveAttribute('data-pages', '2');
      for (const lang of LANGUAGES) {
        await page.getByTestId('menu-back').click();
        await page.getByTestId(`menu-language-${lang}`).click();
        await page.getByTestId('menu-history').click();
        await expect(page.getByTestId('history-row')).toHaveCount(viewport.perPage);
        await expectDialogFits(page);
        await shoot(page, path.join(SHOTS, `list-${lang}-${viewport.width}x${viewport.height}.png`));
        await page.getByTestId('history-row').nth(1).click();
        await expect(page.getByTestId('history-round')).toBeVisible();
        await expectDialogFits(page);
        await shoot(page, path.join(SHOTS, `round-${lang}-${viewport.width}x${viewport.height}.png`));
        await page.getByTestId('history-back').click();
      }
    });
  }
});

test.describe('in demo mode', () => {
  const configFile = venueFile('history-demo', { demoMode: true, demoCreditsMinor: 10_000 });
  test.use({ venueConfig: configFile });

  test('no rounds are listed, and the screen says why', async ({ kiosk, host }) => {
    test.slow();
    await host.must('test:force-cards', { cards: BANKER_NATURAL });
    await bet(kiosk, 'banker', 500, 1);
    await kiosk.getByTestId('btn-deal').click();
    await expect(kiosk.getByTestId('result-banner')).toHaveAttribute('data-winner', 'banker', { timeout: 20_000 });
    expect(await host.must('history:list', { offset: 0, limit: 10 })).toEqual({
      hidden: 'demo-mode',
      entries: [],
      offset: 0,
      total: 0,
    });
    await openHistory(kiosk);
    await expect(kiosk.getByTestId('history-demo')).toContainText('real-money rounds only');
    await expect(kiosk.getByTestId('history-row')).toHaveCount(0);
    await expect(kiosk.getByTestId('history-pager')).toHaveCount(0);
    for (const v of VIEWPORTS) {
      await kiosk.setViewportSize({ width: v.width, height: v.height });
      await expect(kiosk.locator('.stage')).toHaveAttribute('data-orientation', v.name);
      await shoot(kiosk, path.join(SHOTS, `demo-en-${v.width}x${v.height}.png`));
    }
    await kiosk.getByTestId('menu-back').click();
    await kiosk.getByTestId('menu-language-de').click();
    await kiosk.getByTestId('menu-history').click();
    await expect(kiosk.getByTestId('history-demo')).toContainText('Demomodus');
    await shoot(kiosk, path.join(SHOTS, 'demo-de-1080x1920.png'));
  });
});
