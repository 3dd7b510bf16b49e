/**
 * The cards on the player's table: court cards carry drawn figures, the cards are casino size at both
 * screen orientations, a deal moves them out of the shoe in deal order (docs/rules.md#deal-order) with
 * third cards laid sideways, and a reload puts the round back on the felt without replaying it
 * (docs/cabinet-rules.md#game-recall). Screenshots mid-deal and after the deal at 1920×1080 and 1080×1920
 * go to e2e/artifacts/cards/.
 */
import type { Page } from '@playwright/test';
import path from 'node:path';
import type { HostProcess } from './host-process.ts';
import { ARTIFACTS, bet, expect, insertNote, KEEP_SHOTS, keepShot, test, waitForTable } from './fixtures.ts';

const SHOTS = path.join(ARTIFACTS, 'cards');

// The cards' motion is what this file checks: full motion, unlike the other specs (playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });
const VIEWPORTS = [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
] as const;

/**
 * Player K♥ Q♦ = 0 draws 4♦; Banker J♠ 5♣ = 5 draws on a Player third card of 4 and gets 2♥ = 7: six
 * cards, three of them court cards, both hands with a third card.
 */
const SIX_CARDS = ['KH', 'JS', 'QD', '5C', '4D', '2H'];
const DEAL_ORDER = ['player0', 'banker0', 'player1', 'banker1', 'player2', 'banker2'];
const MIN_CARD_WIDTH = 180;

async function armAndDeal(page: Page, host: HostProcess): Promise<void> {
  await insertNote(page, host, 3, 2_000);
  await bet(page, 'banker', 500, 1);
  await host.must('test:force-cards', { cards: SIX_CARDS });
  await page.getByTestId('btn-deal').click();
}

async function resultShown(page: Page): Promise<void> {
  await expect(page.getByTestId('result-banner')).toHaveAttribute('data-winner', 'banker', { timeout: 20_000 });
}

const PROBE = path.join(import.meta.dirname, 'cards-probe.js');

/** The table with the card probe (cards-probe.js) installed before the page's own scripts. */
async function openTable(page: Page, host: HostProcess): Promise<void> {
  await page.addInitScript({ path: PROBE });
  await page.goto(host.url);
  await waitForTable(page);
}

async function probe<T>(page: Page, expression: string): Promise<T> {
  return (await page.evaluate(`window.cardsProbe.${expression}`)) as T;
}

/** Shoots the screen with every animation frozen half way through, once Banker's second card is moving. */
async function shootMidDeal(page: Page, file: string): Promise<void> {
  await expect.poll(() => probe(page, 'frozen'), { timeout: 20_000 }).toBe(true);
  await keepShot(page, path.join(SHOTS, file), { timeout: 30_000 });
  await probe(page, 'thaw()');
}

