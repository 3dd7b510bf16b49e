/**
 * Pictures that are checked, and every screen measured, in one page load per language and size
 * (docs/testing.md#pictures). For each of the six languages at 1920×1080 and 1080×1920 the table is taken
 * through the states a player, an attendant and a technician see. Each picture is compared with its committed
 * baseline in e2e/pictures/ (`npm run pictures:update` writes them anew), and at every state the screen is
 * measured, so a longer word in any language is judged as the locale files say it:
 *  - the layout (docs/rules.md#a-layout-that-cannot-overflow, e2e/layout-probe.js): nothing past the screen's
 *    edge, no text clipped or out of its control, no two controls on the same pixels, none under 48 px, every
 *    chip at rest whole, the chip rail in its place;
 *  - the words (docs/rules.md#spot-names-on-the-table, e2e/text-probes.ts): no clipped text and none under
 *    20 px, the bottom row's labels unbroken, each result title and the Tie spot's last-round tag on one line,
 *    dialogs wholly on the screen, the felt print off the spots in portrait;
 *  - a voided round (docs/rules.md#faults-void-and-refund) with the table's maximum at stake: its notice is one
 *    readable line and moves nothing on the table, and neither does the next deal, sampled on every change.
 * The demo table's CASH OUT reason needs a venue of its own, so it has its own load per size.
 */
import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, messages } from '../renderer/src/i18n/index.ts';
import {
  bet,
  chooseLanguage,
  expect,
  expectMeter,
  insertNote,
  lastRounds,
  test,
  venueFile,
  waitForTable,
} from './fixtures.ts';
import {
  dialogOffScreen,
  MIN_FONT_PX,
  moved,
  printOnSpots,
  sidewaysScroll,
  smallText,
  startDealSampler,
  stopDealSampler,
  tableBoxes,
  textLines,
  measure as measureText,
  wordedAs,
  wrappedButtonLabels,
} from './text-probes.ts';

const PROBE = path.join(import.meta.dirname, 'layout-probe.js');

const SIZES = [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
] as const;

/** Player 2♥ 3♠ 4♣ = 9 against Banker K♣ 6♦ = 6: a round with a third card, so every hand slot is drawn. */
const PLAYER_WINS = ['2H', 'KC', '3S', '6D', '4C'];
/** Banker 9 against Player 0 (naturals), then a Tie of 8 and 8. */
const OTHER_OUTCOMES: readonly { winner: 'banker' | 'tie'; cards: readonly string[] }[] = [
  { winner: 'banker', cards: ['KH', '9S', 'QD', '10C'] },
  { winner: 'tie', cards: ['8D', '8C', 'JH', 'QS'] },
];
const TITLE_KEY = { player: 'playerWins', banker: 'bankerWins', tie: 'tie' } as const;

const RULES_TABS = ['play', 'cards', 'playerDraw', 'bankerDraw', 'payouts', 'returns', 'limits', 'conduct'];

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
/** What e2e/layout-probe.js reports. */
interface Measured {
  findings: string[];
  rail: Box | null;
}

/**
 * The example venue with the acceptor's 500.00 channel (7) taken as well: the voided round stakes the table's
 * maximum with two notes instead of ten.
 */
function venueTakingFiveHundreds(): string {
  const example = JSON.parse(
    readFileSync(path.join(import.meta.dirname, '..', 'docs', 'venue-config.example.json'), 'utf8'),
  ) as { billChannels: unknown[] };
  return venueFile('pictures', {
    billChannels: [...example.billChannels, { channel: 7, valueMinor: 50_000, enabled: true }],
  });
}

/**
 * Taps the chip rail's next arrow and, where the rail can move on, waits for its `scrollend`: the smooth scroll
 * has come to rest. At the end of the rail (portrait shows five of the six chips) the tap moves nothing.
 */
async function railNext(page: Page): Promise<void> {
  interface RailFlag {
    railRested?: boolean;
  }
  interface Track {
    scrollLeft: number;
    scrollWidth: number;
    clientWidth: number;
    addEventListener(type: string, listener: () => void, options: { once: boolean }): void;
  }
  const moves = await page.getByTestId('chip-track').evaluate((el) => {
    const track = el as unknown as Track;
    const g = globalThis as unknown as RailFlag;
    g.railRested = false;
    track.addEventListener('scrollend', () => (g.railRested = true), { once: true });
    return track.scrollLeft < track.scrollWidth - track.clientWidth - 1;
  });
  await page.getByTestId('chip-next').click();
  if (moves) await expect.poll(() => page.evaluate(() => (globalThis as unknown as RailFlag).railRested)).toBe(true);
}

