/**
 * No clipped words and no small print, in every language and at both screen sizes
 * (docs/rules.md#spot-names-on-the-table). For each of the six languages, landscape 1920×1080 and
 * portrait 1080×1920, every visible piece of text on the table (during a result and between rounds,
 * bead plate included), the settings menu, the paytable and the cash-out dialog is measured against its
 * box: text wider than its box (scrollWidth > clientWidth), or a text range reaching outside its box or
 * outside a clipping ancestor, fails with the language, size, test id and text. Text a player must read
 * is at least 20 px; the only exceptions are SVG lettering (the chip faces and the decorative felt
 * print, which repeats the spots' payouts) and the emulator's service panel, which a cabinet never shows.
 * The table in each language is also saved as a screenshot in /tmp/words-shots/ for a person to look at.
 * A second test deals one round of each outcome and counts line boxes: every result banner's title and the
 * Tie spot's last-round tag stay on one line in every language, and between rounds, with the roads panel in
 * the portrait hands' row, the felt print's arc stays off the spots.
 * A third test voids a round (the RNG pulled mid-round, docs/rules.md#faults-void-and-refund) with the
 * table's maximum at stake: the notice that then takes the hint's place is one line of readable text in
 * every language and moves nothing on the table, and while cards arrive (sampled on every change of the
 * page, roads shown) nothing moves either and, in portrait, the felt print stays off the spots.
 * The file is long because its in-page probes are typed here (the e2e programs have no DOM library) and
 * the three tests share them.
 */
import type { Page } from '@playwright/test';
import { LOCALES, messages } from '../renderer/src/i18n/index.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  bet,
  expect,
  expectMeter,
  insertNote,
  keepShot,
  lastRounds,
  test,
  venueFile,
  waitForTable,
} from './fixtures.ts';

const SHOTS = '/tmp/words-shots';
const MIN_FONT_PX = 20;

const VIEWPORTS = [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
] as const;

/** Player 2♥ 3♠ = 5 draws 4♣ = 9; Banker K♣ 6♦ = 6 stands: a Player win with a third card on the felt. */
const PLAYER_WIN = ['2H', 'KC', '3S', '6D', '4C'];

/** One round of each outcome, cards in deal order (P1, B1, P2, B2, then third cards). */
const EACH_OUTCOME = {
  player: PLAYER_WIN,
  // Player K♥ Q♦ = 0, Banker 9♠ 10♣ = 9: a natural, Banker wins.
  banker: ['KH', '9S', 'QD', '10C'],
  // Player 8♦ J♥ = 8, Banker 8♣ Q♠ = 8: naturals, a Tie.
  tie: ['8D', '8C', 'JH', 'QS'],
};
const TITLE_KEY = { player: 'playerWins', banker: 'bankerWins', tie: 'tie' } as const;

/**
 * The example venue with the acceptor's 500.00 channel (7) taken as well: the void test stakes the table maximum
 * with two notes instead of ten, each of which takes about 2 s through the acceptor's own timed path.
 */
function venueTakingFiveHundreds(): string {
  const example = JSON.parse(
    readFileSync(path.join(import.meta.dirname, '..', 'docs', 'venue-config.example.json'), 'utf8'),
  ) as { billChannels: unknown[] };
  return venueFile('labels-void', {
    billChannels: [...example.billChannels, { channel: 7, valueMinor: 50_000, enabled: true }],
  });
}

/**
 * The few browser APIs the probe uses, typed here because the e2e programs compile without the DOM
 * library (the probe runs in the page, where these are the real objects).
 */
