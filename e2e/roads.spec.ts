/**
 * The roads at the table (docs/roads.md): a scripted sequence of rounds is played on the touchscreen with
 * given cards (`test:force-cards`), and the bead plate, the big road and the three derived roads on the
 * screen must be exactly what the roads CLI computes for that sequence (`npm run roads -- --json`), the ask
 * buttons what the core's computeRoads previews. Then the roads are switched off and on in the settings
 * menu, and a technician's reset empties them, also after a reload. Screenshots of the panel in both
 * orientations go to e2e/artifacts/roads/.
 */
import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { computeRoads } from '../electron/core/roads/roads.ts';
import { parseOutcomeLetters } from '../electron/core/roads/outcome-letters.ts';
import type { HostProcess } from './host-process.ts';
import { ARTIFACTS, bet, expect, insertNote, keepShot, lastRounds, test, waitForTable } from './fixtures.ts';

const REPO = path.resolve(import.meta.dirname, '..');

/** Cards in deal order (P1, B1, P2, B2, third cards), one set per kind of result. */
const CARDS = {
  // Player K Q = 0, Banker 9 10 = 9: a Banker natural.
  B: ['KH', '9S', 'QD', '10C'],
  // Player K Q = 0, Banker 9 9 = 8: a Banker natural with a Banker pair.
  Bb: ['KH', '9S', 'QD', '9D'],
  // Player 2 3 = 5 draws 4 = 9; Banker K 6 = 6 stands: a Player win.
  P: ['2H', 'KC', '3S', '6D', '4C'],
  // Player 4 4 = 8, Banker K 5 = 5: a Player natural with a Player pair.
  Pp: ['4H', 'KS', '4D', '5C'],
  // Player 8 J = 8, Banker 8 Q = 8: a Tie.
  T: ['8D', '8C', 'JH', 'QS'],
} as const;
type Kind = keyof typeof CARDS;

/**
 * The worked example of docs/roads.md (B B P P P T B P B B B P) with a Banker pair and a Player pair and two
 * more ties, then eight chops: more big-road columns than the panel shows at once, so it must scroll.
 */
const SEQUENCE: readonly Kind[] = [
  ...['B', 'Bb', 'P', 'Pp', 'P', 'T', 'B', 'P', 'B', 'B', 'B', 'P', 'T', 'T'],
  ...['B', 'P', 'B', 'P', 'B', 'P', 'B', 'P'],
] as Kind[];
const LETTERS = SEQUENCE.join('');

interface CliRoads {
  bead_plate: Array<{ x: number; y: number; winner: string; banker_pair: boolean; player_pair: boolean }>;
  big_road: Array<{ column: number; row: number; x: number; y: number; winner: string; ties: number }>;
  big_eye_boy: string[];
  small_road: string[];
  cockroach_pig: string[];
}

