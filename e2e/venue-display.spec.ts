/**
 * The player's table follows the venue's display settings (docs/venue-config.md#the-players-table): a host
 * started with a venue file in Swedish kronor and German shows every amount in SEK with the German number
 * format, starts in German, runs the attract loop on an empty machine after the file's attractIdleS; the credit meter stays
 * on top, asks "Still playing?" and clears the bets back to credit when nobody answers, and follows a
 * technician's change to yen at once. Timers run on the page clock where the wait would be long.
 */
import type { Page } from '@playwright/test';
import { expect, expectMeter, insertNote, test, venueFile, waitForTable } from './fixtures.ts';
import type { HostProcess } from './host-process.ts';

const ATTRACT_IDLE_S = 10; // the schema's minimum
const INACTIVITY_S = 30; // the schema's minimum
const COUNTDOWN_S = 30;

/** The example venue file with SEK, German and short timers, written once for this spec's hosts. */
function sekGermanVenueFile(): string {
  return venueFile('venue-display', {
    currency: { code: 'SEK' },
    defaultLanguage: 'de',
    attractIdleS: ATTRACT_IDLE_S,
    playerInactivityS: INACTIVITY_S,
  });
}

test.use({ venueConfig: sekGermanVenueFile() });

/** The host's URL without the fixtures' long attract override, so the venue's own attractIdleS applies. */
function venueTimersUrl(host: HostProcess): string {
  const url = new URL(host.url);
  url.searchParams.delete('attractAfterMs');
  return url.toString();
}

/** Intl writes a no-break space between the digits and the code. */
const spaced = (s: string): RegExp => new RegExp(s.replace(/ /g, '[\\s\\u00a0\\u202f]').replace(/\./g, '\\.'));

/** The value printed on a chip of the rail. */
const chipLabel = (page: Page, minor: number) => page.getByTestId(`chip-${minor}`).locator('svg text');

/** Whether the element is what a finger at its centre would touch: drawn on top, not under an overlay. */
async function onTop(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) return false;
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  // Runs in the page: `document` is the page's (the e2e type check has no DOM types).
  return page.getByTestId(testId).evaluate((el, p) => {
    const doc = (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): unknown } }).document;
    return el.contains(doc.elementFromPoint(p.x, p.y) as typeof el | null);
  }, at);
}