for (const viewport of VIEWPORTS) {
  test.describe(`cards at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a deal slides the cards out of the shoe in deal order and lays third cards sideways', async ({
      page: kiosk,
      host,
    }) => {
      await openTable(kiosk, host);
      await expect(kiosk.getByTestId('table-shoe')).toBeVisible();
      await armAndDeal(kiosk, host);
      await resultShown(kiosk);
      await expect(kiosk.locator('[data-testid="dealt-card"][data-deal-state="placed"]')).toHaveCount(6);
      expect(await probe(kiosk, 'arrivals')).toEqual(DEAL_ORDER);
      expect((await probe<string[]>(kiosk, 'animated')).sort()).toEqual(['opacity', 'transform']);
      // The result moves only opacity and transform too: the winning spot's glow pulses without a repaint.
      await expect(kiosk.getByTestId('spot-banker')).toHaveClass(/\bwon\b/);
      const resultAnimated = await probe<string[]>(kiosk, 'pageAnimated()');
      expect(resultAnimated).toContain('opacity');
      expect(resultAnimated.filter((p) => p !== 'opacity' && p !== 'transform')).toEqual([]);

      for (const side of ['player', 'banker']) {
        const third = kiosk.locator(`[data-testid="dealt-card"][data-side="${side}"][data-slot="2"]`);
        const box = (await third.boundingBox())!;
        expect(box.width, `${side} third card lies across its slot`).toBeGreaterThan(box.height);
        const first = kiosk.locator(`[data-testid="dealt-card"][data-side="${side}"][data-slot="0"]`);
        const upright = (await first.boundingBox())!;
        expect(upright.height, `${side} first card stands upright`).toBeGreaterThan(upright.width);
      }
    });

    test('screenshots mid-deal and after the deal', async ({ page: kiosk, host }) => {
      // Pictures for a person to look at, compared with nothing: what they show is checked by the tests beside
      // them (the slide, the sideways third card, the six placed cards), so without kept shots the deal is not
      // paid for twice (docs/testing.md#screenshots).
      test.skip(!KEEP_SHOTS, 'takes only the screenshots kept for a person: run with BACCARAT_E2E_SHOTS=1');
      await openTable(kiosk, host);
      await probe(kiosk, "freezeWhenMoving('banker1', 0.45)");
      await armAndDeal(kiosk, host);
      await shootMidDeal(kiosk, `mid-deal-${viewport.width}x${viewport.height}.png`);
      await resultShown(kiosk);
      await expect(kiosk.locator('[data-testid="dealt-card"][data-deal-state="placed"]')).toHaveCount(6);
      await keepShot(kiosk, path.join(SHOTS, `after-deal-${viewport.width}x${viewport.height}.png`));
      const hands = kiosk.locator('.hands section.hand');
      for (const [i, side] of ['player', 'banker'].entries()) {
        await keepShot(hands.nth(i), path.join(SHOTS, `${side}-hand-${viewport.width}x${viewport.height}.png`));
      }
    });

    test(`cards are at least ${MIN_CARD_WIDTH} px wide and court cards are drawn figures`, async ({ kiosk, host }) => {
      await armAndDeal(kiosk, host);
      await resultShown(kiosk);
      const cards = kiosk.locator('.hands [data-testid="card"]');
      await expect(cards).toHaveCount(6);
      for (let i = 0; i < 6; i++) {
        const card = cards.nth(i);
        const box = (await card.boundingBox())!;
        expect(Math.min(box.width, box.height), `card ${i} short side on screen`).toBeGreaterThanOrEqual(
          MIN_CARD_WIDTH,
        );
      }
      for (const rank of ['K', 'Q', 'J']) {
        const card = kiosk.locator(`.hands [data-testid="card"][data-rank="${rank}"]`);
        const art = card.locator(`svg[data-testid="court-art"][data-figure="${rank}"]`);
        await expect(art).toBeVisible();
        // A figure, not a letter: many drawn shapes (each figure's paint layers are merged paths, so the
        // shapes are counted as subpaths), and the rank only in the two corner indices.
        const shapes = await art
          .locator('path, ellipse, circle')
          .evaluateAll((els) =>
            els.reduce(
              (n, el) => n + (el.tagName === 'path' ? (el.getAttribute('d') ?? '').split(/[Mm]/).length - 1 : 1),
              0,
            ),
          );
        expect(shapes).toBeGreaterThan(40);
        await expect(card.locator('.rank')).toHaveCount(2);
        expect((await card.innerText()).replace(/\s/g, '')).toBe(rank + rank);
      }
    });
  });
}

test('a reload in the middle of the deal shows every card in place without moving it', async ({
  page: kiosk,
  host,
}) => {
  await openTable(kiosk, host);
  await armAndDeal(kiosk, host);
  await expect(kiosk.locator('[data-testid="dealt-card"][data-deal-state="moving"]').first()).toBeAttached({
    timeout: 20_000,
  });
  await expect(kiosk.getByTestId('result-banner')).toHaveCount(0); // still dealing

  await kiosk.reload();
  await waitForTable(kiosk);
  await resultShown(kiosk);
  await expect(kiosk.locator('[data-testid="dealt-card"][data-deal-state="placed"]')).toHaveCount(6);
  expect(await probe(kiosk, 'movingSeen'), 'no card moved after the reload').toEqual([]);
  expect(await probe(kiosk, 'cardAnimations()')).toBe(0);
  const third = (await kiosk.locator('[data-testid="dealt-card"][data-side="player"][data-slot="2"]').boundingBox())!;
  expect(third.width).toBeGreaterThan(third.height);
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });
  test('the cards fade in where they lie, in deal order, without sliding or turning', async ({ page, host }) => {
    await openTable(page, host);
    await armAndDeal(page, host);
    await resultShown(page);
    await expect(page.locator('[data-testid="dealt-card"][data-deal-state="placed"]')).toHaveCount(6);
    expect(await probe(page, 'arrivals')).toEqual(DEAL_ORDER);
    expect(await probe(page, 'animated')).toEqual(['opacity']);
  });
});

test.describe('attract mode', () => {
  test.use({ attractAfterMs: 1_000 });
  test('deals its example hands with the same cards', async ({ kiosk }) => {
    const hand = kiosk.getByTestId('attract-hand');
    await expect(hand).toBeVisible({ timeout: 20_000 });
    await expect(hand.locator('[data-testid="card"]').first()).toBeVisible();
    await expect(kiosk.locator('.demo-result')).toHaveCSS('opacity', '1', { timeout: 10_000 });
    await keepShot(kiosk, path.join(SHOTS, 'attract-1920x1080.png'));
  });
});
