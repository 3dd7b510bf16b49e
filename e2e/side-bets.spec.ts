/**
 * Side bets through the browser host and the real cabinet (docs/rules.md#side-bets,
 * docs/cabinet-rules.md#side-bets-at-the-cabinet), at an EZ table that offers six of them. One page load per
 * size: a Dragon 7 bet laid by touch wins 40:1 on forced cards while the EZ Banker pushes, the side spot
 * glows, and the felt with its side-bet row and the paytable with each bet's exact return are measured and
 * pictured in all six languages. The landscape load
 * then finds the bet in the player's history, in the technician's recall and on the side-bet meter, and on the
 * config screen the draft's exact returns follow a side bet switched off and another switched on.
 */
import path from 'node:path';
import { LOCALES, messages } from '../renderer/src/i18n/index.ts';
import { chooseLanguage, expect, expectMeter, insertNote, test, venueFile, waitForTable } from './fixtures.ts';
import { MIN_FONT_PX, measure as measureText } from './text-probes.ts';

const PROBE = path.join(import.meta.dirname, 'layout-probe.js');
const SIZES = [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
] as const;

const sideLimit = { minMinor: 100, maxMinor: 5_000 };
const OFFERED = ['player-pair', 'banker-pair', 'perfect-pair', 'lucky-6', 'dragon-7', 'panda-8'] as const;

/** Player 3♠ 3♥ = 6 stands; Banker K♦ 3♣ = 3 draws 4♠: Banker wins with a three-card 7 (the Dragon 7). */
const DRAGON_SEVEN = ['3S', 'KD', '3H', '3C', '4S'];