test('amounts are in SEK in the German format, the table starts in German, attract on an empty machine ends the session', async ({
  page,
  host,
}) => {
  await page.goto(venueTimersUrl(host));
  await waitForTable(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('btn-deal')).toContainText('Geben');

  // A player picks English; attract mode (only ever on an empty machine) ends the session, so the next
  // player sees German again.
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const attract = page.getByTestId('attract');
  await expect(attract).toBeVisible({ timeout: (ATTRACT_IDLE_S + 15) * 1000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.mouse.click(960, 700);
  await expect(attract).toBeHidden();

  await insertNote(page, host, 2, 1_000);
  await expect(page.getByTestId('credit-meter')).toContainText(spaced('10,00 SEK'));
  await expect(chipLabel(page, 50)).toHaveText('0,50');
  await expect(chipLabel(page, 2_500)).toHaveText('25');
  await page.getByTestId('chip-50').click();
  await page.getByTestId('spot-player').click();
  await expect(page.getByTestId('spot-player-amount')).toContainText(spaced('0,50 SEK'));
  await expect(page.getByTestId('total-bet')).toContainText(spaced('0,50 SEK'));
  await page.getByTestId('btn-clear').click();
  await expectMeter(page, 'total-bet', 0);
  // The credit meter is the player's, on top where a finger would touch it.
  await expect.poll(() => onTop(page, 'credit-meter')).toBe(true);
});

test('"Still playing?" counts down, a touch keeps the bets, no answer clears them back to credit and ends the session', async ({
  page,
  host,
}) => {
  const start = new Date('2026-12-01T10:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
  await page.goto(venueTimersUrl(host));
  await waitForTable(page);
  await insertNote(page, host, 2, 1_000);
  await page.getByTestId('chip-100').click();
  await page.getByTestId('spot-player').click();
  await page.getByTestId('spot-banker').click();
  await expectMeter(page, 'total-bet', 200);

  const prompt = page.getByTestId('still-playing');
  await page.clock.runFor(INACTIVITY_S * 1000 - 1_000);
  await expect(prompt).toBeHidden();
  await page.clock.runFor(1_000);
  await expect(prompt).toBeVisible();
  await expect(page.getByTestId('still-playing-seconds')).toHaveText(String(COUNTDOWN_S));
  await page.clock.runFor(5_000);
  await expect(page.getByTestId('still-playing-seconds')).toHaveText(String(COUNTDOWN_S - 5));

  // A touch anywhere answers it — here where the Player spot lies under the question. The bets stay, and
  // the touch did not also add a chip to the spot.
  const spot = await page.getByTestId('spot-player').boundingBox();
  if (!spot) throw new Error('the Player spot is not on the screen');
  await page.mouse.click(spot.x + spot.width / 2, spot.y + spot.height / 2);
  await expect(prompt).toBeHidden();
  // The table's requests are answered in order: once the next chip shows, a chip from that touch would have too.
  await page.getByTestId('spot-banker').click();
  await expectMeter(page, 'total-bet', 300);

  // This player reads Finnish.
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-fi').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');

  // Nobody answers the next time: the bets on the felt go back to credit, the credit stays, and the
  // player's own settings end with their session: the next player sees the venue's German.
  await page.clock.runFor(INACTIVITY_S * 1000);
  await expect(prompt).toBeVisible();
  await page.clock.runFor(COUNTDOWN_S * 1000);
  await expect(prompt).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expectMeter(page, 'total-bet', 0);
  await expectMeter(page, 'credit-meter', 1_000);
  await expect(page.getByTestId('spot-banker-amount')).toHaveAttribute('data-minor', '0');
  const snapshot = await host.must<{ creditsMinor: number; tableTotalMinor: number }>('cabinet:snapshot', {});
  expect(snapshot).toMatchObject({ creditsMinor: 1_000, tableTotalMinor: 0 });
  expect(await host.must<{ entries: unknown[] }>('history:list', { offset: 0, limit: 5 })).toMatchObject({
    entries: [],
  });
});

test("a technician's change to yen and English waits for an empty cabinet, then reaches the table without a reload", async ({
  kiosk,
  host,
}) => {
  await insertNote(kiosk, host, 4, 5_000);
  await expect(kiosk.getByTestId('credit-meter')).toContainText(spaced('50,00 SEK'));

  await host.must('test:operator-key', { on: true });
  await host.must('test:set-pin', { role: 'technician', pin: '2468' });
  await host.must('staff:sign-in', { role: 'technician', pin: '2468' });
  const { config } = await host.must<{ config: Record<string, unknown> }>('tech:config:get', {});
  const yen = { ...config, currency: { code: 'JPY' }, defaultLanguage: 'en' };
  // The same 5,000 minor units would read as ¥5,000: with the player's money on the meter the currency stays.
  expect(await host.call('tech:config:apply', { config: yen })).toMatchObject({
    ok: false,
    error: {
      code: 'not-permitted',
      reason: { code: 'money-on-cabinet', creditsMinor: 5_000, settings: ['currency.code', 'currency.minorDigits'] },
    },
  });
  await host.must('staff:sign-out', {});
  await host.must('test:operator-key', { on: false });
  await expect(kiosk.getByTestId('credit-meter')).toContainText(spaced('50,00 SEK'));

  // Cashed out and the handpay paid: the cabinet holds nothing, and the change applies at once.
  await host.must('cashout:collect');
  await host.must('test:operator-key', { on: true });
  await host.must('staff:sign-in', { role: 'technician', pin: '2468' });
  await host.must('tech:clear-handpay');
  await host.must('tech:config:apply', { config: yen });
  await host.must('staff:sign-out', {});
  await host.must('test:operator-key', { on: false });

  // Whole yen: no decimals, the yen sign, the English default.
  await expect(kiosk.locator('html')).toHaveAttribute('lang', 'en');
  await expect(kiosk.getByTestId('credit-meter')).toContainText('¥0');
  await expect(chipLabel(kiosk, 50)).toHaveText('50');
  await expect(chipLabel(kiosk, 2_500)).toHaveText('2.5K');
});

test("a cash-out to zero credit ends the player's session: the next player sees the venue's German", async ({
  kiosk,
  host,
}) => {
  await insertNote(kiosk, host, 2, 1_000);
  await kiosk.getByTestId('language-switch').click();
  await kiosk.getByTestId('language-fi').click();
  await expect(kiosk.locator('html')).toHaveAttribute('lang', 'fi');

  await kiosk.getByTestId('btn-cashout').click();
  await kiosk.getByTestId('cashout-confirm').click();
  const handpay = kiosk.getByTestId('handpay-screen');
  await expect(handpay).toBeVisible();
  // The player reads the handpay screen in the language they chose.
  await expect(kiosk.locator('html')).toHaveAttribute('lang', 'fi');
  await expect(handpay).toContainText(spaced('10,00 SEK'));

  await host.must('test:set-pin', { role: 'attendant', pin: '1111' });
  await host.must('test:operator-key', { on: true });
  await host.must('staff:sign-in', { role: 'attendant', pin: '1111' });
  await host.must('tech:clear-handpay');
  await host.must('staff:sign-out');
  await host.must('test:operator-key', { on: false });
  await expect(handpay).toBeHidden();
  await expect(kiosk.locator('html')).toHaveAttribute('lang', 'de');
});
