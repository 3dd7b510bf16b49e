/**
 * Attract mode (seed rules; renderer useAttract): starts after the idle time on an empty
 * machine (no credit, no bets), ends on the first touch with the table exactly as it was, and
 * never starts while bets or credit are on the machine. The idle time comes from ?attractAfterMs= (the host's
 * --attract-after-ms). Waiting is on UI state; the negative case drives the page clock.
 * The 300 ms exit target is a timing, so it is measured in bench/ui.bench.ts, not asserted here; the loop's
 * frame times at 4× CPU throttle are in bench/attract.bench.ts.
 *
 * The loop itself (docs/venue-config.md#the-attract-loop) runs on the page's paused clock: one page load per
 * screen size walks it through all six language cycles, checking in each that every text fits the screen with
 * a margin, and all along (e2e/attract-probe.js) that no total, result or road bead shows before its cards.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import cs from '../renderer/src/i18n/cs.ts';
import de from '../renderer/src/i18n/de.ts';
import en from '../renderer/src/i18n/en.ts';
import fi from '../renderer/src/i18n/fi.ts';
import nl from '../renderer/src/i18n/nl.ts';
import sv from '../renderer/src/i18n/sv.ts';
import {
  ARTIFACTS,
  expect,
  expectMeter,
  insertNote,
  keepShot,
  meterMinor,
  test,
  venueFile,
  waitForTable,
} from './fixtures.ts';

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

/**
 * Loads the table with the page's timers on a paused clock (idle time passes only when the test says), then
 * lets the idle time pass on the empty machine until attract mode is up.
 */
async function idleIntoAttract(page: Page, url: string): Promise<void> {
  const start = new Date('2026-12-01T10:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
  await page.goto(url);
  await waitForTable(page);
  // The idle time counts only once the page allows the loop (its snapshot and connection in); on a busy machine
  // that can come after the first run of the paused clock, so the clock runs on until the loop shows.
  await runUntil(page, 'the attract loop', () => page.getByTestId('attract').isVisible(), ATTRACT_AFTER_MS + 500);
}

test('attract mode never starts while bets or credit are on the machine', async ({ page, host }) => {
  // Control: the same clock starts attract mode on the empty machine.
  await idleIntoAttract(page, host.url);
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

const MESSAGES = { en, sv, de, fi, nl, cs } as const;
type Language = keyof typeof MESSAGES;
/** Every attract text and block keeps this far from the screen's edges. */
const MARGIN_PX = 16;
/** The smallest size the call to play may take in any language (its full size is 64 px). */
const TOUCH_MIN_PX = 48;
interface TextSetting {
  px: number;
  lines: number;
}
const PROBE = path.join(import.meta.dirname, 'attract-probe.js');
const SHOTS = path.join(ARTIFACTS, 'attract');

/** Runs the page's paused clock `stepMs` at a time until `done`, at most `limitMs` of page time. */
async function runUntil(page: Page, what: string, done: () => Promise<boolean>, stepMs: number): Promise<void> {
  const limitMs = 60_000;
  for (let ran = 0; ran <= limitMs; ran += stepMs) {
    if (await done()) return;
    await page.clock.runFor(stepMs);
  }
  throw new Error(`the attract loop did not reach "${what}" within ${limitMs} ms of page time`);
}

const SIZES = [
  { width: 1920, height: 1080, venueLanguage: 'en', order: ['en', 'sv', 'de', 'fi', 'nl', 'cs'] },
  { width: 1080, height: 1920, venueLanguage: 'de', order: ['de', 'en', 'sv', 'fi', 'nl', 'cs'] },
] as const satisfies readonly { width: number; height: number; venueLanguage: Language; order: Language[] }[];

for (const size of SIZES) {
  test.describe(`the attract loop at ${size.width}x${size.height}`, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      attractAfterMs: ATTRACT_AFTER_MS,
      venueConfig: venueFile(`attract-${size.venueLanguage}`, { defaultLanguage: size.venueLanguage }),
    });

    test(`cycles the six languages from the venue's (${size.venueLanguage}), every text fitting, no result before its cards`, async ({
      page,
      host,
    }, testInfo) => {
      test.slow();
      await page.addInitScript({ path: PROBE });
      await idleIntoAttract(page, host.url);
      const attract = page.getByTestId('attract');
      const attr = async (name: string): Promise<string> => (await attract.getAttribute(name)) ?? '';
      const resultShown = async (): Promise<boolean> =>
        (await page
          .getByTestId('attract-result')
          .getAttribute('data-shown')
          .catch(() => null)) === 'true';
      const layout = async (moment: string): Promise<void> => {
        const problems = (await page.evaluate(`window.attractProbe.layout(${MARGIN_PX})`)) as string[];
        expect(problems, `${moment}: ${problems.join('; ')}`).toEqual([]);
      };

      for (const [cycle, language] of size.order.entries()) {
        await runUntil(page, `cycle ${cycle}`, async () => (await attr('data-cycle')) === String(cycle), 500);
        await expect(attract).toHaveAttribute('lang', language);
        await expect(page.getByTestId('attract-touch')).toHaveText(MESSAGES[language].attract.touch);
        await runUntil(page, `a result in cycle ${cycle}`, resultShown, 200);
        await layout(`${language}, a round's result`);
        const board = await page.getByTestId('attract-roads').boundingBox();
        // The call to play is read from across the floor: one line, shrunk no further than it must be.
        const touch = (await page.evaluate(`window.attractProbe.setting('attract-touch')`)) as TextSetting;
        expect(touch.lines, language).toBe(1);
        expect(touch.px, language).toBeGreaterThanOrEqual(TOUCH_MIN_PX);
        await keepShot(page, path.join(SHOTS, `attract-${language}-${size.width}x${size.height}.png`), {
          attachTo: testInfo,
        });
        await runUntil(
          page,
          `the payouts in cycle ${cycle}`,
          async () => (await attr('data-scene')) === 'payouts',
          1_000,
        );
        await layout(`${language}, the payouts`);
        // The rounds and the payouts take the same room: the roads beside or below them stay where they were.
        expect(await page.getByTestId('attract-roads').boundingBox(), language).toEqual(board);
        if (cycle === 0)
          await keepShot(page, path.join(SHOTS, `attract-payouts-${language}-${size.width}x${size.height}.png`));
      }
      // Nine rounds and more went by: the roads drew each one as its result showed, and nothing showed early.
      expect(Number(await page.getByTestId('attract-roads').getAttribute('data-rounds'))).toBeGreaterThanOrEqual(9);
      expect(await page.evaluate('window.attractProbe.checks')).toBeGreaterThan(100);
      expect(await page.evaluate('window.attractProbe.spoilers')).toEqual([]);

      // A touch wakes the table in the venue's language, whatever the loop spoke last.
      await page.mouse.click(size.width / 2, size.height / 2);
      await expect(attract).toBeHidden();
      await expect(page.locator('html')).toHaveAttribute('lang', size.venueLanguage);
      await expect(page.getByTestId('btn-deal')).toContainText(MESSAGES[size.venueLanguage].table.deal);
    });
  });
}