interface Box {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
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
  readonly parentElement: ProbeElement | null;
  readonly clientWidth: number;
  readonly scrollWidth: number;
  closest(selector: string): ProbeElement | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): Box;
  checkVisibility(options: { opacityProperty: boolean; visibilityProperty: boolean }): boolean;
  querySelectorAll(selector: string): Iterable<ProbeElement>;
}
interface ProbeGlobals {
  readonly document: {
    readonly body: ProbeElement;
    readonly documentElement: ProbeElement;
    querySelector(selector: string): ProbeElement | null;
    createRange(): {
      setStartBefore(n: ProbeNode): void;
      setEndAfter(n: ProbeNode): void;
      getBoundingClientRect(): Box;
    };
  };
  getComputedStyle(el: ProbeElement): {
    display: string;
    overflowX: string;
    overflowY: string;
    fontSize: string;
    transform: string;
  };
}
const TEXT_NODE = 3;

interface Finding {
  readonly where: string;
  readonly text: string;
  readonly problem: string;
}

/**
 * Every visible element with its own text under `rootSelector` (the whole page when null, dialogs
 * excluded), checked in the page. Returns one finding per clipped or too-small text.
 */
async function measure(page: Page, rootSelector: string | null, minFontPx: number): Promise<Finding[]> {
  return page.evaluate(
    ({ rootSelector, minFontPx, TEXT_NODE }) => {
      const { document, getComputedStyle } = globalThis as unknown as ProbeGlobals;
      const root = rootSelector ? document.querySelector(rootSelector) : document.body;
      if (!root) return [{ where: String(rootSelector), text: '', problem: 'not on the screen' }];
      const out: { where: string; text: string; problem: string }[] = [];
      const exempt = (el: ProbeElement): boolean =>
        el.closest('svg') !== null ||
        el.closest('[data-testid="service-panel"]') !== null ||
        (rootSelector === null && el.closest('dialog, [role="dialog"]') !== null);
      const where = (el: ProbeElement): string => {
        const owner = el.closest('[data-testid]');
        const id = owner?.getAttribute('data-testid') ?? '(no test id)';
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : '';
        return `${id} ${el.tagName.toLowerCase()}${cls}`;
      };
      /** The element whose box the text must stay in: the nearest ancestor that is not inline. */
      const boxOf = (el: ProbeElement): ProbeElement => {
        let b: ProbeElement | null = el;
        while (b && getComputedStyle(b).display.startsWith('inline') && !getComputedStyle(b).display.includes('-'))
          b = b.parentElement;
        return b ?? el;
      };
      /** Ancestors that cut off what overflows them; a scroller (the chip carousel) only hides what it scrolls to. */
      const clippers = (el: ProbeElement): ProbeElement[] => {
        const list: ProbeElement[] = [];
        const cuts = (v: string): boolean => v === 'hidden' || v === 'clip';
        for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
          const s = getComputedStyle(a);
          if (s.overflowX === 'auto' || s.overflowX === 'scroll' || s.overflowY === 'auto' || s.overflowY === 'scroll')
            break;
          if (cuts(s.overflowX) || cuts(s.overflowY)) list.push(a);
        }
        return list;
      };
      /** Rotated by itself or an ancestor: a transform matrix with a shear or rotation part. */
      const turned = (el: ProbeElement): boolean => {
        for (let a: ProbeElement | null = el; a; a = a.parentElement) {
          const m = /^matrix\(([^)]+)\)$/.exec(getComputedStyle(a).transform);
          const [, b, c] = (m?.[1] ?? '1, 0, 0, 1').split(',').map(Number);
          if (Math.abs(b ?? 0) > 1e-6 || Math.abs(c ?? 0) > 1e-6) return true;
        }
        return false;
      };
      const TOL = 1.5;
      for (const el of root.querySelectorAll('*')) {
        if (exempt(el)) continue;
        const own = Array.from(el.childNodes).filter(
          (n) => n.nodeType === TEXT_NODE && (n.textContent ?? '').trim() !== '',
        );
        if (own.length === 0) continue;
        if (!el.checkVisibility({ opacityProperty: false, visibilityProperty: true })) continue;
        const text = own
          .map((n) => n.textContent!.trim())
          .join(' ')
          .replace(/\s+/g, ' ');
        const range = document.createRange();
        range.setStartBefore(own[0]!);
        range.setEndAfter(own[own.length - 1]!);
        const r = range.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        const px = parseFloat(getComputedStyle(el).fontSize);
        if (px < minFontPx - 0.01) out.push({ where: where(el), text, problem: `${px}px text, under ${minFontPx}px` });
        // A turned element (a third card lies sideways) has no upright box to compare its text with.
        if (turned(el)) continue;
        const box = boxOf(el);
        const b = box.getBoundingClientRect();
        const problems: string[] = [];
        if (box.clientWidth > 0 && box.scrollWidth > box.clientWidth + 1)
          problems.push(`text ${box.scrollWidth}px wide in a ${box.clientWidth}px box`);
        // Glyph boxes are taller than a tight line-height, so only a clipping ancestor judges the height.
        const vTol = Math.max(TOL, parseFloat(getComputedStyle(el).fontSize) * 0.3);
        if (r.left < b.left - TOL || r.right > b.right + TOL)
          problems.push(
            `text at x ${Math.round(r.left)}–${Math.round(r.right)} outside its box x ${Math.round(b.left)}–${Math.round(b.right)}`,
          );
        for (const c of clippers(box)) {
          const cr = c.getBoundingClientRect();
          if (
            r.left < cr.left - TOL ||
            r.right > cr.right + TOL ||
            r.top < cr.top - vTol ||
            r.bottom > cr.bottom + vTol
          )
            problems.push(`cut off by ${where(c)}`);
        }
        for (const problem of problems) out.push({ where: where(el), text, problem });
      }
      return out;
    },
    { rootSelector, minFontPx, TEXT_NODE },
  );
}

