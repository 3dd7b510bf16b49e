/**
 * Nothing a player must read is under 20 px at 1080p (docs/rules.md#spot-names-on-the-table), in every
 * language, landscape 1920×1080 and portrait 1080×1920: the computed font size of every visible piece of
 * player text on the table with chips on it, the meters, the bet controls, the result banner (a Banker win
 * and a Tie), the door-open and RNG lock screens, and the demo table with CASH OUT off. SVG lettering is
 * measured as drawn: its font size times the scale its SVG puts on it, so a chip's value counts at the size
 * a player sees it. Left out: the decorative felt print (it repeats the spots' payouts), the emulator's
 * service panel (a cabinet never shows it) and the bead plate / roads panel (rebuilt on its own).
 * Each state in each language is saved to e2e/artifacts/table-polish/ for a person to look at.
 */
import type { Page, TestInfo } from '@playwright/test';
import path from 'node:path';
import { LOCALES } from '../renderer/src/i18n/index.ts';
import {
  ARTIFACTS,
  bet,
  expect,
  expectMeter,
  insertNote,
  keepShot,
  test,
  venueFile,
  waitForTable,
} from './fixtures.ts';

const MIN_FONT_PX = 20;
const SHOTS = path.join(ARTIFACTS, 'table-polish');

const VIEWPORTS = [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
] as const;

/** Banker 9 against Player 0 (naturals), then a Tie of 8 and 8. */
const BANKER_WIN = ['KH', '9S', 'QD', '10C'];
const TIE = ['8D', '8C', 'JH', 'QS'];

/** The few browser objects the probe touches (the e2e programs compile without the DOM library). */
interface Box {
  readonly width: number;
  readonly height: number;
}
interface ProbeNode {
  readonly nodeType: number;
  readonly textContent: string | null;
}
interface ProbeElement extends ProbeNode {
  readonly tagName: string;
  readonly className: unknown;
  readonly childNodes: ArrayLike<ProbeNode>;
  closest(selector: string): ProbeElement | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): Box;
  checkVisibility(options: { opacityProperty: boolean; visibilityProperty: boolean }): boolean;
  querySelectorAll(selector: string): Iterable<ProbeElement>;
  getScreenCTM?(): { a: number; b: number } | null;
}
interface ProbeGlobals {
  readonly document: { readonly body: ProbeElement };
  getComputedStyle(el: ProbeElement): { fontSize: string };
}

/** Every visible text under 20 px on the page, as "test id tag: "text" N px". */
async function smallText(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ minPx }) => {
      const { document, getComputedStyle } = globalThis as unknown as ProbeGlobals;
      const EXEMPT =
        '[data-testid="felt-print"], [data-testid="service-panel"], [data-testid="service-tab"], [data-testid="roads"], [data-testid="bead-plate"]';
      const out: string[] = [];
      for (const el of document.body.querySelectorAll('*')) {
        if (el.closest(EXEMPT)) continue;
        const own = Array.from(el.childNodes).filter((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '');
        if (own.length === 0) continue;
        if (!el.checkVisibility({ opacityProperty: false, visibilityProperty: true })) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        let px = parseFloat(getComputedStyle(el).fontSize);
        // SVG text: the user-unit size times the scale of the SVG on the screen.
        const svgText = el.closest('svg') !== null ? (el.closest('text') ?? el) : null;
        const ctm = svgText?.getScreenCTM?.();
        if (ctm) px *= Math.hypot(ctm.a, ctm.b);
        if (px < minPx - 0.05) {
          const id = el.closest('[data-testid]')?.getAttribute('data-testid') ?? '(no test id)';
          const text = own.map((n) => n.textContent!.trim()).join(' ');
          out.push(`${id} ${el.tagName.toLowerCase()}: "${text}" ${px.toFixed(1)} px`);
        }
      }
      return out;
    },
    { minPx: MIN_FONT_PX },
  );
}

