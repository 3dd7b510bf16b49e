/**
 * Responsible gaming as a player and a regulator meet it (docs/responsible-gaming.md): the reality check comes at the
 * venue's interval with the session's time, total bet and a loss worded as a loss; rounds wait until it is answered;
 * continue plays on, cash out collects; the session time limit stops play and leaves only the cash-out. The
 * interval cannot be waited for, so the host's test clock moves the cabinet's time (`test:advance-clock`).
 * The dialog and the limit screen are compared with their pictures in every language at both sizes, in one page
 * load per test.
 */
import type { Page } from '@playwright/test';
import { LOCALES } from '../renderer/src/i18n/index.ts';
import { bet, expect, expectMeter, GIVEN_CARDS, insertNote, test, venueFile, waitForTable } from './fixtures.ts';
import type { HostProcess } from './host-process.ts';
import { measure as measureText, MIN_FONT_PX } from './text-probes.ts';

const MINUTE = 60_000;
const SIZES = [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
] as const;

/** The longest time limit a venue may set: twelve reality checks (three hours) fit well inside it. */
const venue = (): string =>
  venueFile('responsible', {
    responsibleGaming: { realityCheckMinutes: 15, sessionLossLimitMinor: null, sessionTimeLimitMinutes: 1_440 },
  });

async function tapPin(page: Page, pin: string): Promise<void> {
  for (const d of pin) await page.getByTestId(`staff-key-${d}`).click();
  await page.getByTestId('staff-key-ok').click();
}

/** Moves the cabinet's clock; with `hold` it stops running by itself, so the minutes shown are the ones moved. */
async function advance(host: HostProcess, ms: number, hold = false): Promise<void> {
  await host.must('test:advance-clock', { ms, hold });
}