/** The page objects the layout probes below touch (no DOM library in the e2e programs). */
interface LayoutElement {
  readonly childNodes: ArrayLike<ProbeNode>;
  closest(selector: string): LayoutElement | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): Box;
  checkVisibility(options: { opacityProperty: boolean; visibilityProperty: boolean }): boolean;
  querySelectorAll(selector: string): Iterable<LayoutElement>;
}
interface LayoutGlobals {
  readonly innerWidth: number;
  readonly innerHeight: number;
  readonly document: {
    querySelector(selector: string): LayoutElement | null;
    querySelectorAll(selector: string): Iterable<LayoutElement>;
    createRange(): { selectNodeContents(n: ProbeNode): void; getClientRects(): ArrayLike<Box> };
  };
}

/**
 * Every label of the bottom row's buttons (CASH OUT, UNDO, CLEAR, NEW BET, REBET, REBET ×2, DEAL and its
 * "same bets" line) that breaks badly: a one-word label on two lines (a word broken), or any label on more than two.
 * A name of two words may break between them, inside its button, where its track has no room for one line (the
 * Czech rule sheet's "Odstranit sázky", docs/rules.md#a-layout-that-cannot-overflow); each text node's line boxes
 * are counted by their tops.
 */
async function wrappedButtonLabels(page: Page): Promise<string[]> {
  return page.evaluate((TEXT_NODE) => {
    const { document } = globalThis as unknown as LayoutGlobals;
    const out: string[] = [];
    for (const button of document.querySelectorAll('.bottom button')) {
      if (!button.checkVisibility({ opacityProperty: false, visibilityProperty: true })) continue;
      const nodes: ProbeNode[] = [];
      const walk = (el: LayoutElement): void => {
        for (const n of Array.from(el.childNodes)) {
          if (n.nodeType === TEXT_NODE && (n.textContent ?? '').trim() !== '') nodes.push(n);
          else if (n.nodeType === 1) walk(n as unknown as LayoutElement);
        }
      };
      walk(button);
      for (const n of nodes) {
        const range = document.createRange();
        range.selectNodeContents(n);
        const tops = new Set<number>();
        for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.add(Math.round(r.top / 4));
        const words = (n.textContent ?? '').trim().split(/\s+/).length;
        if (tops.size > Math.min(2, words))
          out.push(`${button.getAttribute('data-testid')} "${(n.textContent ?? '').trim()}": ${tops.size} lines`);
      }
    }
    return out;
  }, TEXT_NODE);
}

