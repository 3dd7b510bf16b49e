/**
 * The in-page text and layout probes the pictures spec (e2e/pictures.spec.ts) runs at every state it shows:
 * clipped or small text, button labels that break badly, the felt print over a spot, a text's line count, a
 * dialog out of the screen, small print as a player sees it (SVG scale included), and the table's part boxes,
 * sampled while a round is dealt. The e2e programs compile without the DOM library, so the few browser
 * objects each probe touches are typed here; the probes run in the page, where they are the real objects.
 * The file is long because those types and the probes belong together and are used only by that spec.
 */
import type { Page } from '@playwright/test';

export const MIN_FONT_PX = 20;

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
  getScreenCTM?(): { a: number; b: number } | null;
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
export async function measure(page: Page, rootSelector: string | null, minFontPx: number): Promise<Finding[]> {
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
export async function wrappedButtonLabels(page: Page): Promise<string[]> {
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
export async function printOnSpots(page: Page): Promise<string[]> {
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
export async function textLines(page: Page, selector: string): Promise<{ lines: number; overflowPx: number }> {
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
export async function dialogOffScreen(page: Page, testid: string): Promise<string[]> {
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

/** A dialog whose body is wider than its box: the reader would have to scroll sideways. */
export async function sidewaysScroll(page: Page, testid: string): Promise<string[]> {
  return page.evaluate((testid) => {
    interface Scroller {
      readonly scrollWidth: number;
      readonly clientWidth: number;
    }
    const { document } = globalThis as unknown as {
      document: { querySelectorAll(selector: string): Iterable<Scroller> };
    };
    const out: string[] = [];
    for (const body of document.querySelectorAll(`[data-testid="${testid}"] .body`))
      if (body.scrollWidth > body.clientWidth + 1)
        out.push(`${testid}: its body scrolls sideways (${body.scrollWidth} > ${body.clientWidth} px)`);
    return out;
  }, testid);
}

/** The boxes the table is built of, by name, rounded: the notice or a deal must leave them where they are. */
export const TABLE_PARTS = {
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
export type PartBoxes = Record<string, string>;

/**
 * The table's parts' boxes, read once no CSS transition runs: a tapped spot eases back from its pressed scale
 * (`.spot:active`, a tenth of a second), and a box read meanwhile is the tap's, not the layout's.
 */
export async function tableBoxes(page: Page): Promise<PartBoxes> {
  await page.waitForFunction(
    'document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running")',
    undefined,
    { polling: 'raf', timeout: 5_000 },
  );
  return page.evaluate((parts) => {
    const { document } = globalThis as unknown as LayoutGlobals;
    const out: Record<string, string> = {};
    for (const [name, selector] of Object.entries(parts)) {
      // A part hidden by display: none (the roads panel while the result shows) has no box: it counts as absent.
      const el = document.querySelector(selector);
      const shown = el?.checkVisibility({ opacityProperty: false, visibilityProperty: false }) ?? false;
      const b = el && shown ? el.getBoundingClientRect() : undefined;
      out[name] = b
        ? `x ${Math.round(b.left)}–${Math.round(b.right)} y ${Math.round(b.top)}–${Math.round(b.bottom)}`
        : 'absent';
    }
    return out;
  }, TABLE_PARTS);
}

/** Each part whose box differs from `before`, saying where it went. */
export function moved(before: PartBoxes, after: PartBoxes): string[] {
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
export async function startDealSampler(page: Page, dealingText: string): Promise<void> {
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

export async function stopDealSampler(page: Page): Promise<DealSample[]> {
  return page.evaluate(() => {
    const g = globalThis as unknown as SamplerGlobals;
    g.stopDealSampler?.();
    return g.dealSamples ?? [];
  });
}

/** A text with an `{amount}` placeholder as a pattern of the whole shown text (any amount in its place). */
export function wordedAs(text: string): RegExp {
  const [before = '', after = ''] = text.split('{amount}').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^\\s*${before}\\S.*\\S${after}\\s*$`);
}

/**
 * Every visible text under 20 px on the page, as "test id tag: "text" N px" (docs/rules.md#spot-names-on-the-table).
 * SVG lettering counts at the size a player sees it: its font size times the scale its SVG puts on it. Left out:
 * the decorative felt print (it repeats the spots' payouts), the emulator's service panel (a cabinet never shows
 * it) and the bead plate / roads panel (rebuilt on its own).
 */
export async function smallText(page: Page): Promise<string[]> {
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
