/**
 * The player's table, as a player reads it: the result line names the winner first
 * (docs/rules.md#results-in-net-terms); the chips on a spot stand as a stack whose height and top chip
 * show what lies there (docs/rules.md#chips-and-bets); a note in the bill acceptor is announced until its
 * credit lands or it goes back (docs/cabinet-rules.md#bill-validator); demo credits cannot be cashed out
 * and CASH OUT says so (docs/rules.md#free-play); a lock screen is one message
 * (docs/cabinet-rules.md#door-and-tilt). Reached through the real cabinet and the emulated devices.
 */
import type { Page } from '@playwright/test';
import path from 'node:path';
import { LOCALES, messages } from '../renderer/src/i18n/index.ts';
import { ARTIFACTS, bet, expect, expectMeter, insertNote, keepShot, meterMinor, test, venueFile } from './fixtures.ts';

test.use({ viewport: { width: 1920, height: 1080 } });

/** Deals the given cards (the real shoe and engine, the cards chosen) and waits for the result. */
async function dealGiven(page: Page, host: { must: <T>(c: string, r: object) => Promise<T> }, cards: string[]) {
  expect(await host.must<{ armed: string[] }>('test:force-cards', { cards })).toEqual({ armed: cards });
  await page.getByTestId('btn-deal').click();
  await expect(page.getByTestId('card')).toHaveCount(cards.length, { timeout: 20_000 });
  await expect(page.getByTestId('result-banner')).toBeVisible({ timeout: 20_000 });
}

test.describe('the result line', () => {
  test('names the winning hand and its total first, then the loser’s total; a Tie is named Tie', async ({
    kiosk,
    host,
  }) => {
    await insertNote(kiosk, host, 5, 10_000);
    const score = kiosk.getByTestId('result-score');

    // Player K♥ Q♦ = 0, Banker 9♠ 10♣ = 9.
    await bet(kiosk, 'banker', 100, 1);
    await dealGiven(kiosk, host, ['KH', '9S', 'QD', '10C']);
    await expect(score).toHaveText('Banker 9 – 0');
    await expect(score).toHaveCSS('text-transform', 'uppercase');

    // Player 2♥ 3♠ 4♣ = 9, Banker K♣ 6♦ = 6.
    await kiosk.getByTestId('btn-new-bet').click();
    await bet(kiosk, 'banker', 100, 1);
    await dealGiven(kiosk, host, ['2H', 'KC', '3S', '6D', '4C']);
    await expect(score).toHaveText('Player 9 – 6');

    // Player 8♦ J♥ = 8, Banker 8♣ Q♠ = 8: the title says Tie, the line under it the totals alone.
    await kiosk.getByTestId('btn-new-bet').click();
    await bet(kiosk, 'banker', 100, 1);
    await dealGiven(kiosk, host, ['8D', '8C', 'JH', 'QS']);
    await expect(kiosk.getByTestId('result-banner').locator('.title')).toHaveText('Tie');
    await expect(score).toHaveText('8 – 8');
  });

  test('a Tie is said once on the banner, in every language; a win still names its side on the score line', async ({
    kiosk,
    host,
  }) => {
    await insertNote(kiosk, host, 5, 10_000);
    await bet(kiosk, 'banker', 100, 1);
    await dealGiven(kiosk, host, ['8D', '8C', 'JH', 'QS']);
    const banner = kiosk.getByTestId('result-banner');
    await expect(banner).toHaveAttribute('data-winner', 'tie');
    /** How often `word` stands as a whole word in `text`, case aside. */
    const count = (text: string, word: string): number =>
      text
        .toLocaleLowerCase()
        .split(/[^\p{L}]+/u)
        .filter((w) => w === word.toLocaleLowerCase()).length;
    for (const lang of LOCALES) {
      await language(kiosk, lang);
      const tie = messages[lang].result.tie;
      await expect(banner.locator('.title')).toHaveText(tie);
      await expect(kiosk.getByTestId('result-score')).toHaveText('8 – 8');
      expect(count(await banner.innerText(), tie), `${lang}: "${tie}" on the banner`).toBe(1);
    }
    await language(kiosk, 'de');
    await kiosk.getByTestId('btn-new-bet').click();
    await bet(kiosk, 'banker', 100, 1);
    await dealGiven(kiosk, host, ['KH', '9S', 'QD', '10C']);
    await expect(kiosk.getByTestId('result-score')).toHaveText('Banker 9 – 0');
  });
});