/** Where the felt print's drawn arc or lettering overlaps a betting spot (portrait keeps them apart). */
async function printOnSpots(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as LayoutGlobals;
    const out: string[] = [];
    const spots = ['player', 'tie', 'banker'].map((s) => ({
      s,
      box: document.querySelector(`[data-testid="spot-${s}"]`)?.getBoundingClientRect(),
    }));
    for (const part of document.querySelectorAll('[data-testid="felt-print"] path, [data-testid="felt-print"] text')) {
      const p = part.getBoundingClientRect();
      for (const { s, box } of spots) {
        if (!box) continue;
        const overlap = p.left < box.right && p.right > box.left && p.top < box.bottom && p.bottom > box.top;
        if (overlap)
          out.push(
            `felt print ${Math.round(p.top)}–${Math.round(p.bottom)} over spot-${s} from y ${Math.round(box.top)}`,
          );
      }
    }
    return out;
  });
}

/**
 * How `selector`'s text lies: the number of line boxes its text nodes make (counted by their tops), and
 * whether it is wider than its own box (a line kept whole by nowrap can still run out of the box).
 */
async function textLines(page: Page, selector: string): Promise<{ lines: number; overflowPx: number }> {
  return page.locator(selector).evaluate((el, TEXT_NODE) => {
    const { document } = globalThis as unknown as LayoutGlobals;
    const box = el as unknown as LayoutElement & { scrollWidth: number; clientWidth: number };
    const tops = new Set<number>();
    for (const n of Array.from(box.childNodes)) {
      if (n.nodeType !== TEXT_NODE || (n.textContent ?? '').trim() === '') continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.add(Math.round(r.top / 4));
    }
    return { lines: tops.size, overflowPx: Math.max(0, box.scrollWidth - box.clientWidth) };
  }, TEXT_NODE);
}

/** A dialog that reaches outside the screen, or a header or footer button (close, Back, OK) out of sight. */
async function dialogOffScreen(page: Page, testid: string): Promise<string[]> {
  return page.evaluate((testid) => {
    const { document, innerWidth, innerHeight } = globalThis as unknown as LayoutGlobals;
    const panel = document.querySelector(`[data-testid="${testid}"]`);
    if (!panel) return [`${testid}: not on the screen`];
    const out: string[] = [];
    const inside = (b: Box): boolean =>
      b.left >= -1 && b.top >= -1 && b.right <= innerWidth + 1 && b.bottom <= innerHeight + 1;
    const p = panel.getBoundingClientRect();
    if (!inside(p)) out.push(`${testid} at y ${Math.round(p.top)}–${Math.round(p.bottom)} of ${innerHeight}`);
    for (const b of panel.querySelectorAll('.head button, .foot button')) {
      const r = b.getBoundingClientRect();
      if (!inside(r) || r.bottom > p.bottom + 1)
        out.push(`${testid}: a button at y ${Math.round(r.top)} is out of sight`);
    }
    return out;
  }, testid);
}

/** The boxes the table is built of, by name, rounded: the notice or a deal must leave them where they are. */
const TABLE_PARTS = {
  'spot-player': '[data-testid="spot-player"]',
  'spot-tie': '[data-testid="spot-tie"]',
  'spot-banker': '[data-testid="spot-banker"]',
  'felt print': '[data-testid="felt-print"]',
  'player hand': '.hands > .hand.player',
  'banker hand': '.hands > .hand.banker',
  centre: '.hands > .centre',
  'roads panel': '[data-testid="roads-panel"]',
  'bottom row': '.bottom',
} as const;
type PartBoxes = Record<string, string>;

