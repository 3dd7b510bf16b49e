/**
 * A layout that cannot overflow (docs/rules.md#a-layout-that-cannot-overflow): in each of the six languages at
 * 1920×1080 and 1080×1920, one page load each, the table is taken through the states a player sees and measured
 * by bounding boxes (e2e/layout-probe.js): nothing past the screen's edge, no text clipped or sticking out of
 * its control, no two controls on the same pixels, no control under 48 px, every chip at rest whole. The texts
 * are whatever the locale files say, so a longer word in any language is measured as it is.
 */
import type { Page, TestInfo } from '@playwright/test';
import path from 'node:path';
import { LOCALES } from '../renderer/src/i18n/index.ts';
import { ARTIFACTS, bet, expect, insertNote, keepShot, test, waitForTable } from './fixtures.ts';

const PROBE = path.join(import.meta.dirname, 'layout-probe.js');
const SHOTS = path.join(ARTIFACTS, 'layout-fit');

const SIZES = [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
] as const;

/** Player 2♥ 3♠ 4♣ = 9 against Banker K♣ 6♦ = 6: a round with a third card, so every hand slot is drawn. */
const PLAYER_WINS = ['2H', 'KC', '3S', '6D', '4C'];

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
/** What e2e/layout-probe.js reports. */
interface Measured {
  findings: string[];
  rail: Box | null;
}

const RULES_TABS = ['play', 'cards', 'playerDraw', 'bankerDraw', 'payouts', 'returns', 'limits', 'conduct'];

async function language(page: Page, lang: string): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === lang) return;
  await page.getByTestId('language-switch').click();
  await page.getByTestId(`language-${lang}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

for (const size of SIZES) {
  test.describe(`layout fit ${size.width}x${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const lang of LOCALES) {
      test(`nothing overflows, clips, overlaps or is under 48 px, and chips at rest are whole: ${lang} ${size.name}`, async ({
        page,
        host,
      }, testInfo: TestInfo) => {
        // Sixteen states measured in one page load, each a walk over every element: longer than one table round.
        test.setTimeout(240_000);
        const findings: string[] = [];
        let firstRail: { state: string; rail: Box } | null = null;
        /** Measures the screen as it stands now, and keeps what breaks a rule under the state's name. */
        const measure = async (state: string): Promise<void> => {
          const found = await page.evaluate(() =>
            (globalThis as unknown as { layoutFindings(): Promise<Measured> }).layoutFindings(),
          );
          const where = `${lang} ${size.name}, ${state}`;
          findings.push(...found.findings.map((f) => `${where}: ${f}`));
          // The chip rail keeps its place whatever the buttons beside it say.
          if (found.rail && !firstRail) firstRail = { state, rail: found.rail };
          else if (found.rail && firstRail) {
            const moved = Math.max(
              Math.abs(found.rail.left - firstRail.rail.left),
              Math.abs(found.rail.top - firstRail.rail.top),
              Math.abs(found.rail.right - firstRail.rail.right),
            );
            if (moved > 1)
              findings.push(
                `${where}: moved: the chip rail is ${Math.round(moved)} px off its place in "${firstRail.state}"`,
              );
          }
          await keepShot(page, path.join(SHOTS, `${lang}-${size.name}-${state.replaceAll(' ', '-')}.png`), {
            animations: 'disabled',
            attachTo: testInfo,
          });
        };

        await page.addInitScript({ path: PROBE });
        await page.goto(host.url);
        await waitForTable(page);
        await language(page, lang);
        await measure('empty felt');

        // At zero credit a tap on the felt brings the banner asking for a note.
        await page.getByTestId('spot-player').click();
        await expect(page.getByTestId('error-banner')).toBeVisible();
        await measure('error banner');

        await insertNote(page, host, 5, 10_000);
        await bet(page, 'player', 100, 2);
        await bet(page, 'banker', 500, 1);
        await bet(page, 'tie', 100, 1);
        await measure('bets placed');
        await page.getByTestId('chip-next').click();
        await page.getByTestId('chip-next').click();
        await measure('chip rail scrolled');
        await page.getByTestId('chip-eraser').click();
        await measure('eraser on');
        await page.getByTestId('chip-eraser').click();

        expect(await host.must<{ armed: string[] }>('test:force-cards', { cards: PLAYER_WINS })).toEqual({
          armed: PLAYER_WINS,
        });
        await page.getByTestId('btn-deal').click();
        await expect(page.getByTestId('result-banner')).toBeVisible({ timeout: 20_000 });
        await expect(page.getByTestId('btn-rebet-x2')).toBeEnabled();
        await measure('after the round');
        await page.getByTestId('btn-new-bet').click();
        await bet(page, 'banker', 100, 1);
        await expect(page.getByTestId('rebet-blocked')).toBeVisible();
        await measure('rebet blocked');

        await page.getByTestId('btn-menu').click();
        await expect(page.getByTestId('settings-menu')).toBeVisible();
        await measure('settings menu');
        // Every row of the menu on the screen without scrolling, the language row (the last) included.
        for (const l of LOCALES) await expect.soft(page.getByTestId(`menu-language-${l}`)).toBeInViewport({ ratio: 1 });
        await page.getByTestId('menu-rules').click();
        for (const tab of RULES_TABS) {
          await page.getByTestId(`rules-tab-${tab}`).click();
          await expect(page.getByTestId(`rules-panel-${tab}`)).toBeVisible();
          await measure(`rules ${tab}`);
        }
        await page.getByTestId('menu-back').click();
        await page.getByTestId('menu-history').click();
        await expect(page.getByTestId('history')).toBeVisible();
        await measure('history');

        expect(findings, findings.join('\n')).toEqual([]);
      });
    }
  });
}