/** The staff menu shows in the language chosen on its own row of buttons. */
async function staffLanguage(page: Page, lang: string): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === lang) return;
  await page.getByTestId(`staff-lang-${lang}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

for (const size of SIZES) {
  const dims = `${size.width}x${size.height}`;
  test.describe(`pictures ${dims}`, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      venueConfig: venueTakingFiveHundreds(),
      // The page's CSP allows no inline style; Playwright puts the pictures' style (e2e/pictures.css) in as one.
      bypassCSP: true,
    });

    for (const lang of LOCALES) {
      test(`every screen as its picture, nothing overflowing, clipped, small or moving: ${lang} ${size.name}`, async ({
        page,
        host,
      }) => {
        // One load walks about twenty states and six rounds, one of them voided: far longer than one round.
        test.setTimeout(300_000);
        const findings: string[] = [];
        const note = (state: string, found: readonly string[]): void => {
          findings.push(...found.map((f) => `${lang} ${size.name}, ${state}: ${f}`));
        };
        let firstRail: { state: string; rail: Box } | null = null;
        /** The layout probe on the screen as it stands now; the chip rail keeps its place whatever is beside it. */
        const layout = async (state: string): Promise<void> => {
          const found = await page.evaluate(() =>
            (globalThis as unknown as { layoutFindings(): Promise<Measured> }).layoutFindings(),
          );
          note(state, found.findings);
          if (found.rail && !firstRail) firstRail = { state, rail: found.rail };
          else if (found.rail && firstRail) {
            const off = Math.max(
              Math.abs(found.rail.left - firstRail.rail.left),
              Math.abs(found.rail.top - firstRail.rail.top),
              Math.abs(found.rail.right - firstRail.rail.right),
            );
            if (off > 1)
              note(state, [`moved: the chip rail is ${Math.round(off)} px off its place in "${firstRail.state}"`]);
          }
        };
        /** Clipped or small text under `root` (the table when null), and what else belongs to that screen. */
        const words = async (state: string, root: string | null): Promise<void> => {
          note(
            state,
            (await measureText(page, root, MIN_FONT_PX)).map((f) => `${f.where} "${f.text}": ${f.problem}`),
          );
          if (root === null) note(state, await wrappedButtonLabels(page));
          if (root === null && size.name === 'portrait') note(state, await printOnSpots(page));
          if (root !== null) note(state, await dialogOffScreen(page, root.replace(/^.*="(.+)"]$/, '$1')));
        };
        const legible = async (state: string): Promise<void> => note(state, await smallText(page));
        const oneLine = async (state: string, selector: string): Promise<void> => {
          const { lines, overflowPx } = await textLines(page, selector);
          if (lines !== 1) note(state, [`${selector}: ${lines} lines`]);
          if (overflowPx > 1) note(state, [`${selector}: ${overflowPx}px wider than its box`]);
        };
        /**
         * The screen (or one part of it) compared with its committed picture; soft, so one changed screen does not
         * hide the rest.
         */
        const picture = async (name: string, mask: string[] = [], part?: Locator): Promise<void> => {
          await expect.soft(part ?? page).toHaveScreenshot(`${name}-${lang}-${size.name}.png`, {
            mask: mask.map((m) => page.locator(m)),
            // A full-page shot takes seconds on a busy machine, and a new one is taken until two in a row agree.
            timeout: 30_000,
          });
        };
        /** A dealt round's title and the Tie spot's last-round tag, each in this language on one line. */
        const resultWords = async (winner: keyof typeof TITLE_KEY): Promise<void> => {
          await expect(page.locator('[data-testid="result-banner"] .title')).toHaveText(
            messages[lang].result[TITLE_KEY[winner]],
          );
          await expect(page.getByTestId('spot-tie-last-round')).toHaveText(messages[lang].table.lastRound);
          await oneLine(`${winner} result`, '[data-testid="result-banner"] .title');
          await oneLine(`${winner} result`, '[data-testid="spot-tie-last-round"]');
          await legible(`${winner} result`);
        };

        await page.addInitScript({ path: PROBE });
        await page.goto(host.url);
        await waitForTable(page);
        await chooseLanguage(page, lang);
        await layout('empty felt');
        await picture('table-empty');

        // At zero credit a tap on the felt brings the banner asking for a note.
        await page.getByTestId('spot-player').click();
        await expect(page.getByTestId('error-banner')).toBeVisible();
        await layout('error banner');

        await insertNote(page, host, 5, 10_000);
        // Two 500.00 notes as well, for the voided round's stake further on.
        for (let i = 0; i < 2; i++) await insertNote(page, host, 7, 50_000);
        await bet(page, 'player', 100, 2);
        await bet(page, 'banker', 500, 1);
        await bet(page, 'tie', 100, 1);
        await expectMeter(page, 'total-bet', 800);
        await layout('bets placed');
        await legible('bets placed');
        await picture('table-chips');
        // Each scroll settles before the next tap: a tap during a running scroll counts from where the window
        // shows, so two quick taps land one or two chips on, and the rail would differ between pictures.
        for (let i = 0; i < 2; i++) await railNext(page);
        await layout('chip rail scrolled');
        await page.getByTestId('chip-eraser').click();
        await layout('eraser on');
        await page.getByTestId('chip-eraser').click();

        expect(await host.must<{ armed: string[] }>('test:force-cards', { cards: PLAYER_WINS })).toEqual({
          armed: PLAYER_WINS,
        });
        await page.getByTestId('btn-deal').click();
        await expect(page.getByTestId('result-banner')).toHaveAttribute('data-winner', 'player', { timeout: 20_000 });
        await expect(page.getByTestId('btn-rebet-x2')).toBeEnabled();
        await expect(page.getByTestId('card')).toHaveCount(PLAYER_WINS.length);
        expect((await lastRounds(host, 1))[0]?.status).toBe('settled');
        await layout('after the round');
        await words('table (result)', null);
        await resultWords('player');
        await picture('result');

        // Between rounds: the last round's layout on the felt and the bead plate beside it.
        await page.getByTestId('btn-new-bet').click();
        await bet(page, 'banker', 100, 1);
        await expect(page.getByTestId('rebet-blocked')).toBeVisible();
        await expect(page.getByTestId('bead-plate')).toBeVisible();
        await layout('rebet blocked');
        await words('table', null);

        await page.getByTestId('btn-menu').click();
        await expect(page.getByTestId('settings-menu')).toBeVisible();
        await layout('settings menu');
        await words('settings menu', '[data-testid="settings-menu"]');
        // Every row of the menu on the screen without scrolling, the language row (the last) included.
        for (const l of LOCALES) await expect.soft(page.getByTestId(`menu-language-${l}`)).toBeInViewport({ ratio: 1 });
        await page.getByTestId('menu-paytable').click();
        await expect(page.getByTestId('paytable')).toBeVisible();
        await words('paytable', '[data-testid="settings-menu"]');
        await page.getByTestId('menu-back').click();
        // The longest view of the menu: the rules page scrolls inside the panel, its close button in sight.
        await page.getByTestId('menu-rules').click();
        await expect(page.getByTestId('rules')).toBeVisible();
        for (const tab of RULES_TABS) {
          await page.getByTestId(`rules-tab-${tab}`).click();
          await expect(page.getByTestId(`rules-panel-${tab}`)).toBeVisible();
          if (tab === 'returns') await expect(page.getByTestId('rules-rtp-tie')).toBeVisible();
          await layout(`rules ${tab}`);
          // Every section readable, nothing cut off or scrolling sideways, the close button whole and named.
          await words(`rules ${tab}`, '[data-testid="settings-menu"]');
          note(`rules ${tab}`, await sidewaysScroll(page, 'settings-menu'));
          await expect.soft(page.getByTestId('settings-menu').locator('button.close')).toHaveAccessibleName(/\S/);
          if (tab === 'play') await picture('rules');
        }
        await page.getByTestId('menu-back').click();
        await page.getByTestId('menu-history').click();
        await expect(page.getByTestId('history')).toBeVisible();
        await layout('history');
        // The time of day a round was played is the one thing on the screen that differs between runs.
        await picture('history', ['[data-testid="history"] .time']);
        for (let i = 0; i < 3 && (await page.getByTestId('settings-menu').isVisible()); i++) {
          await page.getByTestId('menu-back').click();
        }
        await expect(page.getByTestId('settings-menu')).toBeHidden();

        await page.getByTestId('btn-cashout').click();
        await expect(page.getByTestId('cashout-dialog')).toBeVisible();
        await words('cash-out dialog', '[data-testid="cashout-dialog"]');
        await page.getByTestId('cashout-cancel').click();
        await expect(page.getByTestId('cashout-dialog')).toBeHidden();
        await page.getByTestId('btn-clear').click();

        // A Banker win and a Tie with a bet on every spot: each title shows, every spot carries its tag.
        for (const { winner, cards } of OTHER_OUTCOMES) {
          for (const spot of ['player', 'banker', 'tie'] as const) await bet(page, spot, 100);
          expect(await host.must<{ armed: string[] }>('test:force-cards', { cards })).toEqual({ armed: cards });
          await page.getByTestId('btn-deal').click();
          await expect(page.getByTestId('result-banner')).toHaveAttribute('data-winner', winner, { timeout: 20_000 });
          await expect(page.getByTestId('card')).toHaveCount(cards.length);
          await resultWords(winner);
          await page.getByTestId('btn-new-bet').click();
        }
        // Between rounds the roads panel shares the portrait hands' row with both hands and the felt print.
        await expect(page.getByTestId('roads-panel')).toBeVisible();
        await expect(page.getByTestId('bead')).toHaveCount(3);
        if (size.name === 'portrait') note('between rounds, roads shown', await printOnSpots(page));
        await picture('roads', [], page.getByTestId('roads-panel'));

        // A voided round with the table's maximum (docs/venue-config.example.json) at stake: the widest refund.
        await bet(page, 'player', 10_000, 5);
        await bet(page, 'banker', 10_000, 4);
        await bet(page, 'tie', 10_000, 1);
        await expectMeter(page, 'total-bet', 100_000);
        await host.must('test:rng-unplug', { duringNextDeal: true });
        await page.getByTestId('btn-deal').click();
        await expect(page.getByTestId('void-screen')).toBeVisible({ timeout: 20_000 });
        expect((await lastRounds(host, 1))[0]).toMatchObject({ status: 'voided', refundedMinor: 100_000 });
        await page.getByTestId('void-ok').click();
        await expect(page.getByTestId('tilt-screen')).toHaveAttribute('data-kind', 'rng-fault');
        await legible('RNG lock');
        await host.must('test:rng-replug');
        await expect(page.getByTestId('tilt-screen')).toBeHidden({ timeout: 60_000 });
        const notice = page.getByTestId('last-void');
        await expect(notice).toHaveAttribute('data-minor', '100000');
        await expect(page.getByTestId('roads-panel')).toBeVisible();
        await expect(notice).toHaveText(wordedAs(messages[lang].tableFlow.lastVoid));
        await oneLine('void notice', '[data-testid="last-void"]');
        await words('void notice', null);
        const withNotice = await tableBoxes(page);
        // The first chip of the next layout takes the notice away and the hint is back: the same table.
        await bet(page, 'banker', 100);
        await expect(notice).toHaveCount(0);
        await expect(page.locator('.hands > .centre > .hint')).toHaveText(messages[lang].table.placeBets);
        const betweenRounds = await tableBoxes(page);
        note('void notice instead of the hint', moved(betweenRounds, withNotice));

        // While dealing (a Player third card: the fullest hands), sampled on every change of the page.
        await page.getByTestId('btn-clear').click();
        await bet(page, 'player', 100);
        await expectMeter(page, 'total-bet', 100);
        expect(await host.must<{ armed: string[] }>('test:force-cards', { cards: PLAYER_WINS })).toEqual({
          armed: PLAYER_WINS,
        });
        await startDealSampler(page, messages[lang].table.dealing);
        await page.getByTestId('btn-deal').click();
        await expect(page.getByTestId('result-banner')).toHaveAttribute('data-winner', 'player', { timeout: 20_000 });
        const samples = (await stopDealSampler(page)).filter((x) => x.dealing && x.cards > 0);
        // Every card was seen arriving while the dealing hint showed, or the check below would be empty.
        expect(new Set(samples.map((x) => x.cards)), `${lang} ${size.name}: cards seen while dealing`).toEqual(
          new Set([1, 2, 3, 4, 5]),
        );
        for (const x of samples) {
          note(`dealing, ${x.cards} cards`, moved(betweenRounds, x.boxes));
          if (size.name === 'portrait') note(`dealing, ${x.cards} cards`, x.printOnSpots);
        }
        await page.getByTestId('btn-new-bet').click();

        // A lock screen: the door opened.
        await host.must('test:door', { open: true });
        await expect(page.getByTestId('tilt-screen')).toHaveAttribute('data-kind', 'door-open');
        await legible('door lock');
        await picture('lock-door');
        await host.must('test:door', { open: false });
        await expect(page.getByTestId('tilt-screen')).toBeHidden();

        // The staff menu, as the operator key opens it: the choice of role.
        await host.must('test:operator-key', { on: true });
        await expect(page.getByTestId('staff-signin')).toBeVisible();
        await staffLanguage(page, lang);
        await picture('staff-menu');
        await host.must('test:operator-key', { on: false });
        await expect(page.getByTestId('staff-menu')).toBeHidden();

        expect([...new Set(findings)], [...new Set(findings)].join('\n')).toEqual([]);
      });
    }
  });

  test.describe(`the demo table ${dims}`, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      venueConfig: venueFile('pictures-demo', { demoMode: true, demoCreditsMinor: 10_000 }),
    });

    test(`CASH OUT's reason in demo mode is readable in every language, ${size.name}`, async ({ kiosk }) => {
      const findings: string[] = [];
      await expect(kiosk.getByTestId('cashout-why')).toBeVisible();
      for (const lang of LOCALES) {
        await chooseLanguage(kiosk, lang);
        for (const f of await smallText(kiosk)) findings.push(`${lang} ${dims} demo: ${f}`);
      }
      expect(findings, findings.join('\n')).toEqual([]);
    });
  });
}