async function tableBoxes(page: Page): Promise<PartBoxes> {
  return page.evaluate((parts) => {
    const { document } = globalThis as unknown as LayoutGlobals;
    const out: Record<string, string> = {};
    for (const [name, selector] of Object.entries(parts)) {
      const b = document.querySelector(selector)?.getBoundingClientRect();
      out[name] = b
        ? `x ${Math.round(b.left)}–${Math.round(b.right)} y ${Math.round(b.top)}–${Math.round(b.bottom)}`
        : 'absent';
    }
    return out;
  }, TABLE_PARTS);
}

/** Each part whose box differs from `before`, saying where it went. */
function moved(before: PartBoxes, after: PartBoxes): string[] {
  return Object.keys(before)
    .filter((name) => before[name] !== after[name])
    .map((name) => `${name} moved from ${before[name]} to ${after[name]}`);
}

interface DealSample {
  readonly cards: number;
  readonly dealing: boolean;
  readonly boxes: PartBoxes;
  readonly printOnSpots: string[];
}
/** The page objects the deal sampler touches, on top of the layout probe's. */
interface SamplerGlobals extends LayoutGlobals {
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { childList: boolean; subtree: boolean; characterData: boolean }): void;
    disconnect(): void;
  };
  readonly document: LayoutGlobals['document'] & { readonly body: unknown };
  dealSamples?: DealSample[];
  stopDealSampler?: () => void;
}

/**
 * Starts sampling the table on every change of the page (a card arriving, a total turning up, the hint
 * changing): the parts' boxes, the number of cards on the felt, whether the dealing hint shows, and where
 * the felt print's arc or lettering lies over a spot. A deal runs on the page's own timers, so it is
 * watched from inside rather than held still from outside.
 */
async function startDealSampler(page: Page, dealingText: string): Promise<void> {
  await page.evaluate(
    ({ parts, dealingText }) => {
      const g = globalThis as unknown as SamplerGlobals;
      const { document } = g;
      const samples: DealSample[] = [];
      const sample = (): void => {
        const boxes: Record<string, string> = {};
        for (const [name, selector] of Object.entries(parts)) {
          const b = document.querySelector(selector)?.getBoundingClientRect();
          boxes[name] = b
            ? `x ${Math.round(b.left)}–${Math.round(b.right)} y ${Math.round(b.top)}–${Math.round(b.bottom)}`
            : 'absent';
        }
        const printOnSpots: string[] = [];
        for (const s of ['player', 'tie', 'banker']) {
          const box = document.querySelector(`[data-testid="spot-${s}"]`)?.getBoundingClientRect();
          if (!box) continue;
          for (const part of document.querySelectorAll(
            '[data-testid="felt-print"] path, [data-testid="felt-print"] text',
          )) {
            const p = part.getBoundingClientRect();
            if (p.left < box.right && p.right > box.left && p.top < box.bottom && p.bottom > box.top)
              printOnSpots.push(`felt print ${Math.round(p.top)}–${Math.round(p.bottom)} over spot-${s}`);
          }
        }
        const hint = document.querySelector('.hands > .centre > .hint') as unknown as ProbeNode | null;
        samples.push({
          cards: Array.from(document.querySelectorAll('[data-testid="card"]')).length,
          dealing: (hint?.textContent ?? '').trim() === dealingText,
          boxes,
          printOnSpots,
        });
      };
      const observer = new g.MutationObserver(sample);
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      g.dealSamples = samples;
      g.stopDealSampler = () => observer.disconnect();
    },
    { parts: TABLE_PARTS, dealingText },
  );
}

async function stopDealSampler(page: Page): Promise<DealSample[]> {
  return page.evaluate(() => {
    const g = globalThis as unknown as SamplerGlobals;
    g.stopDealSampler?.();
    return g.dealSamples ?? [];
  });
}