for (const size of SIZES) {
  test.describe(`side bets ${size.name}`, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      venueConfig: venueFile('side-bets', {
        profile: { id: 'ez-side-bets', decks: 8, tiePays: 8, bankerCommissionPercent: 5, variant: 'ez' },
        limits: {
          spots: {
            player: { minMinor: 100, maxMinor: 50_000 },
            banker: { minMinor: 100, maxMinor: 50_000 },
            tie: { minMinor: 100, maxMinor: 10_000 },
          },
          sideBets: Object.fromEntries(OFFERED.map((bet) => [bet, sideLimit])),
          tableMaxMinor: 100_000,
          chipDenominationsMinor: [10, 50, 100, 500, 2_500, 10_000],
          creditLimitMinor: 200_000,
          maxWinPerRoundMinor: 500_000,
        },
      }),
      bypassCSP: true,
    });

    test(`a Dragon 7 laid by touch wins 40:1, shown on the felt, in history, recall and meters (${size.name})`, async ({
      page,
      host,
    }) => {
      test.setTimeout(240_000);
      await page.addInitScript({ path: PROBE });
      await page.goto(host.url);
      await waitForTable(page);
      for (const bet of OFFERED) await expect(page.getByTestId(`spot-${bet}`)).toBeVisible();

      const credit = await insertNote(page, host, 3, 2_000);
      await host.must('test:force-cards', { cards: DRAGON_SEVEN });
      await page.getByTestId('chip-100').click();
      await page.getByTestId('spot-banker').click();
      await page.getByTestId('spot-dragon-7').click();
      await expect(page.getByTestId('spot-dragon-7-amount')).toHaveText(/1[.,]00/);
      // A touch target the house allows: at least 60 CSS px tall on the 1920×1080 or 1080×1920 stage.
      const box = (await page.getByTestId('spot-dragon-7').boundingBox())!;
      expect(box.height * (size.width === 1920 ? 1080 / size.height : 1920 / size.height)).toBeGreaterThanOrEqual(60);

      await page.getByTestId('btn-deal').click();
      await expect(page.getByTestId('result-banner')).toHaveAttribute('data-winner', 'banker', { timeout: 20_000 });
      await expect(page.getByTestId('spot-dragon-7')).toHaveClass(/won/);
      // Banker pushes (1.00 back), Dragon 7 returns 41.00: 20.00 − 2.00 + 42.00.
      await expectMeter(page, 'credit-meter', credit - 200 + 100 + 4_100);

      const findings: string[] = [];
      for (const lang of LOCALES) {
        await chooseLanguage(page, lang);
        const layout = await page.evaluate(() =>
          (globalThis as unknown as { layoutFindings(): Promise<{ findings: string[] }> }).layoutFindings(),
        );
        findings.push(...layout.findings.map((f) => `${lang}: ${f}`));
        const words = await measureText(page, '[data-testid="side-bets"]', MIN_FONT_PX);
        findings.push(...words.map((f) => `${lang}: ${f.where} "${f.text}": ${f.problem}`));
        await expect.soft(page).toHaveScreenshot(`side-bets-felt-${lang}-${size.name}.png`, { timeout: 30_000 });
        // The paytable: every offered side bet with its pays and its exact return, as main computed it.
        await page.getByTestId('btn-menu').click();
        await page.getByTestId('menu-paytable').click();
        await expect(page.getByTestId('paytable')).toBeVisible();
        for (const bet of OFFERED) await expect(page.getByTestId(`rtp-${bet}`)).toHaveText(/^\d+[.,]\d\d\s?%$/);
        const menuWords = await measureText(page, '[data-testid="settings-menu"]', MIN_FONT_PX);
        findings.push(...menuWords.map((f) => `${lang} paytable: ${f.where} "${f.text}": ${f.problem}`));
        await expect.soft(page).toHaveScreenshot(`side-bets-paytable-${lang}-${size.name}.png`, { timeout: 30_000 });
        await page.getByTestId('menu-back').click();
        await page.getByTestId('menu-back').click();
        await expect(page.getByTestId('settings-menu')).toBeHidden();
      }
      expect(findings).toEqual([]);
      await chooseLanguage(page, 'en');

      if (size.name !== 'landscape') return;
      // The Dragon 7's exact return on the paytable is main's figure for this venue's rules.
      const paytable = await host.must<{ sideBets: Record<string, { rtp: number }> }>('paytable:get', {});
      await page.getByTestId('btn-menu').click();
      await page.getByTestId('menu-paytable').click();
      await expect(page.getByTestId('rtp-dragon-7')).toHaveText(
        `${(paytable.sideBets['dragon-7']!.rtp * 100).toFixed(2)}%`,
      );
      await page.getByTestId('menu-back').click();
      // The rules' payouts say how an EZ Banker win pays, never the commission's words or its worked example.
      await page.getByTestId('menu-rules').click();
      await page.getByTestId('rules-tab-payouts').click();
      await expect(page.getByTestId('rules-variant-note')).toHaveText(messages.en.sideBets.variantNote.ez);
      await expect(page.getByTestId('rules-banker-example')).toHaveCount(0);
      await page.getByTestId('menu-back').click();
      await page.getByTestId('menu-back').click();

      // The player's history: the round's Dragon 7 line with what it paid.
      await page.getByTestId('btn-menu').click();
      await page.getByTestId('menu-history').click();
      await expect(page.getByTestId('history')).toBeVisible();
      await expect(page.locator('[data-testid="history-staked"] [data-spot="dragon-7"]').first()).toHaveAttribute(
        'data-minor',
        '100',
      );
      await page.keyboard.press('Escape');

      // The technician's recall and the side bet's meters.
      await host.must('test:operator-key', { on: true });
      await host.must('test:set-pin', { role: 'technician', pin: '246810' });
      await page.getByTestId('staff-role-technician').click();
      for (const d of '246810') await page.getByTestId(`staff-key-${d}`).click();
      await page.getByTestId('staff-key-ok').click();
      await expect(page.getByTestId('staff-role')).toHaveAttribute('data-role', 'technician');
      const [round] = await host.must<Array<{ roundId: number }>>('tech:recall', { limit: 1 });
      await page.getByTestId('staff-nav-recall').click();
      await page.getByTestId(`staff-recall-row-${round!.roundId}`).click();
      await expect(page.getByTestId('staff-recall-spot-dragon-7')).toContainText('41.00');
      await page.getByTestId('staff-nav-meters').click();
      await expect(page.getByTestId('staff-meter-spot-dragon-7')).toContainText('41.00');

      // The config screen: each offered bet's exact return for the draft, before anything is applied.
      await page.getByTestId('staff-nav-config').click();
      await expect(page.getByTestId('staff-config-rtp-dragon-7')).toContainText(
        `${(paytable.sideBets['dragon-7']!.rtp * 100).toFixed(2)}%`,
      );
      await page.getByTestId('staff-config-edit-limits.sideBets.dragon-7').click();
      await expect(page.getByTestId('staff-config-rtp-dragon-7')).toHaveCount(0);
      await page.getByTestId('staff-config-edit-limits.sideBets.either-pair').click();
      await expect(page.getByTestId('staff-config-rtp-either-pair')).toBeVisible();
    });
  });
}
