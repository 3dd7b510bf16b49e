/**
 * Attract mode (seed rules; renderer useAttract): starts after the idle time on an empty
 * machine (no credit, no bets), ends on the first touch with the table exactly as it was, and
 * never starts while bets or credit are on the machine. The idle time comes from ?attractAfterMs= (the host's
 * --attract-after-ms). Waiting is on UI state; the negative case drives the page clock.
 * The 300 ms exit target is a timing, so it is measured in bench/ui.bench.ts, not asserted here.
 */
import { expect, expectMeter, insertNote, meterMinor, test, waitForTable } from './fixtures.ts';

const ATTRACT_AFTER_MS = 1_500;
test.use({ attractAfterMs: ATTRACT_AFTER_MS });

test('attract mode starts after the idle time and a touch returns to the table, state intact', async ({
  kiosk,
}, testInfo) => {
  const attract = kiosk.getByTestId('attract');
  await expect(attract).toBeVisible({ timeout: ATTRACT_AFTER_MS + 15_000 });
  const credits = await meterMinor(kiosk, 'credit-meter');
  const lastWin = await meterMinor(kiosk, 'last-win');

  const tapped = Date.now();
  await kiosk.mouse.click(960, 540);
  await expect(attract).toBeHidden();
  testInfo.annotations.push({ type: 'attract-exit-ms (informative)', description: String(Date.now() - tapped) });

  await expect(kiosk.getByTestId('btn-deal')).toBeVisible();
  await expectMeter(kiosk, 'credit-meter', credits);
  await expectMeter(kiosk, 'last-win', lastWin);
  // The touch that woke the table did not also place a bet.
  await expectMeter(kiosk, 'total-bet', 0);
});

test('attract mode never starts while bets or credit are on the machine', async ({ page, host }) => {
  // The page's timers run on a paused clock: idle time passes only when the test says.
  const start = new Date('2026-12-01T10:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
  await page.goto(host.url);
  await waitForTable(page);
  // Control: the same clock starts attract mode on the empty machine.
  await page.clock.runFor(ATTRACT_AFTER_MS + 500);
  await expect(page.getByTestId('attract')).toBeVisible();
  await page.mouse.click(960, 540);
  await expect(page.getByTestId('attract')).toBeHidden();
  await page.clock.runFor(1_000);

  await insertNote(page, host, 2, 1_000);
  await page.getByTestId('chip-100').click();
  await page.getByTestId('spot-player').click();
  await expectMeter(page, 'total-bet', 100);
  await page.clock.runFor(ATTRACT_AFTER_MS * 10);
  await expect(page.getByTestId('attract')).toBeHidden();
  await expectMeter(page, 'total-bet', 100);

  // With the felt cleared the credit is still on the machine: still no attract loop over it.
  await page.getByTestId('btn-clear').click();
  await expectMeter(page, 'total-bet', 0);
  await page.clock.runFor(ATTRACT_AFTER_MS * 10);
  await expect(page.getByTestId('attract')).toBeHidden();
  await expectMeter(page, 'credit-meter', 1_000);
});
