/**
 * The meters cannot mislead (docs/rules.md#the-win-meter): one page load plays a round of each outcome class
 * through the real cabinet, from given cards (`test:force-cards`), and after each checks the WIN meter's label,
 * value and outcome class against main's record, and that TOTAL BET follows the felt. In demo mode the badge
 * and the credit meter say so in every language, at both sizes; there and after a round the round area's empty
 * card slots never draw crossing outlines and the shoe stays clear of the Banker's box and the centre. Screenshots of the partial return and of the
 * demo table go to e2e/artifacts/meter-truth/ when shots are kept.
 */
import type { Page } from '@playwright/test';
import path from 'node:path';
import type { HostProcess } from './host-process.ts';
import { LOCALES, messages } from '../renderer/src/i18n/index.ts';
import {
  ARTIFACTS,
  bet,
  chooseLanguage,
  expect,
  expectMeter,
  GIVEN_CARDS,
  insertNote,
  keepShot,
  lastRounds,
  sum,
  test,
  venueFile,
} from './fixtures.ts';

const CARDS = GIVEN_CARDS;

const SHOTS = path.join(ARTIFACTS, 'meter-truth');
const WIN_GREEN = 'rgb(159, 242, 181)';

/** Deals from `cards` with `press`, checks the meters while the cards are revealed, and returns main's record. */
async function playRound(page: Page, host: HostProcess, cards: readonly string[], press: () => Promise<void>) {
  const before = (await lastRounds(host, 1))[0]?.roundId ?? 0;
  expect(await host.must<{ armed: string[] }>('test:force-cards', { cards })).toEqual({ armed: cards });
  await press();
  // While the cards are revealed the WIN meter tells nothing yet.
  await expect(page.getByTestId('last-win')).toHaveAttribute('data-outcome-class', 'none');
  await expect(page.getByTestId('result-banner')).toBeVisible({ timeout: 20_000 });
  const [round] = await lastRounds(host, 1);
  expect(round?.roundId).toBe(before + 1);
  expect(round?.status).toBe('settled');
  return round!;
}

async function expectWinMeter(page: Page, outcomeClass: string, label: string, minor: number): Promise<void> {
  const meter = page.getByTestId('last-win');
  await expect(meter).toHaveAttribute('data-outcome-class', outcomeClass);
  await expect(meter).toHaveAttribute('data-minor', String(minor));
  await expect(page.getByTestId('last-win-label')).toHaveText(label);
  if (outcomeClass === 'win') await expect(meter).toHaveCSS('color', WIN_GREEN);
  else await expect(meter).not.toHaveCSS('color', WIN_GREEN);
}

