/**
 * A screenshot of every screen in landscape (1920×1080) and portrait (1080×1920), kept as
 * test artifacts in e2e/artifacts/screens/ (and attached to the report). Each screen is
 * reached through the real cabinet and devices, and captured once its state is visible.
 * The three results (a Banker win, a Player win with third cards, a Tie) are dealt from given
 * cards (`test:force-cards`: the real shoe and engine, the cards chosen), so every run shows
 * the same hands.
 */
import type { Page, TestInfo } from '@playwright/test';
import path from 'node:path';
import type { HostProcess } from './host-process.ts';
import {
  ARTIFACTS,
  bet,
  expect,
  expectMeter,
  insertNote,
  keepShot,
  lastRounds,
  test,
  waitForTable,
} from './fixtures.ts';

const VIEWPORTS = [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
] as const;

const ATTRACT_AFTER_MS = 600_000;

/** Given rounds, cards in deal order (P1, B1, P2, B2, then third cards). */
const ROUNDS = {
  // Player K♥ Q♦ = 0, Banker 9♠ 10♣ = 9: a natural, Banker wins.
  banker: ['KH', '9S', 'QD', '10C'],
  // Player 2♥ 3♠ = 5 draws 4♣ = 9; Banker K♣ 6♦ = 6 stands on a Player third card of 4: Player wins.
  player: ['2H', 'KC', '3S', '6D', '4C'],
  // Player 8♦ J♥ = 8, Banker 8♣ Q♠ = 8: naturals, a Tie.
  tie: ['8D', '8C', 'JH', 'QS'],
} as const;

/** Forces the next round's cards; `deal` starts it; waits for its result and checks the cabinet's record. */
async function dealGiven(
  page: Page,
  host: HostProcess,
  winner: keyof typeof ROUNDS,
  deal: () => Promise<void>,
): Promise<void> {
  const cards = ROUNDS[winner];
  expect(await host.must<{ armed: string[] }>('test:force-cards', { cards })).toEqual({ armed: cards });
  await deal();
  await expect(page.getByTestId('result-banner')).toHaveAttribute('data-winner', winner, { timeout: 20_000 });
  const [round] = await lastRounds(host, 1);
  expect(round?.status).toBe('settled');
  expect((round!.cards as Array<{ rank: string; suit: string }>).map((c) => `${c.rank}${c.suit}`)).toEqual(cards);
  await expect(page.getByTestId('card')).toHaveCount(cards.length);
}

for (const viewport of VIEWPORTS) {
  test.describe(`screens ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height }, attractAfterMs: ATTRACT_AFTER_MS });

    test(`every screen, ${viewport.name}`, async ({ page, host }, testInfo) => {
      test.slow();
      const dir = path.join(ARTIFACTS, 'screens');
      const shoot = async (name: string): Promise<void> =>
        capture(page, testInfo, dir, `${name}-${viewport.width}x${viewport.height}`);

      // A controllable clock (time still flows) lets the test jump over the attract idle time.
      await page.clock.install();
      // "Still playing?" (asked of a player with credit) is held off past the attract idle time, so the
      // idle table reaches attract mode; useInactivity's own tests cover the question.
      await page.goto(`${host.url}${host.url.includes('?') ? '&' : '?'}inactivityAfterMs=${ATTRACT_AFTER_MS * 10}`);
      await waitForTable(page);
      await shoot('01-table-empty');
      // Attract mode runs only on an empty machine: before the first note.
      await page.clock.fastForward(ATTRACT_AFTER_MS + 1_000);
      await expect(page.getByTestId('attract')).toBeVisible();
      await shoot('08-attract');
      await page.mouse.click(viewport.width / 2, viewport.height / 2);
      await expect(page.getByTestId('attract')).toBeHidden();
      // The waking touch swallows taps for a moment (so it cannot place a bet): let that pass.
      await page.clock.fastForward(1_000);

      await insertNote(page, host, 5, 10_000);
      await insertNote(page, host, 5, 10_000);
      await shoot('02-table-credits');

      await bet(page, 'player', 500, 2);
      await bet(page, 'banker', 100, 3);
      await bet(page, 'tie', 100, 1);
      await expectMeter(page, 'total-bet', 1_400);
      await shoot('03-table-bets');

      await dealGiven(page, host, 'banker', () => page.getByTestId('btn-deal').click());
      await shoot('04-result-banker');
      // REBET, on the empty felt after a round, places the same bets and deals.
      await dealGiven(page, host, 'player', () => page.getByTestId('btn-rebet').click());
      await shoot('04-result-player');
      await dealGiven(page, host, 'tie', () => page.getByTestId('btn-rebet').click());
      await shoot('04-result-tie');

      await page.getByTestId('btn-menu').click();
      await expect(page.getByTestId('settings-menu')).toBeVisible();
      await shoot('05-settings-menu');
      await page.getByTestId('menu-paytable').click();
      await expect(page.getByTestId('paytable')).toBeVisible();
      await shoot('06-paytable');
      for (let i = 0; i < 3 && (await page.getByTestId('settings-menu').isVisible()); i++) {
        await page.getByTestId('menu-back').click();
      }
      await expect(page.getByTestId('settings-menu')).toBeHidden();

      await bet(page, 'tie', 10_000, 1);
      await expectMeter(page, 'total-bet', 10_000);
      await page.getByTestId('spot-tie').click(); // above the Tie maximum
      await expect(page.getByTestId('error-banner')).toBeVisible();
      await shoot('07-limit-error');
      await page.getByTestId('btn-clear').click();
      await expectMeter(page, 'total-bet', 0);

      await bet(page, 'player', 500, 1);
      await expectMeter(page, 'total-bet', 500);
      await host.must('test:rng-unplug', { duringNextDeal: true });
      await page.getByTestId('btn-deal').click();
      await expect(page.getByTestId('void-screen')).toBeVisible({ timeout: 20_000 });
      await shoot('09-void-refund');
      await page.getByTestId('void-ok').click();
      await expect(page.getByTestId('tilt-screen')).toBeVisible();
      await shoot('10-tilt-rng');
      await host.must('test:rng-replug');
      await expect(page.getByTestId('tilt-screen')).toBeHidden({ timeout: 30_000 });

      await page.getByTestId('btn-cashout').click();
      await page.getByTestId('cashout-confirm').click();
      await expect(page.getByTestId('handpay-screen')).toBeVisible();
      await shoot('11-handpay');
    });
  });
}

async function capture(page: Page, testInfo: TestInfo, dir: string, name: string): Promise<void> {
  await keepShot(page, path.join(dir, `${name}.png`), { animations: 'disabled', attachTo: testInfo });
}