/** A text with an `{amount}` placeholder as a pattern of the whole shown text (any amount in its place). */
function wordedAs(text: string): RegExp {
  const [before = '', after = ''] = text.split('{amount}').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^\\s*${before}\\S.*\\S${after}\\s*$`);
}

async function language(page: Page, lang: string): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === lang) return;
  await page.getByTestId('language-switch').click();
  await page.getByTestId(`language-${lang}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;
  test.describe(`labels ${size}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`no clipped or small player text in any language, ${viewport.name}`, async ({ page, host }) => {
      test.slow();
      await page.goto(host.url);
      await waitForTable(page);
      await insertNote(page, host, 5, 10_000);
      await bet(page, 'player', 500, 2);
      await bet(page, 'banker', 100, 3);
      await bet(page, 'tie', 100, 1);
      expect(await host.must<{ armed: string[] }>('test:force-cards', { cards: PLAYER_WIN })).toEqual({
        armed: PLAYER_WIN,
      });
      await page.getByTestId('btn-deal').click();
      await expect(page.getByTestId('result-banner')).toHaveAttribute('data-winner', 'player', { timeout: 20_000 });
      expect((await lastRounds(host, 1))[0]?.status).toBe('settled');
      await expect(page.getByTestId('card')).toHaveCount(PLAYER_WIN.length);

      const findings: string[] = [];
      const check = async (lang: string, screen: string, root: string | null): Promise<void> => {
        for (const f of await measure(page, root, MIN_FONT_PX))
          findings.push(`${lang} ${size} ${screen}: ${f.where} "${f.text}": ${f.problem}`);
        // Each button label of the bottom row on one line; the felt print clear of the spots in portrait (with a result);
        // a dialog wholly on the screen with its buttons in sight.
        for (const f of root === null ? await wrappedButtonLabels(page) : [])
          findings.push(`${lang} ${size} ${screen}: ${f}`);
        for (const f of screen.startsWith('table') && viewport.name === 'portrait' ? await printOnSpots(page) : [])
          findings.push(`${lang} ${size} ${screen}: ${f}`);
        for (const f of root === null ? [] : await dialogOffScreen(page, root.replace(/^.*="(.+)"]$/, '$1')))
          findings.push(`${lang} ${size} ${screen}: ${f}`);
      };

      for (const lang of LOCALES) {
        await language(page, lang);
        await check(lang, 'table (result)', null);
        await keepShot(page, `${SHOTS}/result-${lang}-${size}.png`, { animations: 'disabled' });
      }
      // Between rounds: the last round's layout on the felt and the bead plate beside it.
      await page.getByTestId('btn-new-bet').click();
      await bet(page, 'banker', 100, 1);
      await expect(page.getByTestId('bead-plate')).toBeVisible();
      for (const lang of LOCALES) {
        await language(page, lang);
        await check(lang, 'table', null);
        await keepShot(page, `${SHOTS}/table-${lang}-${size}.png`, { animations: 'disabled' });

        await page.getByTestId('btn-menu').click();
        await expect(page.getByTestId('settings-menu')).toBeVisible();
        await check(lang, 'settings menu', '[data-testid="settings-menu"]');
        await page.getByTestId('menu-paytable').click();
        await expect(page.getByTestId('paytable')).toBeVisible();
        await check(lang, 'paytable', '[data-testid="settings-menu"]');
        await keepShot(page, `${SHOTS}/paytable-${lang}-${size}.png`, { animations: 'disabled' });
        // The longest view of the menu: the rules page scrolls inside the panel, its close button in sight.
        await page.getByTestId('menu-back').click();
        await page.getByTestId('menu-rules').click();
        await expect(page.getByTestId('rules')).toBeVisible();
        for (const f of await dialogOffScreen(page, 'settings-menu')) findings.push(`${lang} ${size} rules: ${f}`);
        for (let i = 0; i < 3 && (await page.getByTestId('settings-menu').isVisible()); i++) {
          await page.getByTestId('menu-back').click();
        }
        await expect(page.getByTestId('settings-menu')).toBeHidden();

        await page.getByTestId('btn-cashout').click();
        await expect(page.getByTestId('cashout-dialog')).toBeVisible();
        await check(lang, 'cash-out dialog', '[data-testid="cashout-dialog"]');
        await page.getByTestId('cashout-cancel').click();
        await expect(page.getByTestId('cashout-dialog')).toBeHidden();
      }
      expect(findings, findings.join('\n')).toEqual([]);
    });

    test(`every result title and last-round tag on one line, the felt print clear of the spots, ${viewport.name}`, async ({
      page,
      host,
    }) => {
      test.slow();
      await page.goto(host.url);
      await waitForTable(page);
      await insertNote(page, host, 5, 10_000);
      const findings: string[] = [];
      const oneLine = async (where: string, selector: string): Promise<void> => {
        const { lines, overflowPx } = await textLines(page, selector);
        if (lines !== 1) findings.push(`${where}: ${lines} lines`);
        if (overflowPx > 1) findings.push(`${where}: ${overflowPx}px wider than its box`);
      };
      // One round of each outcome with a bet on every spot: each title shows, the three spots carry the
      // last round's tag, the Tie spot (the narrowest, in portrait) among them.
      for (const [winner, cards] of Object.entries(EACH_OUTCOME) as [keyof typeof EACH_OUTCOME, string[]][]) {
        for (const spot of ['player', 'banker', 'tie'] as const) await bet(page, spot, 100);
        expect(await host.must<{ armed: string[] }>('test:force-cards', { cards })).toEqual({ armed: cards });
        await page.getByTestId('btn-deal').click();
        await expect(page.getByTestId('result-banner')).toHaveAttribute('data-winner', winner, { timeout: 20_000 });
        await expect(page.getByTestId('spot-tie-last-round')).toBeVisible();
        for (const lang of LOCALES) {
          await language(page, lang);
          await expect(page.locator('[data-testid="result-banner"] .title')).toHaveText(
            messages[lang].result[TITLE_KEY[winner]],
          );
          await expect(page.getByTestId('spot-tie-last-round')).toHaveText(messages[lang].table.lastRound);
          await oneLine(`${lang} ${size} ${winner} title`, '[data-testid="result-banner"] .title');
          await oneLine(`${lang} ${size} tie spot's last-round tag`, '[data-testid="spot-tie-last-round"]');
        }
        await language(page, 'en');
      }
      // Between rounds the roads panel shares the portrait hands' row with both hands and the felt print.
      await page.getByTestId('btn-new-bet').click();
      await expect(page.getByTestId('roads-panel')).toBeVisible();
      await expect(page.getByTestId('bead')).toHaveCount(Object.keys(EACH_OUTCOME).length);
      for (const lang of LOCALES) {
        await language(page, lang);
        for (const f of viewport.name === 'portrait' ? await printOnSpots(page) : [])
          findings.push(`${lang} ${size} between rounds, roads shown: ${f}`);
      }
      expect(findings, findings.join('\n')).toEqual([]);
    });

    test.describe(() => {
      test.use({ venueConfig: venueTakingFiveHundreds() });
      test(`after a voided round the notice is one readable line and moves nothing, nor does a deal, ${viewport.name}`, async ({
        page,
        host,
      }) => {
        test.slow();
        await page.goto(host.url);
        await waitForTable(page);
        // The table's maximum (docs/venue-config.example.json) at stake: the widest refund the notice can name.
        for (let i = 0; i < 2; i++) await insertNote(page, host, 7, 50_000);
        await bet(page, 'player', 10_000, 5);
        await bet(page, 'banker', 10_000, 4);
        await bet(page, 'tie', 10_000, 1);
        await expectMeter(page, 'total-bet', 100_000);
        await host.must('test:rng-unplug', { duringNextDeal: true });
        await page.getByTestId('btn-deal').click();
        await expect(page.getByTestId('void-screen')).toBeVisible({ timeout: 20_000 });
        expect((await lastRounds(host, 1))[0]).toMatchObject({ status: 'voided', refundedMinor: 100_000 });
        await page.getByTestId('void-ok').click();
        await host.must('test:rng-replug');
        await expect(page.getByTestId('tilt-screen')).toBeHidden({ timeout: 60_000 });
        const notice = page.getByTestId('last-void');
        await expect(notice).toHaveAttribute('data-minor', '100000');
        await expect(page.getByTestId('roads-panel')).toBeVisible();

        const findings: string[] = [];
        const withNotice: Record<string, PartBoxes> = {};
        for (const lang of LOCALES) {
          await language(page, lang);
          await expect(notice).toHaveText(wordedAs(messages[lang].tableFlow.lastVoid));
          const where = `${lang} ${size} void notice`;
          const { lines, overflowPx } = await textLines(page, '[data-testid="last-void"]');
          if (lines !== 1) findings.push(`${where}: ${lines} lines`);
          if (overflowPx > 1) findings.push(`${where}: ${overflowPx}px wider than its box`);
          for (const f of await measure(page, null, MIN_FONT_PX))
            findings.push(`${where}: ${f.where} "${f.text}": ${f.problem}`);
          for (const f of viewport.name === 'portrait' ? await printOnSpots(page) : []) findings.push(`${where}: ${f}`);
          withNotice[lang] = await tableBoxes(page);
          await keepShot(page, `${SHOTS}/void-${lang}-${size}.png`, { animations: 'disabled' });
        }
        // The first chip of the next layout takes the notice away and the hint is back: the same table.
        await bet(page, 'banker', 100);
        await expect(notice).toHaveCount(0);
        const betweenRounds: Record<string, PartBoxes> = {};
        for (const lang of LOCALES) {
          await language(page, lang);
          await expect(page.locator('.hands > .centre > .hint')).toHaveText(messages[lang].table.placeBets);
          betweenRounds[lang] = await tableBoxes(page);
          for (const f of moved(betweenRounds[lang], withNotice[lang]!))
            findings.push(`${lang} ${size} void notice instead of the hint: ${f}`);
        }

        // While dealing (a Player third card: the fullest hands), sampled on every change of the page.
        await page.getByTestId('btn-clear').click();
        for (const lang of LOCALES) {
          await language(page, lang);
          await bet(page, 'player', 100);
          await expectMeter(page, 'total-bet', 100);
          expect(await host.must<{ armed: string[] }>('test:force-cards', { cards: PLAYER_WIN })).toEqual({
            armed: PLAYER_WIN,
          });
          await startDealSampler(page, messages[lang].table.dealing);
          await page.getByTestId('btn-deal').click();
          await expect(page.getByTestId('result-banner')).toHaveAttribute('data-winner', 'player', { timeout: 20_000 });
          const samples = (await stopDealSampler(page)).filter((x) => x.dealing && x.cards > 0);
          // Every card was seen arriving while the dealing hint showed, or the check below would be empty.
          expect(new Set(samples.map((x) => x.cards)), `${lang} ${size}: cards seen while dealing`).toEqual(
            new Set([1, 2, 3, 4, 5]),
          );
          for (const x of samples) {
            const where = `${lang} ${size} dealing, ${x.cards} cards`;
            for (const f of moved(betweenRounds[lang]!, x.boxes)) findings.push(`${where}: ${f}`);
            for (const f of viewport.name === 'portrait' ? x.printOnSpots : []) findings.push(`${where}: ${f}`);
          }
          await page.getByTestId('btn-new-bet').click();
        }
        expect([...new Set(findings)], [...new Set(findings)].join('\n')).toEqual([]);
      });
    });
  });
}
