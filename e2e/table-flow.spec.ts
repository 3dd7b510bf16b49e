/**
 * The player's table across reloads, attract mode, lock screens, demo cash-out and the service panel,
 * through the browser test host and the real cabinet (docs/cabinet-rules.md#game-recall,
 * docs/cabinet-rules.md#door-and-tilt, docs/rules.md#faults-void-and-refund). Screenshots of the reload
 * state, the void-then-tilt sequence and the service panel at 1920×1080 and 1080×1920 go to /tmp/flow-shots/.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { HostProcess } from './host-process.ts';
import {
  bet,
  expect,
  insertNote,
  keepShot,
  lastRounds,
  test,
  venueFile,
  waitForTable,
  winMeterMinor,
} from './fixtures.ts';

const SHOTS = '/tmp/flow-shots';
const VIEWPORTS = [
  { width: 1920, height: 1080 },
  { width: 1080, height: 1920 },
] as const;

/** Player K♥ Q♦ = 0, Banker 9♠ 10♣ = 9: a Banker natural. */
const BANKER_NATURAL = ['KH', '9S', 'QD', '10C'];

async function shootBoth(page: Page, name: string): Promise<void> {
  for (const v of VIEWPORTS) {
    await page.setViewportSize(v);
    await expect(page.locator('.stage')).toHaveAttribute(
      'data-orientation',
      v.width > v.height ? 'landscape' : 'portrait',
    );
    await keepShot(page, path.join(SHOTS, `${name}-${v.width}x${v.height}.png`), { animations: 'disabled' });
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

async function mainCredits(host: HostProcess): Promise<number> {
  return (await host.must<{ creditsMinor: number }>('cabinet:snapshot', {})).creditsMinor;
}

/** The URL with test-only query parameters added. */
function withQuery(host: HostProcess, query: string): string {
  return `${host.url}${host.url.includes('?') ? '&' : '?'}${query}`;
}

test.describe('a reload shows the round the credit already counts', () => {
  test('right after a settled round: its cards, result and payout, and main credit', async ({ kiosk, host }) => {
    await insertNote(kiosk, host, 3, 2_000);
    await bet(kiosk, 'banker', 500, 1);
    await host.must('test:force-cards', { cards: BANKER_NATURAL });
    await kiosk.getByTestId('btn-deal').click();
    await expect(kiosk.getByTestId('result-banner')).toHaveAttribute('data-winner', 'banker', { timeout: 20_000 });

    await kiosk.reload();
    await waitForTable(kiosk);
    await expect(kiosk.getByTestId('result-banner')).toHaveAttribute('data-winner', 'banker');
    await expect(kiosk.getByTestId('card')).toHaveCount(4);
    await expect(kiosk.getByTestId('credit-meter')).toHaveAttribute('data-minor', String(await mainCredits(host)));
    const [round] = await lastRounds(host, 1);
    await expect(kiosk.getByTestId('last-win')).toHaveAttribute('data-minor', String(winMeterMinor(round!)));
    await shootBoth(kiosk, 'reload-settled');
  });

  test('in the middle of the reveal: the whole round at once, never an empty felt', async ({ kiosk, host }) => {
    await insertNote(kiosk, host, 3, 2_000);
    await bet(kiosk, 'player', 500, 1);
    await host.must('test:force-cards', { cards: BANKER_NATURAL });
    await kiosk.getByTestId('btn-deal').click();
    await expect(kiosk.getByTestId('card').first()).toBeVisible({ timeout: 20_000 });
    await expect(kiosk.getByTestId('result-banner')).toHaveCount(0); // still revealing

    await kiosk.reload();
    await waitForTable(kiosk);
    await expect(kiosk.getByTestId('result-banner')).toHaveAttribute('data-kind', 'loss');
    await expect(kiosk.getByTestId('card')).toHaveCount(4);
    await expect(kiosk.getByTestId('credit-meter')).toHaveAttribute('data-minor', String(await mainCredits(host)));
  });

  test('after a voided round: the void first, the tilt after it, and the refund in words after a reload', async ({
    kiosk,
    host,
  }) => {
    test.slow();
    await insertNote(kiosk, host, 3, 2_000);
    await bet(kiosk, 'player', 500, 1);
    await host.must('test:rng-unplug', { duringNextDeal: true });
    await kiosk.getByTestId('btn-deal').click();
    await expect(kiosk.getByTestId('void-screen')).toBeVisible({ timeout: 20_000 });
    // One dialog at a time: the tilt waits behind the void notice.
    await expect(kiosk.getByTestId('tilt-screen')).toHaveCount(0);
    await expect(kiosk.getByTestId('void-why')).toHaveAttribute('data-code', 'rng-fault');
    await shootBoth(kiosk, 'void-1-notice');

    // A reload before the player read it shows the notice again, in words.
    await kiosk.reload();
    await waitForTable(kiosk);
    await expect(kiosk.getByTestId('void-screen')).toHaveAttribute('data-minor', '500');
    await expect(kiosk.getByTestId('void-why')).toBeVisible();
    await kiosk.getByTestId('void-ok').click();
    await expect(kiosk.getByTestId('tilt-screen')).toHaveAttribute('data-kind', 'rng-fault');
    await shootBoth(kiosk, 'void-2-tilt-after');

    await host.must('test:rng-replug');
    await expect(kiosk.getByTestId('tilt-screen')).toHaveCount(0, { timeout: 30_000 });
    // Read and cleared: after a reload the felt still says what was refunded, with no dialog.
    await kiosk.reload();
    await waitForTable(kiosk);
    await expect(kiosk.getByTestId('void-screen')).toHaveCount(0);
    await expect(kiosk.getByTestId('last-void')).toHaveAttribute('data-minor', '500');
    await expect(kiosk.getByTestId('last-void')).toContainText('refunded');
    await expect(kiosk.getByTestId('credit-meter')).toHaveAttribute('data-minor', '2000');
    await shootBoth(kiosk, 'reload-voided');
  });
});

test.describe('attract mode', () => {
  const IDLE_MS = 2_000;
  test.use({ attractAfterMs: IDLE_MS });

  test('never starts with credit on the machine', async ({ page, host }) => {
    await page.clock.install();
    await page.goto(withQuery(host, `inactivityAfterMs=${IDLE_MS * 100}`));
    await waitForTable(page);
    await insertNote(page, host, 1, 500);
    await page.clock.fastForward(IDLE_MS * 5);
    await expect(page.getByTestId('credit-meter')).toHaveAttribute('data-minor', '500');
    await expect(page.getByTestId('attract')).toHaveCount(0);
  });

  test('deals varied hands: two sessions do not open on the same fixed sequence', async ({ page, host }) => {
    await page.clock.install();
    await page.goto(host.url);
    await waitForTable(page);
    const openings: string[] = [];
    for (let session = 0; session < 3; session++) {
      await page.clock.fastForward(IDLE_MS + 500);
      const hand = page.getByTestId('attract-hand');
      await expect(hand).toHaveAttribute('data-demo-cards', /^(\S+ ){3,5}\S+$/);
      openings.push((await hand.getAttribute('data-demo-cards'))!);
      if (session === 0) {
        // Within one session the next scene is another hand, dealt by the same tableau. A hand stays on show for
        // as long as its cards take to deal (four to six), so the clock moves a second at a time until it changes.
        await expect
          .poll(async () => {
            await page.clock.fastForward(1_000);
            return hand.getAttribute('data-demo-cards');
          })
          .not.toBe(openings[0]!);
      }
      await page.keyboard.press('Shift');
      await expect(page.getByTestId('attract')).toHaveCount(0);
    }
    expect(new Set(openings).size).toBeGreaterThan(1);
  });
});

test('Esc under the handpay lock opens nothing, nor does the settings button', async ({ kiosk, host }) => {
  await insertNote(kiosk, host, 3, 2_000);
  await kiosk.getByTestId('btn-cashout').click();
  await kiosk.getByTestId('cashout-confirm').click();
  await expect(kiosk.getByTestId('handpay-screen')).toBeVisible();
  await kiosk.keyboard.press('Escape');
  await expect(kiosk.getByTestId('btn-menu')).toBeDisabled();
  await expect(kiosk.getByTestId('settings-menu')).toHaveCount(0);
  await expect(kiosk.getByTestId('handpay-screen')).toBeVisible();
});

test.describe('demo mode', () => {
  const configFile = venueFile('flow-demo', { demoMode: true, demoCreditsMinor: 10_000 });
  test.use({ venueConfig: configFile });

  test('CASH OUT gives way to why demo credits cannot be paid, so nothing promises a payout', async ({ kiosk }) => {
    await expect(kiosk.getByTestId('credit-meter')).toHaveAttribute('data-minor', '10000');
    await expect(kiosk.getByTestId('btn-cashout')).toHaveCount(0);
    await expect(kiosk.getByTestId('cashout-why')).toContainText('cannot be cashed out');
    await expect(kiosk.getByTestId('cashout-dialog')).toHaveCount(0);
    await expect(kiosk.getByTestId('handpay-screen')).toHaveCount(0);
  });
});

test('the service panel names each note by its value and folds into a corner tab', async ({ page, host }) => {
  await page.goto(withQuery(host, 'service=1'));
  await waitForTable(page);
  const twenty = page.getByTestId('service-insert-3');
  await expect(twenty).toHaveText(/^Insert (€\s?20\.00|20\.00\s?€)$/);
  await expect(twenty).toHaveAttribute('data-minor', '2000');
  await expect(page.getByTestId('service-insert-6')).toHaveCount(0); // the disabled 200.00 channel
  await shootBoth(page, 'service-panel');
  await twenty.click();
  await expect(page.getByTestId('credit-meter')).toHaveAttribute('data-minor', '2000');
  await page.getByTestId('service-fold').click();
  await expect(page.getByTestId('service-panel')).toHaveCount(0);
  await expect(page.getByTestId('service-tab')).toBeVisible();
  await shootBoth(page, 'service-folded');
  await page.getByTestId('service-tab').click();
  await expect(page.getByTestId('service-panel')).toBeVisible();
});