test('every outcome class: only a net win is a win on the WIN meter, and TOTAL BET follows the felt', async ({
  kiosk,
  host,
}) => {
  test.slow();
  await insertNote(kiosk, host, 5, 10_000);
  await expectWinMeter(kiosk, 'none', 'Win', 0);

  // Partial return: 14.00 staked, Banker wins, 5.85 back.
  await bet(kiosk, 'player', 500, 2);
  await bet(kiosk, 'banker', 100, 3);
  await bet(kiosk, 'tie', 100, 1);
  await expectMeter(kiosk, 'total-bet', 1_400);
  const partial = await playRound(kiosk, host, CARDS.banker, async () => {
    await kiosk.getByTestId('btn-deal').click();
    await expectMeter(kiosk, 'total-bet', 1_400); // the stake stays on the felt while its cards are revealed
  });
  expect(sum(partial.returns)).toBe(585);
  await expect(kiosk.getByTestId('result-banner')).toHaveAttribute('data-kind', 'returned');
  await expectWinMeter(kiosk, 'returned', 'Returned', 585);
  await expectMeter(kiosk, 'total-bet', 0);
  await expectRoundAreaClear(kiosk, false, 'after the round, landscape');
  await keepShot(kiosk, path.join(SHOTS, 'partial-return-en-1920x1080.png'), { animations: 'disabled' });
  await kiosk.setViewportSize({ width: 1080, height: 1920 });
  await expect(kiosk.getByTestId('last-win')).toBeInViewport();
  await expectRoundAreaClear(kiosk, true, 'after the round, portrait');
  await keepShot(kiosk, path.join(SHOTS, 'partial-return-en-1080x1920.png'), { animations: 'disabled' });
  await kiosk.setViewportSize({ width: 1920, height: 1080 });

  // Net win: 5.00 on Player, Player wins, 10.00 back: WIN 5.00, in green.
  await kiosk.getByTestId('btn-new-bet').click();
  await bet(kiosk, 'player', 500, 1);
  await expectMeter(kiosk, 'total-bet', 500);
  const win = await playRound(kiosk, host, CARDS.player, () => kiosk.getByTestId('btn-deal').click());
  expect(sum(win.returns)).toBe(1_000);
  await expectWinMeter(kiosk, 'win', 'Win', 500);
  await keepShot(kiosk.getByTestId('meters'), path.join(SHOTS, 'meters-win-en.png'));
  await expectMeter(kiosk, 'total-bet', 0);

  // Loss: REBET lays the same 5.00 and deals; Banker wins, nothing back: no win styling at all.
  const loss = await playRound(kiosk, host, CARDS.banker, async () => {
    await kiosk.getByTestId('btn-rebet').click();
    await expectMeter(kiosk, 'total-bet', 500);
  });
  expect(sum(loss.returns)).toBe(0);
  await expectWinMeter(kiosk, 'loss', 'Win', 0);
  await expectMeter(kiosk, 'total-bet', 0);

  // Push: 5.00 on Player and 5.00 on Banker, a Tie, exactly the stake back.
  await kiosk.getByTestId('btn-new-bet').click();
  await bet(kiosk, 'player', 500, 1);
  await bet(kiosk, 'banker', 500, 1);
  const push = await playRound(kiosk, host, CARDS.tie, () => kiosk.getByTestId('btn-deal').click());
  expect(sum(push.returns)).toBe(1_000);
  await expectWinMeter(kiosk, 'push', 'Returned', 1_000);
  await expectMeter(kiosk, 'total-bet', 0);

  // Void: the RNG drops out during the deal; the stake comes back as a refund, never as a win.
  await kiosk.getByTestId('btn-new-bet').click();
  await bet(kiosk, 'player', 500, 1);
  await host.must('test:rng-unplug', { duringNextDeal: true });
  await kiosk.getByTestId('btn-deal').click();
  await expect(kiosk.getByTestId('void-screen')).toBeVisible({ timeout: 20_000 });
  await kiosk.getByTestId('void-ok').click();
  await host.must('test:rng-replug');
  await expect(kiosk.getByTestId('tilt-screen')).toHaveCount(0, { timeout: 30_000 });
  const [voided] = await lastRounds(host, 1);
  expect(voided?.status).toBe('voided');
  expect(voided?.refundedMinor).toBe(500);
  await expectWinMeter(kiosk, 'void', 'Refunded', 500);
  await expectMeter(kiosk, 'total-bet', 0);

  // The same meter in another language: the refund keeps its own word.
  await chooseLanguage(kiosk, 'de');
  await expectWinMeter(kiosk, 'void', 'Erstattet', 500);
  await keepShot(kiosk.getByTestId('meters'), path.join(SHOTS, 'meters-void-de.png'));
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(page: Page, testId: string): Promise<Box> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} has no box`);
  return box;
}

/** The few DOM shapes the probe below reads (the node project has no DOM types). */
interface ProbeSlot {
  getBoundingClientRect(): Box;
}
interface ProbeGlobals {
  document: { querySelectorAll(selector: string): Iterable<{ querySelectorAll(s: string): Iterable<ProbeSlot> }> };
  getComputedStyle(
    el: ProbeSlot,
    pseudo?: string,
  ): { borderTopStyle: string; borderTopColor: string; content: string; width: string };
}

/**
 * The dashed outlines the empty card slots draw, per hand: a slot's own border where it is drawn, and the
 * outline its ::before draws across a pair of slots. Read from the computed style, not from pixels.
 */
function slotOutlines(page: Page): Promise<Box[][]> {
  return page.evaluate(() => {
    const { document, getComputedStyle } = globalThis as unknown as ProbeGlobals;
    return [...document.querySelectorAll('[data-testid^="hand-"]')].map((hand) => {
      const out: Box[] = [];
      for (const slot of hand.querySelectorAll('.slot')) {
        const r = slot.getBoundingClientRect();
        const own = getComputedStyle(slot);
        if (own.borderTopStyle !== 'none' && !/, 0\)$|transparent/.test(own.borderTopColor)) {
          out.push({ x: r.x, y: r.y, width: r.width, height: r.height });
        }
        const pair = getComputedStyle(slot, '::before');
        if (pair.content !== 'none' && pair.content !== 'normal') {
          out.push({ x: r.x - 2, y: r.y - 2, width: parseFloat(pair.width), height: r.height + 4 });
        }
      }
      return out;
    });
  });
}

/** The round area's own layout: slot outlines that never cross, and a shoe clear of the Banker's box and the centre. */
async function expectRoundAreaClear(page: Page, portrait: boolean, label: string): Promise<void> {
  for (const outlines of await slotOutlines(page)) {
    for (const [i, a] of outlines.entries()) {
      for (const b of outlines.slice(i + 1)) expect(overlaps(a, b), `${label}: two slot outlines cross`).toBe(false);
    }
  }
  const shoe = await boxOf(page, 'table-shoe');
  const banker = await boxOf(page, 'hand-banker');
  const name = await page.getByTestId('hand-banker').locator('h2').boundingBox();
  expect(overlaps(shoe, name!), `${label}: shoe over the Banker's name`).toBe(false);
  expect(overlaps(shoe, await boxOf(page, 'banker-total')), `${label}: shoe over the Banker's total`).toBe(false);
  if (portrait) {
    expect(overlaps(shoe, banker), `${label}: shoe over the Banker box`).toBe(false);
  } else {
    const inside = shoe.x >= banker.x && shoe.y >= banker.y && shoe.x + shoe.width <= banker.x + banker.width;
    expect(inside, `${label}: shoe across the Banker box's edge`).toBe(true);
  }
  for (const centre of ['roads-panel', 'result-banner']) {
    if (!(await page.getByTestId(centre).isVisible())) continue;
    expect(overlaps(shoe, await boxOf(page, centre)), `${label}: shoe over ${centre}`).toBe(false);
  }
}