async function language(page: Page, lang: string): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === lang) return;
  await page.getByTestId('language-switch').click();
  await page.getByTestId(`language-${lang}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test.describe('chips on the felt', () => {
  /** The drawn height of the spot's stack, in CSS pixels. */
  const pileHeight = async (page: Page, spot: string): Promise<number> =>
    (await page.getByTestId(`spot-${spot}-stack`).locator('.pile').boundingBox())!.height;

  test('a stack grows with each chip up to a cap, shows the last chip on top and counts them all', async ({
    kiosk,
    host,
  }) => {
    await insertNote(kiosk, host, 5, 10_000);
    const stack = kiosk.getByTestId('spot-player-stack');
    await expect(stack).toHaveAttribute('data-count', '0');

    await bet(kiosk, 'player', 100, 1);
    await expect(stack).toHaveAttribute('data-count', '1');
    await expect(kiosk.getByTestId('spot-player-count')).toHaveCount(0); // one chip needs no count
    const one = await pileHeight(kiosk, 'player');

    await bet(kiosk, 'player', 100, 2);
    await bet(kiosk, 'player', 500, 1);
    await expect(stack).toHaveAttribute('data-count', '4');
    await expect(stack).toHaveAttribute('data-layers', '4');
    await expect(stack).toHaveAttribute('data-top', '500');
    await expect(stack.locator('.top text')).toHaveText('5');
    await expect(kiosk.getByTestId('spot-player-count')).toHaveText('×4');
    const four = await pileHeight(kiosk, 'player');
    expect(four).toBeGreaterThan(one + 3 * 5); // every chip shows an edge of its own

    // Twelve chips: the stack stops growing at its cap, the count still says twelve.
    await bet(kiosk, 'banker', 100, 12);
    const banker = kiosk.getByTestId('spot-banker-stack');
    await expect(banker).toHaveAttribute('data-count', '12');
    await expect(banker).toHaveAttribute('data-layers', '9');
    await expect(kiosk.getByTestId('spot-banker-count')).toHaveText('×12');
    const capped = await pileHeight(kiosk, 'banker');
    await bet(kiosk, 'banker', 100, 2);
    await expect(banker).toHaveAttribute('data-count', '14');
    expect(await pileHeight(kiosk, 'banker')).toBe(capped);

    // Readable from the player's seat: the amount and the top chip's value at 20 px or more.
    const amountPx = await kiosk.getByTestId('spot-player-amount').evaluate((el) => {
      const g = globalThis as unknown as { getComputedStyle(e: unknown): { fontSize: string } };
      return parseFloat(g.getComputedStyle(el).fontSize);
    });
    expect(amountPx).toBeGreaterThanOrEqual(20);
    const topLabelPx = await stack.locator('.top text').evaluate((el) => {
      const t = el as unknown as { getBoundingClientRect(): { height: number }; getScreenCTM(): { a: number } };
      const g = globalThis as unknown as { getComputedStyle(e: unknown): { fontSize: string } };
      return parseFloat(g.getComputedStyle(el).fontSize) * t.getScreenCTM().a;
    });
    expect(topLabelPx).toBeGreaterThanOrEqual(20);

    // The round on show keeps the chips as they were placed.
    await dealGiven(kiosk, host, ['KH', '9S', 'QD', '10C']);
    await expect(stack).toHaveAttribute('data-count', '4');
    await expect(stack).toHaveAttribute('data-top', '500');
  });
});

test.describe('a note being read', () => {
  // What the screen shows while the unit reads and stacks: a real unit's pace.
  test.use({ notePace: 'device' });
  /**
   * Records, in the page, each time the "reading" notice appears or goes and each change of the credit
   * meter, in the order the screen showed them.
   */
  async function recordScreen(page: Page): Promise<void> {
    await page.evaluate(() => {
      const g = globalThis as unknown as {
        document: { body: unknown; querySelector(s: string): { getAttribute(n: string): string | null } | null };
        MutationObserver: new (cb: () => void) => { observe(n: unknown, o: object): void };
        noteLog: string[];
      };
      g.noteLog = [];
      let shown = false;
      let credit = g.document.querySelector('[data-testid="credit-meter"]')?.getAttribute('data-minor') ?? null;
      new g.MutationObserver(() => {
        const now = g.document.querySelector('[data-testid="note-reading"]') !== null;
        if (now !== shown) g.noteLog.push(now ? 'shown' : 'gone');
        shown = now;
        const c = g.document.querySelector('[data-testid="credit-meter"]')?.getAttribute('data-minor') ?? null;
        if (c !== credit) g.noteLog.push(`credit ${c}`);
        credit = c;
      }).observe(g.document.body, { subtree: true, childList: true, attributes: true });
    });
  }
  const screenLog = (page: Page) => page.evaluate(() => (globalThis as unknown as { noteLog: string[] }).noteLog);

  test('"Reading note…" shows from the escrow until the credit lands', async ({ kiosk, host }) => {
    await recordScreen(kiosk);
    const before = await meterMinor(kiosk, 'credit-meter');
    expect((await host.must<{ accepted: boolean }>('test:insert-note', { channel: 3 })).accepted).toBe(true);
    // Held for a few polls while the acceptor reads and stacks it: long enough to keep a picture of.
    await expect(kiosk.getByTestId('note-reading')).toHaveText('Reading note…');
    await keepShot(kiosk, path.join(ARTIFACTS, 'table-polish', 'note-reading-en-1920x1080.png'));
    await expectMeter(kiosk, 'credit-meter', before + 2_000);
    await expect(kiosk.getByTestId('note-reading')).toHaveCount(0);
    const log = await screenLog(kiosk);
    expect(log).toContain('shown');
    // Shown before the credit, still shown when it landed, gone only after it.
    expect(log.indexOf('shown')).toBeLessThan(log.indexOf('credit 2000'));
    expect(log.slice(log.indexOf('shown'), log.indexOf('credit 2000'))).not.toContain('gone');
    expect(log.lastIndexOf('gone')).toBeGreaterThan(log.indexOf('credit 2000'));
  });

  test('a note the venue does not take is announced while read and the notice goes when it is returned', async ({
    kiosk,
    host,
  }) => {
    await recordScreen(kiosk);
    const before = await meterMinor(kiosk, 'credit-meter');
    // Channel 6 (200.00) is turned off in the venue configuration: the cabinet hands it back.
    await host.must('test:insert-note', { channel: 6 });
    await expect.poll(() => screenLog(kiosk), { timeout: 20_000 }).toEqual(['shown', 'gone']);
    await expect(kiosk.getByTestId('note-reading')).toHaveCount(0);
    await expectMeter(kiosk, 'credit-meter', before);
  });
});

test.describe('a lock screen', () => {
  test('is one message: what is wrong, why in one line, and when to call an attendant', async ({ kiosk, host }) => {
    await host.must('test:door', { open: true });
    const lock = kiosk.getByTestId('tilt-screen');
    await expect(lock).toHaveAttribute('data-kind', 'door-open');
    await expect(lock.locator('h2')).toHaveText('Door open');
    await expect(lock.locator('p')).toHaveCount(2);
    await expect(kiosk.getByTestId('tilt-what')).toHaveText('The cabinet door is open.');
    await expect(kiosk.getByTestId('tilt-attendant')).toHaveText('Please call an attendant if this takes long.');
    await host.must('test:door', { open: false });
    await expect(lock).toBeHidden();
  });
});

test.describe('demo mode', () => {
  const configFile = venueFile('polish-demo', { demoMode: true, demoCreditsMinor: 10_000 });
  test.use({ venueConfig: configFile });

  test('CASH OUT gives way to the reason: demo credits cannot be cashed out', async ({ kiosk }) => {
    await expect(kiosk.getByTestId('credit-meter')).toHaveAttribute('data-minor', '10000');
    const why = kiosk.getByTestId('cashout-why');
    await expect(why).toHaveText('Demo credits cannot be cashed out');
    // A notice panel in the note-reading badge's colours, squarer than any button and not pressable.
    await expect(why).toHaveCSS('background-color', 'rgb(255, 244, 214)');
    await expect(why).toHaveCSS('border-top-color', 'rgb(224, 161, 0)');
    await expect(why).toHaveCSS('font-size', '20px');
    await expect(why).toHaveCSS('cursor', 'auto');
    await expect(why).toHaveCSS('border-top-left-radius', '8px');
    await expect(kiosk.getByTestId('btn-cashout')).toHaveCount(0);
    await expect(kiosk.getByRole('button', { name: /cash out/i })).toHaveCount(0);
    await expect(kiosk.getByTestId('cashout-dialog')).toHaveCount(0);
    await expect(kiosk.getByTestId('handpay-screen')).toHaveCount(0);
  });
});