async function language(page: Page, lang: string): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === lang) return;
  await page.getByTestId('language-switch').click();
  await page.getByTestId(`language-${lang}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await keepShot(page, path.join(SHOTS, `${name}.png`), { animations: 'disabled', attachTo: testInfo });
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;
  test.describe(`legibility ${size}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`no player text under 20 px on the table, results and lock screens, ${viewport.name}`, async ({
      page,
      host,
    }, testInfo) => {
      // Six languages of five states on a shared machine: far longer than one table round.
      test.setTimeout(600_000);
      const findings: string[] = [];
      /** In every language: measure what is on the screen and save it. */
      const everyLanguage = async (state: string): Promise<void> => {
        for (const lang of LOCALES) {
          await language(page, lang);
          for (const f of await smallText(page)) findings.push(`${lang} ${size} ${state}: ${f}`);
          await shoot(page, testInfo, `${state}-${lang}-${size}`);
        }
        await language(page, 'en');
      };

      await page.goto(host.url);
      await waitForTable(page);
      await insertNote(page, host, 5, 10_000);
      await bet(page, 'player', 100, 3);
      await bet(page, 'player', 500, 1);
      await bet(page, 'banker', 100, 12);
      await bet(page, 'tie', 100, 1);
      await expectMeter(page, 'total-bet', 2_100);
      await everyLanguage('bets');

      expect(await host.must<{ armed: string[] }>('test:force-cards', { cards: BANKER_WIN })).toEqual({
        armed: BANKER_WIN,
      });
      await page.getByTestId('btn-deal').click();
      await expect(page.getByTestId('result-banner')).toHaveAttribute('data-winner', 'banker', { timeout: 20_000 });
      await expect(page.getByTestId('card')).toHaveCount(4);
      await everyLanguage('result-banker');

      expect(await host.must<{ armed: string[] }>('test:force-cards', { cards: TIE })).toEqual({ armed: TIE });
      await page.getByTestId('btn-rebet').click();
      await expect(page.getByTestId('result-banner')).toHaveAttribute('data-winner', 'tie', { timeout: 20_000 });
      await expect(page.getByTestId('card')).toHaveCount(4);
      await everyLanguage('result-tie');

      // The door lock in every language: the language is chosen first, since the lock covers its switch.
      for (const lang of LOCALES) {
        await language(page, lang);
        await host.must('test:door', { open: true });
        await expect(page.getByTestId('tilt-screen')).toHaveAttribute('data-kind', 'door-open');
        for (const f of await smallText(page)) findings.push(`${lang} ${size} door lock: ${f}`);
        await shoot(page, testInfo, `tilt-door-${lang}-${size}`);
        await host.must('test:door', { open: false });
        await expect(page.getByTestId('tilt-screen')).toBeHidden();
      }
      await language(page, 'en');
      await host.must('test:rng-unplug');
      await expect(page.getByTestId('tilt-screen')).toHaveAttribute('data-kind', 'rng-fault', { timeout: 20_000 });
      for (const f of await smallText(page)) findings.push(`en ${size} RNG lock: ${f}`);
      await shoot(page, testInfo, `tilt-rng-en-${size}`);
      await host.must('test:rng-replug');
      await expect(page.getByTestId('tilt-screen')).toBeHidden({ timeout: 30_000 });

      expect(findings, findings.join('\n')).toEqual([]);
    });
  });

  test.describe(`legibility of the demo table ${size}`, () => {
    const configFile = venueFile('legibility-demo', { demoMode: true, demoCreditsMinor: 10_000 });
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      venueConfig: configFile,
    });

    test(`CASH OUT's reason in demo mode is readable in every language, ${viewport.name}`, async ({
      kiosk,
    }, testInfo) => {
      const findings: string[] = [];
      await expect(kiosk.getByTestId('cashout-why')).toBeVisible();
      for (const lang of LOCALES) {
        await language(kiosk, lang);
        for (const f of await smallText(kiosk)) findings.push(`${lang} ${size} demo: ${f}`);
        await shoot(kiosk, testInfo, `demo-${lang}-${size}`);
      }
      expect(findings, findings.join('\n')).toEqual([]);
    });
  });
}