const DEMO_VENUE = venueFile('meter-truth-demo', { demoMode: true, demoCreditsMinor: 10_000 });

for (const viewport of [
  { width: 1920, height: 1080 },
  { width: 1080, height: 1920 },
]) {
  test.describe(`demo mode is unmistakable at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport, venueConfig: DEMO_VENUE });

    test('a demo badge and a DEMO CREDIT meter in every language', async ({ kiosk: page }) => {
      for (const lang of LOCALES) {
        await chooseLanguage(page, lang);
        const badge = page.getByTestId('demo-badge');
        await expect(badge).toContainText(messages[lang].demoMode.badge, { ignoreCase: true });
        await expect(badge).toContainText(messages[lang].demoMode.note, { ignoreCase: true });
        await expect(page.getByTestId('credit-meter-label')).toHaveText(messages[lang].demoMode.credit);
        // Whole, on screen, and clear of the meters and the tools beside it.
        const b = await boxOf(page, 'demo-badge');
        expect(b.x >= 0 && b.y >= 0 && b.x + b.width <= viewport.width, `${lang} badge on screen`).toBe(true);
        expect(await badge.evaluate((e) => e.scrollWidth <= e.clientWidth), `${lang} badge text fits`).toBe(true);
        for (const other of ['meters', 'btn-menu', 'language-switch', 'hand-player']) {
          expect(overlaps(b, await boxOf(page, other)), `${lang} badge overlaps ${other}`).toBe(false);
        }
        // One line under the game's name, which keeps its whole height on screen.
        const title = await page.locator('.logo-title').boundingBox();
        expect(title!.y, `${lang} title pushed off the top`).toBeGreaterThanOrEqual(0);
        const word = await badge.locator('.word').boundingBox();
        const note = await badge.locator('.note').boundingBox();
        expect(note!.y, `${lang} badge on one line`).toBeLessThan(word!.y + word!.height);
        // An empty hand still shows where its cards go: the pair and the third (landscape), or the two (portrait).
        expect((await slotOutlines(page)).map((o) => o.length)).toEqual([2, 2]);
        await expectRoundAreaClear(page, viewport.height > viewport.width, `${lang} ${viewport.width}`);
        await keepShot(page, path.join(SHOTS, `demo-${lang}-${viewport.width}x${viewport.height}.png`), {
          animations: 'disabled',
        });
      }
    });
  });
}