/** The language chosen inside an open responsible-gaming dialog (the header's button lies under it). */
async function chooseIn(page: Page, dialog: string, lang: string): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === lang) return;
  await page.getByTestId(dialog).getByTestId('language-switch').click();
  await page.getByTestId(`language-${lang}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** One lost round: 5.00 on Player, the Banker wins with a natural. */
async function loseOneRound(page: Page, host: HostProcess): Promise<void> {
  await host.must('test:force-cards', { cards: [...GIVEN_CARDS.banker] });
  await bet(page, 'player', 500);
  // Main holds the chip before DEAL is pressed, and the round is over (its result shown) before the test goes on.
  await expectMeter(page, 'total-bet', 500);
  await page.getByTestId('btn-deal').click();
  await expect(page.getByTestId('result-banner')).toHaveAttribute('data-winner', 'banker', { timeout: 20_000 });
  await expect(page.getByTestId('credit-meter')).toHaveAttribute('data-minor', '4500');
  await expectMeter(page, 'total-bet', 0);
}

test.use({ venueConfig: venue(), bypassCSP: true });

test('the reality check at its interval in every language, continue, and the time limit that stops play', async ({
  page,
  host,
}) => {
  test.setTimeout(300_000);
  await page.goto(host.url);
  await waitForTable(page);
  await insertNote(page, host, 4, 5_000);
  await loseOneRound(page, host);
  const findings: string[] = [];
  const words = async (state: string, selector: string): Promise<void> => {
    for (const f of await measureText(page, selector, MIN_FONT_PX))
      findings.push(`${state}: ${f.where} "${f.text}": ${f.problem}`);
  };

  let minutes = 0;
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expect(page.locator('.stage')).toHaveAttribute('data-orientation', size.name);
    for (const lang of LOCALES) {
      // Held: on a slow machine the test's own minutes would otherwise show in the pictures and the count below.
      await advance(host, 15 * MINUTE, true);
      minutes += 15;
      const dialog = page.getByTestId('reality-check');
      await expect(dialog).toBeVisible();
      // Rounds wait while it is open: main refuses the last round's REBET with its own code.
      expect(await host.call('round:rebet', { multiplier: 1 })).toMatchObject({
        ok: false,
        error: { code: 'reality-check-open' },
      });
      await chooseIn(page, 'reality-check', lang);
      // A net loss is a loss, with its minus sign, never a win.
      await expect(dialog.getByTestId('session-net')).toHaveAttribute('data-kind', 'loss');
      await expect(dialog.getByTestId('session-net')).toHaveText(/[-−]\s?\D*5[.,]00|5[.,]00\s?\D*[-−]|[-−]/);
      await expect(dialog.getByTestId('session-total-bet')).toContainText('5');
      await words(`${lang} ${size.name} reality check`, '[data-testid="reality-check"]');
      await expect.soft(page).toHaveScreenshot(`reality-check-${lang}-${size.name}.png`, { timeout: 30_000 });
      await dialog.getByTestId('reality-check-continue').click();
      await expect(dialog).toBeHidden();
    }
  }
  const session = (
    await host.must<{ session: { minutes: number; netMinor: number; realityCheck: unknown } }>('cabinet:snapshot', {})
  ).session;
  expect(session).toMatchObject({ minutes, netMinor: -500, realityCheck: null });

  // The time limit: play stops, the limit screen leaves only the cash-out.
  await advance(host, (1_440 - minutes) * MINUTE, true);
  const limit = page.getByTestId('session-limit');
  await expect(limit).toHaveAttribute('data-limit', 'time');
  const refused = await host.call('round:rebet', { multiplier: 1 });
  expect(refused).toMatchObject({
    ok: false,
    error: { code: 'session-limit', reason: { code: 'session-time-limit-reached' } },
  });
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expect(page.locator('.stage')).toHaveAttribute('data-orientation', size.name);
    for (const lang of LOCALES) {
      await chooseIn(page, 'session-limit', lang);
      await words(`${lang} ${size.name} session limit`, '[data-testid="session-limit"]');
      await expect.soft(page).toHaveScreenshot(`session-limit-${lang}-${size.name}.png`, { timeout: 30_000 });
    }
  }
  await limit.getByTestId('session-limit-cash-out').click();
  await expect(page.getByTestId('handpay-screen')).toBeVisible();
  expect((await host.must<{ session: unknown }>('cabinet:snapshot', {})).session).toBeNull();
  expect(findings, findings.join('\n')).toEqual([]);
});

test('cash out from the reality check collects the credit and ends the session', async ({ page, host }) => {
  await page.goto(host.url);
  await waitForTable(page);
  await insertNote(page, host, 3, 2_000);
  await advance(host, 15 * MINUTE);
  const dialog = page.getByTestId('reality-check');
  await expect(dialog.getByTestId('session-net')).toHaveAttribute('data-kind', 'even');
  await dialog.getByTestId('reality-check-cash-out').click();
  await expect(page.getByTestId('handpay-screen')).toBeVisible();
  const after = await host.must<{ session: unknown; pendingHandpay: { amountMinor: number } | null }>(
    'cabinet:snapshot',
    {},
  );
  expect(after).toMatchObject({ session: null, pendingHandpay: { amountMinor: 2_000 } });
});

test('a technician lowers the time limit mid-session on the config screen: stricter, so it applies at once', async ({
  page,
  host,
}) => {
  test.setTimeout(90_000);
  await page.goto(host.url);
  await waitForTable(page);
  await insertNote(page, host, 3, 2_000);
  await host.must('test:set-pin', { role: 'technician', pin: '246810' });
  await host.must('test:operator-key', { on: true });
  await page.getByTestId('staff-role-technician').click();
  await tapPin(page, '246810');
  await page.getByTestId('staff-nav-config').click();
  await page.getByTestId('staff-config-edit-responsibleGaming.sessionTimeLimitMinutes').click();
  await page.getByTestId('staff-entry-clear').click();
  for (const d of '20') await page.getByTestId(`staff-entry-key-${d}`).click();
  await page.getByTestId('staff-entry-ok').click();
  await page.getByTestId('staff-config-apply').click();
  await page.getByTestId('staff-config-apply-confirm').click();
  await expect(page.getByTestId('staff-done')).toHaveAttribute('data-key', 'config-applied');
  await page.getByTestId('staff-signout').click();
  await host.must('test:operator-key', { on: false });
  await waitForTable(page);
  // The session that was running takes the stricter limit now: 15 minutes bring the check, 20 the limit.
  await advance(host, 15 * MINUTE);
  await page.getByTestId('reality-check').getByTestId('reality-check-continue').click();
  await advance(host, 5 * MINUTE);
  await expect(page.getByTestId('session-limit')).toHaveAttribute('data-limit', 'time');
  const snap = await host.must<{ session: { rules: { timeLimitMinutes: number }; limitReached: string } }>(
    'cabinet:snapshot',
    {},
  );
  expect(snap.session).toMatchObject({ rules: { timeLimitMinutes: 20 }, limitReached: 'time' });
});
