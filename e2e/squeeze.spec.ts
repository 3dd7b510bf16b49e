/**
 * The squeeze (docs/squeeze.md): with the venue offering it, the hand of the player's larger bet arrives face down and
 * is revealed by a mouse drag (Pointer Events, as a touch would), the journal already holding the settled round; the
 * venue's time limit turns the cards by itself; fast play skips it. Then its pictures: the settings menu with the
 * squeeze row and a card half peeled, in every language, one page load per size, compared with the committed ones.
 */
import type { Locator, Page } from '@playwright/test';
import path from 'node:path';
import { LOCALES } from '../renderer/src/i18n/index.ts';
import {
  bet,
  chooseLanguage,
  expect,
  GIVEN_CARDS,
  insertNote,
  lastRounds,
  test,
  venueFile,
  waitForTable,
} from './fixtures.ts';
import { measure as measureText, MIN_FONT_PX } from './text-probes.ts';

const PROBE = path.join(import.meta.dirname, 'layout-probe.js');

/** Player 9♥ K♠ = 9 against Banker 10♦ 8♣ = 8: two naturals, so each hand has two cards and Player wins. */
const PLAYER_NATURAL = GIVEN_CARDS.player;
/** Player 2♥ 3♠ 4♣ = 9 against Banker K♣ 6♦ = 6: the Player hand draws a third card, the Banker stands. */
const PLAYER_DRAWS = ['2H', 'KC', '3S', '6D', '4C'];

const squeezeVenue = (timeLimitS: number): string =>
  venueFile(`squeeze-${timeLimitS}s`, { squeeze: { offered: true, timeLimitS } });

/** A face-down card of the squeezed hand, by its slot. */
const squeezed = (page: Page, side: 'player' | 'banker', slot: number): Locator =>
  page.locator(`[data-testid="dealt-card"][data-side="${side}"][data-slot="${slot}"]`);

/**
 * Presses the card's bottom edge and draws it up to `share` of its height from the top, in small steps as a hand
 * would; the button stays down, so the peel can be looked at before `page.mouse.up()`.
 */
async function peelUp(page: Page, card: Locator, share: number): Promise<void> {
  const box = await card.boundingBox();
  if (!box) throw new Error('the squeezed card is not on the screen');
  const x = box.x + box.width / 2;
  await page.mouse.move(x, box.y + box.height - 4);
  await page.mouse.down();
  await page.mouse.move(x, box.y + box.height * share, { steps: 12 });
}

async function dealSqueezed(page: Page, host: Parameters<typeof insertNote>[1]): Promise<void> {
  await bet(page, 'player', 500, 1);
  await bet(page, 'banker', 100, 1);
  await host.must('test:force-cards', { cards: PLAYER_NATURAL });
  await page.getByTestId('btn-deal').click();
  await expect(squeezed(page, 'player', 1)).toHaveAttribute('data-deal-state', 'face-down', { timeout: 20_000 });
}

test.describe('the squeeze by hand', () => {
  test.use({ venueConfig: squeezeVenue(60) });

  test('the larger bet’s hand waits face down, a mouse drag peels it, Enter turns the other, then the result', async ({
    kiosk,
    host,
  }) => {
    await insertNote(kiosk, host, 3, 2_000);
    await dealSqueezed(kiosk, host);

    // The round is settled in the journal before a single squeezed card shows: the squeeze only reveals it.
    const [journaled] = await lastRounds(host, 1);
    expect(journaled?.status).toBe('settled');
    expect(journaled?.returns).toMatchObject({ player: 1_000, banker: 0 });

    await expect(squeezed(kiosk, 'player', 0)).toHaveAttribute('data-squeeze', 'down');
    await expect(squeezed(kiosk, 'banker', 1)).toHaveAttribute('data-deal-state', 'placed');
    await expect(kiosk.getByTestId('squeeze-hint')).toBeVisible();
    await expect(kiosk.getByTestId('player-total')).toBeHidden();
    await expect(kiosk.getByTestId('result-banner')).toHaveCount(0);
    await expect(kiosk.getByTestId('credit-meter')).toHaveAttribute('data-minor', String(2_000 - 600));

    // Half-way up the card: a quarter of its face shows, and it is not turned yet.
    const first = squeezed(kiosk, 'player', 0);
    await peelUp(kiosk, first, 0.5);
    await expect(first.locator('.back')).toHaveAttribute('style', /clip-path: polygon/);
    await expect(first).toHaveAttribute('data-squeeze', 'down');
    // On past the threshold it turns by itself, before the button is let go.
    await kiosk.mouse.move((await first.boundingBox())!.x + 90, (await first.boundingBox())!.y + 8, { steps: 6 });
    await expect(first).toHaveAttribute('data-squeeze', 'up');
    await kiosk.mouse.up();
    await expect(kiosk.getByTestId('result-banner')).toHaveCount(0);

    // The keyboard's way: the card takes the focus and Enter turns it.
    await squeezed(kiosk, 'player', 1).focus();
    await kiosk.keyboard.press('Enter');
    await expect(kiosk.getByTestId('result-banner')).toHaveAttribute('data-winner', 'player', { timeout: 10_000 });
    await expect(kiosk.getByTestId('player-total')).toHaveText('9');
    await expect(kiosk.getByTestId('credit-meter')).toHaveAttribute('data-minor', String(2_000 - 600 + 1_000));
  });

  test('a third card, lying across its slot, is squeezed on its own and peeled from its edge the same way', async ({
    kiosk,
    host,
  }) => {
    await insertNote(kiosk, host, 3, 2_000);
    await bet(kiosk, 'player', 500, 1);
    await host.must('test:force-cards', { cards: PLAYER_DRAWS });
    await kiosk.getByTestId('btn-deal').click();
    await expect(squeezed(kiosk, 'player', 1)).toHaveAttribute('data-deal-state', 'face-down', { timeout: 20_000 });
    await kiosk.getByTestId('squeeze-turn-all').click();
    const third = squeezed(kiosk, 'player', 2);
    await expect(third).toHaveAttribute('data-deal-state', 'face-down', { timeout: 10_000 });
    await expect(kiosk.getByTestId('result-banner')).toHaveCount(0);
    // Turned a quarter clockwise, the card's bottom edge is on the screen's left: drawn to the right, it peels.
    const box = (await third.boundingBox())!;
    await kiosk.mouse.move(box.x + 4, box.y + box.height / 2);
    await kiosk.mouse.down();
    await kiosk.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 8 });
    await expect(third.locator('.back')).toHaveAttribute('style', /clip-path: polygon/);
    await expect(third).toHaveAttribute('data-squeeze', 'down');
    await kiosk.mouse.move(box.x + box.width - 4, box.y + box.height / 2, { steps: 8 });
    await expect(third).toHaveAttribute('data-squeeze', 'up');
    await kiosk.mouse.up();
    await expect(kiosk.getByTestId('result-banner')).toHaveAttribute('data-winner', 'player', { timeout: 10_000 });
    await expect(kiosk.getByTestId('player-total')).toHaveText('9');
  });

  test('a reload mid-squeeze lays the dealt round at once, as it does for any round being revealed', async ({
    kiosk,
    host,
  }) => {
    await insertNote(kiosk, host, 3, 2_000);
    await dealSqueezed(kiosk, host);
    await kiosk.reload();
    await waitForTable(kiosk);
    await expect(kiosk.getByTestId('result-banner')).toHaveAttribute('data-winner', 'player');
    await expect(kiosk.getByTestId('card')).toHaveCount(4);
    await expect(kiosk.locator('[data-squeeze]')).toHaveCount(0);
    await expect(kiosk.getByTestId('credit-meter')).toHaveAttribute('data-minor', String(2_000 - 600 + 1_000));
  });
});