/** What the roads CLI says the roads of `letters` are (its --json line). */
function cliRoads(letters: string): CliRoads {
  const out = execFileSync('npm', ['run', '--silent', 'roads', '--', '--outcomes', letters, '--json'], {
    cwd: REPO,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as CliRoads;
}

/** Plays one round of `kind` with a 1.00 bet on the Banker and waits until its result is on the felt. */
async function playRound(page: Page, host: HostProcess, kind: Kind, first: boolean): Promise<void> {
  const before = (await lastRounds(host, 1))[0]?.roundId ?? 0;
  const cards = CARDS[kind];
  expect(await host.must<{ armed: string[] }>('test:force-cards', { cards: [...cards] })).toEqual({ armed: cards });
  if (first) {
    await bet(page, 'banker', 100, 1);
    await page.getByTestId('btn-deal').click();
  } else {
    await page.getByTestId('btn-rebet').click();
  }
  await expect
    .poll(async () => (await lastRounds(host, 1))[0]?.roundId, { timeout: 20_000, intervals: [50] })
    .toBe(before + 1);
  const winner = { B: 'banker', P: 'player', T: 'tie' }[kind[0] as 'B' | 'P' | 'T'];
  await expect(page.getByTestId('result-banner')).toHaveAttribute('data-winner', winner, { timeout: 20_000 });
}

/** Leaves the result on the felt so the roads show (NEW BET), and waits for the panel. */
/** One round of `kind` through the player channels (1.00 on Banker), as the cabinet deals it, with no screen watching. */
async function dealThroughChannels(host: HostProcess, kind: Kind): Promise<void> {
  const cards = [...CARDS[kind]];
  expect(await host.must<{ armed: string[] }>('test:force-cards', { cards })).toEqual({ armed: cards });
  await host.must('bets:place', { spot: 'banker', chipMinor: 100 });
  const round = await host.must<{ status: string }>('round:deal', {});
  expect(round.status).toBe('settled');
}

async function showRoads(page: Page): Promise<void> {
  await page.getByTestId('btn-new-bet').click();
  await expect(page.getByTestId('roads-panel')).toBeVisible();
}

/** The roads as the screen draws them, read from the marks' data attributes. */
async function screenRoads(page: Page): Promise<CliRoads> {
  return page.getByTestId('roads-panel').evaluate((panel) => {
    const all = (selector: string) =>
      [...panel.querySelectorAll(selector)] as Array<{ dataset: Record<string, string> }>;
    const n = (v: string | undefined) => Number(v);
    const marks = (road: string) =>
      all(`[data-testid="derived-${road}"] [data-testid="derived-mark"]`).map((m) => m.dataset.colour!);
    return {
      bead_plate: all('[data-testid="bead"]').map((b) => ({
        x: n(b.dataset.x),
        y: n(b.dataset.y),
        winner: b.dataset.winner!,
        banker_pair: b.dataset.bankerPair === 'true',
        player_pair: b.dataset.playerPair === 'true',
      })),
      big_road: all('[data-testid="big-road-cell"]').map((c) => ({
        column: n(c.dataset.column),
        row: n(c.dataset.row),
        x: n(c.dataset.x),
        y: n(c.dataset.y),
        winner: c.dataset.winner!,
        ties: n(c.dataset.ties),
      })),
      big_eye_boy: marks('bigEyeBoy'),
      small_road: marks('smallRoad'),
      cockroach_pig: marks('cockroachPig'),
    };
  });
}

async function language(page: Page, lang: string): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === lang) return;
  await page.getByTestId('language-switch').click();
  await page.getByTestId(`language-${lang}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function toggleInMenu(page: Page, toggle = 'roads-toggle'): Promise<void> {
  await page.getByTestId('btn-menu').click();
  await expect(page.getByTestId('settings-menu')).toBeVisible();
  await page.getByTestId(toggle).click();
  await page.getByTestId('menu-back').click();
  await expect(page.getByTestId('settings-menu')).toBeHidden();
}

/** Every text the panel draws, in px, so nothing a player must read is under 20 px. */
async function smallestPanelText(page: Page): Promise<number> {
  return page.getByTestId('roads-panel').evaluate((panel) => {
    const { getComputedStyle } = globalThis as unknown as {
      getComputedStyle(el: unknown): { fontSize: string };
    };
    const sizes = [...panel.querySelectorAll('text, .text, .n, .badge')].map((el) =>
      parseFloat(getComputedStyle(el).fontSize),
    );
    return Math.min(...sizes);
  });
}

const VIEWPORTS = [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`roads ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`the roads on the screen are the roads of the rounds played, ${viewport.name}`, async ({
      page: kiosk,
      host,
    }) => {
      test.slow();
      const dir = path.join(ARTIFACTS, 'roads');
      const shot = (name: string) =>
        keepShot(kiosk.getByTestId('roads-panel'), path.join(dir, `${name}-${viewport.width}x${viewport.height}.png`), {
          animations: 'disabled',
        });

      // The roads start empty.
      await kiosk.goto(host.url);
      await waitForTable(kiosk);
      await expect(kiosk.getByTestId('roads-panel')).toBeVisible();
      await expect(kiosk.getByTestId('bead')).toHaveCount(0);
      await expect(kiosk.getByTestId('road-counter-rounds')).toHaveAttribute('data-count', '0');

      await insertNote(kiosk, host, 5, 10_000);
      // All rounds but the last go through the player channels with no screen open (a screen replays every round it
      // sees dealt, at the player's pace); the page then loads their roads from main, and the last round is played
      // on the screen. So the roads are checked as loaded and as they grow live.
      await kiosk.goto('about:blank');
      for (const kind of SEQUENCE.slice(0, -1)) await dealThroughChannels(host, kind);
      await kiosk.goto(host.url);
      await waitForTable(kiosk);
      await showRoads(kiosk);
      await expect(kiosk.getByTestId('bead')).toHaveCount(SEQUENCE.length - 1);
      await toggleInMenu(kiosk, 'fast-play-toggle');
      // The panel gives way to the result but stays on the page, hidden, so the result rebuilds nothing: the same
      // element comes back (docs/benchmarks.md#the-deals-frames).
      await kiosk.getByTestId('roads-panel').evaluate((panel) => panel.setAttribute('data-probe', 'before the round'));
      await playRound(kiosk, host, SEQUENCE.at(-1)!, true);
      await expect(kiosk.getByTestId('roads-panel')).toBeHidden();
      await showRoads(kiosk);
      await expect(kiosk.getByTestId('roads-panel')).toHaveAttribute('data-probe', 'before the round');

      // The screen draws exactly what the roads CLI computes for this sequence.
      await expect(kiosk.getByTestId('bead')).toHaveCount(SEQUENCE.length);
      const expected = cliRoads(LETTERS);
      expect(await screenRoads(kiosk)).toEqual({
        ...expected,
        bead_plate: expected.bead_plate.map(({ x, y, winner, banker_pair, player_pair }) => ({
          x,
          y,
          winner,
          banker_pair,
          player_pair,
        })),
      });
      // The big road has scrolled: its newest ring is in view, its first out of view.
      const road = (await kiosk.getByTestId('big-road').boundingBox())!;
      const newest = (await kiosk.getByTestId('big-road-cell').last().boundingBox())!;
      const oldest = (await kiosk.getByTestId('big-road-cell').first().boundingBox())!;
      expect(newest.x).toBeGreaterThanOrEqual(road.x);
      expect(newest.x + newest.width).toBeLessThanOrEqual(road.x + road.width + 0.5);
      expect(oldest.x + oldest.width).toBeLessThanOrEqual(road.x);
      // The tie slash carries its count; the counters count the window.
      await expect(kiosk.locator('[data-testid="big-road-cell"][data-ties="2"]')).toHaveCount(1);
      const counts = { rounds: 22, banker: 10, player: 9, tie: 3, bankerPair: 1, playerPair: 1 };
      for (const [key, n] of Object.entries(counts))
        await expect(kiosk.getByTestId(`road-counter-${key}`), key).toHaveAttribute('data-count', String(n));
      expect(await smallestPanelText(kiosk)).toBeGreaterThanOrEqual(20);
      await shot('01-roads');

      // In every language the ask buttons keep to one line and the panel keeps its size.
      const panelHeight = (await kiosk.getByTestId('roads-panel').boundingBox())!.height;
      for (const lang of ['sv', 'de', 'fi', 'nl', 'cs', 'en']) {
        await language(kiosk, lang);
        for (const side of ['banker', 'player']) {
          const text = kiosk.getByTestId(`ask-${side}`).locator('.text');
          expect((await text.boundingBox())!.height, `${lang} ask-${side}`).toBeLessThan(32);
        }
        expect((await kiosk.getByTestId('roads-panel').boundingBox())!.height, lang).toBe(panelHeight);
        if (lang === 'fi' || lang === 'de') await shot(`01-roads-${lang}`);
      }

      // The ask buttons preview what the core says the next mark of each derived road would be.
      const core = computeRoads(parseOutcomeLetters(LETTERS));
      for (const [side, ask] of [
        ['banker', core.askBanker],
        ['player', core.askPlayer],
      ] as const) {
        const button = kiosk.getByTestId(`ask-${side}`);
        await expect(button).toHaveAttribute('data-big-eye-boy', ask.bigEyeBoy ?? 'none');
        await expect(button).toHaveAttribute('data-small-road', ask.smallRoad ?? 'none');
        await expect(button).toHaveAttribute('data-cockroach-pig', ask.cockroachPig ?? 'none');
        await button.click();
        await expect(button).toHaveAttribute('aria-pressed', 'true');
        await expect(kiosk.getByTestId('big-road-preview')).toHaveAttribute('data-winner', side);
        for (const road of ['bigEyeBoy', 'smallRoad', 'cockroachPig'] as const) {
          const preview = kiosk.locator(`[data-testid="derived-${road}"] [data-testid="derived-preview"]`);
          if (ask[road] === null) await expect(preview).toHaveCount(0);
          else await expect(preview).toHaveAttribute('data-colour', ask[road]);
        }
        await shot(`02-ask-${side}`);
      }
      // Touching the pressed ask again ends the preview; the roads themselves never changed.
      await kiosk.getByTestId('ask-player').click();
      await expect(kiosk.getByTestId('big-road-preview')).toHaveCount(0);
      await expect(kiosk.getByTestId('derived-preview')).toHaveCount(0);
      expect((await screenRoads(kiosk)).big_road).toEqual(expected.big_road);

      // The bead plate shows the winning totals on a touch.
      await kiosk.getByTestId('bead-plate').click();
      await expect(kiosk.getByTestId('bead-plate')).toHaveAttribute('data-shows', 'totals');
      await expect(kiosk.getByTestId('bead').first()).toHaveText('9');
      await shot('03-totals');

      // Off and on again from the settings menu.
      await toggleInMenu(kiosk);
      await expect(kiosk.getByTestId('roads-panel')).toBeHidden();
      await toggleInMenu(kiosk);
      await expect(kiosk.getByTestId('roads-panel')).toBeVisible();
      await expect(kiosk.getByTestId('bead')).toHaveCount(SEQUENCE.length);

      // The whole table as a player sees it, for the layout.
      await keepShot(kiosk, path.join(dir, `04-table-${viewport.width}x${viewport.height}.png`), {
        animations: 'disabled',
      });

      // A technician's reset (the button in the staff menu's diagnostics, behind the key and a technician
      // PIN) empties the roads, and a reload still shows them empty.
      await host.must('test:operator-key', { on: true });
      await expect(kiosk.getByTestId('staff-menu')).toBeVisible();
      await host.must('test:set-pin', { role: 'technician', pin: '2468' });
      await kiosk.getByTestId('staff-role-technician').click();
      for (const d of '2468') await kiosk.getByTestId(`staff-key-${d}`).click();
      await kiosk.getByTestId('staff-key-ok').click();
      await expect(kiosk.getByTestId('staff-role')).toHaveAttribute('data-role', 'technician');
      await kiosk.getByTestId('staff-nav-diagnostics').click();
      await kiosk.getByTestId('staff-roads-reset').click();
      await expect(kiosk.getByTestId('staff-roads-reset-done')).toBeVisible();
      await keepShot(kiosk, path.join(dir, `05-staff-reset-${viewport.width}x${viewport.height}.png`), {
        animations: 'disabled',
      });
      await host.must('test:operator-key', { on: false });
      await expect(kiosk.getByTestId('staff-menu')).toBeHidden();
      await expect(kiosk.getByTestId('bead')).toHaveCount(0);
      await expect(kiosk.getByTestId('big-road-cell')).toHaveCount(0);
      await expect(kiosk.getByTestId('road-counter-rounds')).toHaveAttribute('data-count', '0');
      await kiosk.reload();
      await expect(kiosk.getByTestId('btn-deal')).toBeVisible({ timeout: 20_000 });
      // The reloaded screen puts the last round back on the felt; NEW BET takes it off and shows the roads.
      await expect(kiosk.getByTestId('result-banner')).toBeVisible();
      await showRoads(kiosk);
      await expect(kiosk.getByTestId('bead')).toHaveCount(0);

      // The next round is the first bead again.
      await playRound(kiosk, host, 'P', false);
      await showRoads(kiosk);
      await expect(kiosk.getByTestId('bead')).toHaveCount(1);
      await expect(kiosk.getByTestId('bead')).toHaveAttribute('data-winner', 'player');
    });
  });
}
