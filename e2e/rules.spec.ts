/**
 * The player's rules screen tells the rules the cabinet runs (docs/rules.md): the deck count, the Tie ratio
 * and the return to player match main's paytable, and after a technician switches the profile to six decks
 * at Tie 9:1 the same screen says so at once. Every section in every language and size is measured for small
 * print, clipping, sideways overflow and a close button in view in the pictures' page loads (e2e/pictures.spec.ts).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type { HostProcess } from './host-process.ts';

type Spot = 'player' | 'banker' | 'tie';
const SPOTS: readonly Spot[] = ['player', 'banker', 'tie'];
interface PaytableLike {
  decks: number;
  spots: Record<Spot, { rtp: number; pays: string }>;
}
type Tab = 'play' | 'cards' | 'playerDraw' | 'bankerDraw' | 'payouts' | 'returns' | 'limits' | 'conduct';

async function openRules(page: Page): Promise<void> {
  await page.getByTestId('btn-menu').click();
  await page.getByTestId('menu-rules').click();
  await expect(page.getByTestId('rules')).toBeVisible();
}

async function showTab(page: Page, tab: Tab): Promise<void> {
  await page.getByTestId(`rules-tab-${tab}`).click();
  await expect(page.getByTestId(`rules-panel-${tab}`)).toBeVisible();
}

/** The rules screen agrees with a paytable main answered: decks, Tie ratio, each spot's return (English). */
async function expectRulesOf(page: Page, paytable: PaytableLike): Promise<void> {
  await showTab(page, 'cards');
  await expect(page.getByTestId('rules-decks')).toHaveAttribute('data-decks', String(paytable.decks));
  await expect(page.getByTestId('rules-decks')).toContainText(`Decks in the shoe: ${paytable.decks},`);
  await showTab(page, 'payouts');
  await expect(page.getByTestId('rules-ratio-tie')).toHaveText(paytable.spots.tie.pays);
  await showTab(page, 'returns');
  await expect(page.getByTestId('rules-returns-profile')).toContainText(
    `Decks: ${paytable.decks} · Tie pays ${paytable.spots.tie.pays}`,
  );
  for (const spot of SPOTS) {
    await expect(page.getByTestId(`rules-rtp-${spot}`)).toHaveText(`${(paytable.spots[spot].rtp * 100).toFixed(2)}%`);
  }
}

async function signInTechnician(host: HostProcess): Promise<void> {
  await host.must('test:operator-key', { on: true });
  await host.must('test:set-pin', { role: 'technician', pin: '2468' });
  await host.must('staff:sign-in', { role: 'technician', pin: '2468' });
}

test('the rules screen shows the running profile, and a switch to six decks at Tie 9:1 at once', async ({
  kiosk,
  host,
}) => {
  const before = await host.must<PaytableLike>('paytable:get', {});
  expect(before.decks).toBe(8);
  await openRules(kiosk);
  await expectRulesOf(kiosk, before);
  // The default venue: a Banker win on €1.10 is worth €1.045 and pays €1.04, so €2.14 comes back.
  await showTab(kiosk, 'payouts');
  await expect(kiosk.getByTestId('rules-banker-example').locator('li[data-stake="110"]')).toHaveText(
    'Stake €1.10: the winnings come to €1.045, paid as €1.04, so you get back €2.14.',
  );

  await signInTechnician(host);
  const { config } = await host.must<{ config: Record<string, unknown> }>('tech:config:get', {});
  await host.must('tech:config:apply', {
    config: {
      ...config,
      profile: { id: 'six-deck-tie-9-to-1', decks: 6, tiePays: 9, bankerCommissionPercent: 5 },
      playerInactivityS: 90,
    },
  });
  await host.must('test:operator-key', { on: false });
  const after = await host.must<PaytableLike>('paytable:get', {});
  expect(after.decks).toBe(6);
  expect(after.spots.tie.pays).toBe('9:1');
  for (const spot of SPOTS) expect(after.spots[spot].rtp).not.toBe(before.spots[spot].rtp);

  if (!(await kiosk.getByTestId('rules').isVisible())) await openRules(kiosk);
  await expectRulesOf(kiosk, after);
  await expect(kiosk.getByTestId('rules-rtp-tie')).not.toHaveText(`${(before.spots.tie.rtp * 100).toFixed(2)}%`);
  await showTab(kiosk, 'cards');
  await expect(kiosk.getByTestId('rules-decks')).toContainText('Decks in the shoe: 6, 312 cards in all.');
  // The venue's idle time and limits come from the same config.
  await showTab(kiosk, 'conduct');
  await expect(kiosk.getByTestId('rules-inactivity')).toContainText('for 90\u00a0seconds');
  const limits = (config['limits'] as { spots: Record<Spot, { minMinor: number; maxMinor: number }> }).spots;
  await showTab(kiosk, 'limits');
  for (const spot of SPOTS) {
    const cells = kiosk.getByTestId(`rules-limit-${spot}`).locator('td');
    await expect(cells.nth(0)).toHaveAttribute('data-minor', String(limits[spot].minMinor));
    await expect(cells.nth(1)).toHaveAttribute('data-minor', String(limits[spot].maxMinor));
  }
});
