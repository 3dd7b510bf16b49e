/**
 * The player's rules screen tells the rules the cabinet runs (docs/rules.md): the deck count, the Tie ratio
 * and the return to player match main's paytable, and after a technician switches the profile to six decks
 * at Tie 9:1 the same screen says so at once. Every section is saved as a screenshot at 1920×1080 and
 * 1080×1920 in all six languages (e2e/artifacts/rules/), and checked for small print, sideways overflow
 * and a close button in view.
 */
import type { Page } from '@playwright/test';
import path from 'node:path';
import { LOCALES } from '../renderer/src/i18n/index.ts';
import { ARTIFACTS, expect, keepShot, test } from './fixtures.ts';
import type { HostProcess } from './host-process.ts';

type Spot = 'player' | 'banker' | 'tie';
const SPOTS: readonly Spot[] = ['player', 'banker', 'tie'];
interface PaytableLike {
  decks: number;
  spots: Record<Spot, { rtp: number; pays: string }>;
}
const TABS = ['play', 'cards', 'playerDraw', 'bankerDraw', 'payouts', 'returns', 'limits', 'conduct'] as const;
const MIN_FONT_PX = 20;

async function openRules(page: Page): Promise<void> {
  await page.getByTestId('btn-menu').click();
  await page.getByTestId('menu-rules').click();
  await expect(page.getByTestId('rules')).toBeVisible();
}

async function showTab(page: Page, tab: (typeof TABS)[number]): Promise<void> {
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

/** Text in the rules that is smaller than MIN_FONT_PX, or wider than the dialog (sideways scrolling). */
async function readingProblems(page: Page): Promise<string[]> {
  return page.evaluate((minPx) => {
    const g = globalThis as unknown as {
      document: { querySelector(s: string): ProbeEl | null };
      getComputedStyle(e: ProbeEl): { fontSize: string };
    };
    interface ProbeEl {
      readonly scrollWidth: number;
      readonly clientWidth: number;
      readonly childNodes: ArrayLike<{ nodeType: number; textContent: string | null }>;
      querySelectorAll(s: string): Iterable<ProbeEl>;
    }
    const dialog = g.document.querySelector('[data-testid="settings-menu"]');
    if (!dialog) return ['no settings menu'];
    const out: string[] = [];
    const body = dialog.querySelectorAll('.body');
    for (const b of body)
      if (b.scrollWidth > b.clientWidth + 1) out.push(`body scrolls sideways (${b.scrollWidth} > ${b.clientWidth})`);
    for (const el of dialog.querySelectorAll('*')) {
      const text = [...Array.from(el.childNodes)]
        .filter((n) => n.nodeType === 3)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (!text) continue;
      const px = parseFloat(g.getComputedStyle(el).fontSize);
      if (px < minPx) out.push(`"${text.slice(0, 40)}" is ${px}px`);
    }
    return out;
  }, MIN_FONT_PX);
}

const closeButton = (page: Page) => page.getByTestId('settings-menu').locator('button.close');

const VIEWPORTS = [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`rules screenshots ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`every rules section in every language, ${viewport.name}`, async ({ kiosk }) => {
      test.slow();
      const dir = path.join(ARTIFACTS, 'rules');
      const findings: string[] = [];
      for (const lang of LOCALES) {
        await kiosk.getByTestId('btn-menu').click();
        await kiosk.getByTestId(`menu-language-${lang}`).click();
        await expect(kiosk.locator('html')).toHaveAttribute('lang', lang);
        await kiosk.getByTestId('menu-rules').click();
        await expect(kiosk.getByTestId('rules')).toBeVisible();
        for (const tab of TABS) {
          await showTab(kiosk, tab);
          if (tab === 'returns') await expect(kiosk.getByTestId('rules-rtp-tie')).toBeVisible();
          for (const f of await readingProblems(kiosk)) findings.push(`${lang} ${viewport.name} ${tab}: ${f}`);
          // The close button is on screen whole, whatever the section's length.
          await expect(closeButton(kiosk)).toBeInViewport({ ratio: 1 });
          await expect(closeButton(kiosk)).toHaveAccessibleName(/\S/);
          await keepShot(kiosk, path.join(dir, `rules-${lang}-${tab}-${viewport.width}x${viewport.height}.png`), {
            animations: 'disabled',
          });
        }
        await closeButton(kiosk).click();
        await expect(kiosk.getByTestId('settings-menu')).toBeHidden();
      }
      expect(findings, findings.join('\n')).toEqual([]);
    });
  });
}