test.describe('the squeeze’s time limit', () => {
  test.use({ venueConfig: squeezeVenue(3) });

  test('turns the cards nobody touched by themselves, and the round ends as dealt', async ({ kiosk, host }) => {
    await insertNote(kiosk, host, 3, 2_000);
    await dealSqueezed(kiosk, host);
    await expect(kiosk.getByTestId('squeeze-time-left')).toBeVisible();
    await expect(kiosk.getByTestId('result-banner')).toHaveAttribute('data-winner', 'player', { timeout: 10_000 });
    await expect(kiosk.locator('[data-squeeze="up"]')).toHaveCount(2);
  });

  test('fast play skips the squeeze: every card turns as it lands', async ({ kiosk, host }) => {
    await insertNote(kiosk, host, 3, 2_000);
    await kiosk.getByTestId('btn-menu').click();
    await kiosk.getByTestId('fast-play-toggle').click();
    await expect(kiosk.getByTestId('squeeze-toggle')).toHaveClass(/under/);
    await kiosk.getByTestId('menu-back').click();
    await bet(kiosk, 'player', 500, 1);
    await host.must('test:force-cards', { cards: PLAYER_NATURAL });
    await kiosk.getByTestId('btn-deal').click();
    await expect(kiosk.getByTestId('result-banner')).toHaveAttribute('data-winner', 'player', { timeout: 10_000 });
    await expect(kiosk.locator('[data-squeeze]')).toHaveCount(0);
  });
});

const SIZES = [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
] as const;

for (const size of SIZES) {
  test.describe(`squeeze pictures ${size.width}x${size.height}`, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      venueConfig: squeezeVenue(60),
      // The page's CSP allows no inline style; Playwright puts the pictures' style (e2e/pictures.css) in as one.
      bypassCSP: true,
    });

    test(`the squeeze row and a card half peeled, in every language: ${size.name}`, async ({ page, host }) => {
      test.setTimeout(240_000);
      const findings: string[] = [];
      await page.addInitScript({ path: PROBE });
      await page.goto(host.url);
      await waitForTable(page);
      await insertNote(page, host, 5, 10_000);
      for (const lang of LOCALES) {
        await chooseLanguage(page, lang);
        await page.getByTestId('btn-menu').click();
        await expect(page.getByTestId('squeeze-toggle')).toBeVisible();
        await expect.soft(page).toHaveScreenshot(`squeeze-settings-${lang}-${size.name}.png`, { timeout: 30_000 });
        await page.getByTestId('menu-back').click();

        if (await page.getByTestId('btn-new-bet').isEnabled()) await page.getByTestId('btn-new-bet').click();
        await dealSqueezed(page, host);
        const card = squeezed(page, 'player', 0);
        await peelUp(page, card, 0.55);
        const found = await page.evaluate(() =>
          (globalThis as unknown as { layoutFindings(): Promise<{ findings: string[] }> }).layoutFindings(),
        );
        findings.push(...found.findings.map((f) => `${lang} mid-peel: ${f}`));
        for (const f of await measureText(page, null, MIN_FONT_PX))
          findings.push(`${lang} mid-peel: ${f.where} "${f.text}": ${f.problem}`);
        await expect.soft(page).toHaveScreenshot(`squeeze-peel-${lang}-${size.name}.png`, {
          mask: [page.getByTestId('squeeze-time-left')],
          timeout: 30_000,
        });
        await page.mouse.up();
        await page.getByTestId('squeeze-turn-all').click();
        await expect(page.getByTestId('result-banner')).toBeVisible({ timeout: 10_000 });
      }
      expect(findings).toEqual([]);
    });
  });
}
