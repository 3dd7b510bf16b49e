/**
 * The table's sound, checked through the audio graph, never by listening (docs/sound.md): the venue's
 * defaults reach the table (a technician's change too, at once), each setting holds for the session and the mute button is the all-sound
 * switch, the effects sound at their moments (a net loss never plays the win), under a tilt only the warning
 * sounds, the music is one looping buffer on exact sample boundaries, and the session's end (attract mode)
 * brings the venue's defaults back.
 *
 * What is read: the bus gains, the last effect and the music state that the mute button carries as data-
 * attributes (the product's own), and the nodes the page starts, recorded by wrapping AudioContext in this
 * test's page only (page.addInitScript), so nothing test-only is in the product.
 */
import type { Page } from '@playwright/test';
import { bet, expect, insertNote, test, venueFile, waitForTable } from './fixtures.ts';
import type { HostProcess } from './host-process.ts';

const VENUE_SOUND = { soundOn: true, effectsOn: true, musicOn: true, volumePercent: 50 };
/**
 * The music loop is rendered once, offline, on first need (docs/sound.md#the-music-loop): a few seconds on
 * a busy test machine, so a wait for the music to start allows for it.
 */
const MUSIC_RENDER = { timeout: 45_000 };
/** busGains: (50 %)² = 0.25 (docs/sound.md#settings). */
const VENUE_GAIN = '0.2500';

test.use({ venueConfig: venueFile('sound', { sound: VENUE_SOUND }) });
// Rounds dealt at the table's pace, plus the one-time music render: more than the default minute.
test.describe.configure({ timeout: 180_000 });

/** What the page's AudioContext started: every source node, with a buffer source's loop settings. */
interface StartedSource {
  kind: 'oscillator' | 'buffer';
  loop: boolean;
  loopStart: number;
  loopEnd: number;
  frames: number;
  sampleRate: number;
}

/**
 * Runs in the page before its scripts: a subclass of AudioContext that records every source it starts (the
 * offline music render has its own class and is not counted). `globalThis` is the page's window here.
 */
function recordAudio(): void {
  const w = globalThis as unknown as Record<string, unknown>;
  const started: unknown[] = [];
  w.__startedSources = started;
  type Ctx = new (...args: unknown[]) => {
    createOscillator(): { start(...a: unknown[]): void };
    createBufferSource(): {
      start(...a: unknown[]): void;
      loop: boolean;
      loopStart: number;
      loopEnd: number;
      buffer: { length: number; sampleRate: number } | null;
    };
  };
  const Base = w.AudioContext as Ctx;
  class Recording extends Base {
    override createOscillator() {
      const node = super.createOscillator();
      const start = node.start.bind(node);
      node.start = (...a: unknown[]) => {
        started.push({ kind: 'oscillator', loop: false, loopStart: 0, loopEnd: 0, frames: 0, sampleRate: 0 });
        start(...a);
      };
      return node;
    }
    override createBufferSource() {
      const node = super.createBufferSource();
      const start = node.start.bind(node);
      node.start = (...a: unknown[]) => {
        started.push({
          kind: 'buffer',
          loop: node.loop,
          loopStart: node.loopStart,
          loopEnd: node.loopEnd,
          frames: node.buffer?.length ?? 0,
          sampleRate: node.buffer?.sampleRate ?? 0,
        });
        start(...a);
      };
      return node;
    }
  }
  w.AudioContext = Recording;
}

const started = (page: Page): Promise<StartedSource[]> =>
  page.evaluate(() => (globalThis as unknown as { __startedSources: StartedSource[] }).__startedSources);

const mute = (page: Page) => page.getByTestId('btn-mute');

async function expectGains(page: Page, gains: { effects: string; music: string; alert: string }): Promise<void> {
  await expect(mute(page)).toHaveAttribute('data-gain-effects', gains.effects);
  await expect(mute(page)).toHaveAttribute('data-gain-music', gains.music);
  await expect(mute(page)).toHaveAttribute('data-gain-alert', gains.alert);
}

async function openTable(page: Page, host: HostProcess, url = host.url): Promise<void> {
  await page.addInitScript(recordAudio);
  await page.goto(url);
  await waitForTable(page);
}

async function openMenu(page: Page): Promise<void> {
  await page.getByTestId('btn-menu').click();
  await expect(page.getByTestId('settings-menu')).toBeVisible();
}

async function force(host: HostProcess, cards: readonly string[]): Promise<void> {
  expect(await host.must<{ armed: string[] }>('test:force-cards', { cards })).toEqual({ armed: cards });
}

/** Deals the layout on the felt and waits for the result on the screen. */
async function dealAndWait(page: Page): Promise<void> {
  await page.getByTestId('btn-deal').click();
  await expect(page.getByTestId('result-banner')).toBeVisible({ timeout: 20_000 });
}

const played = async (page: Page): Promise<number> => Number(await mute(page).getAttribute('data-effects-played'));

test("the venue's defaults play; the music is one buffer looping on exact sample boundaries", async ({
  page,
  host,
}) => {
  await openTable(page, host);
  await expectGains(page, { effects: VENUE_GAIN, music: VENUE_GAIN, alert: VENUE_GAIN });
  await expect(mute(page)).toHaveAttribute('data-music-playing', 'true', MUSIC_RENDER);
  const loops = (await started(page)).filter((s) => s.kind === 'buffer' && s.loop);
  expect(loops).toHaveLength(1);
  const [music] = loops;
  // Eight bars at 80 beats a minute: 24 s, a whole number of frames at the page's own sample rate.
  expect(music!.frames).toBe(24 * music!.sampleRate);
  expect(music!.loopStart).toBe(0);
  expect(Math.round(music!.loopEnd * music!.sampleRate)).toBe(music!.frames);
});

test("a technician's change of the venue's sound reaches a player who has changed nothing, at once", async ({
  page,
  host,
}) => {
  await openTable(page, host);
  await expectGains(page, { effects: VENUE_GAIN, music: VENUE_GAIN, alert: VENUE_GAIN });
  await host.must('test:operator-key', { on: true });
  await host.must('test:set-pin', { role: 'technician', pin: '2468' });
  await host.must('staff:sign-in', { role: 'technician', pin: '2468' });
  const { config } = await host.must<{ config: Record<string, unknown> }>('tech:config:get', {});
  const refused = await host.call('tech:config:apply', {
    config: { ...config, sound: { ...VENUE_SOUND, volumePercent: 101 } },
  });
  expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-config' } });
  await host.must('tech:config:apply', {
    config: { ...config, sound: { ...VENUE_SOUND, musicOn: false, volumePercent: 20 } },
  });
  await host.must('staff:sign-out', {});
  await host.must('test:operator-key', { on: false });
  // (20 %)² = 0.04; the music is off now.
  await expectGains(page, { effects: '0.0400', music: '0.0000', alert: '0.0400' });
  await expect(mute(page)).toHaveAttribute('data-music-playing', 'false');
});

test('each sound setting holds for the session, a reload included; the mute button is the all-sound switch', async ({
  page,
  host,
}) => {
  await openTable(page, host);
  await openMenu(page);
  await page.getByTestId('sound-effects-toggle').click();
  await expect(page.getByTestId('sound-effects-toggle')).toHaveAttribute('aria-checked', 'false');
  await expectGains(page, { effects: '0.0000', music: VENUE_GAIN, alert: '0.0000' });
  await page.getByTestId('sound-music-toggle').click();
  await expectGains(page, { effects: '0.0000', music: '0.0000', alert: '0.0000' });
  await expect(mute(page)).toHaveAttribute('data-music-playing', 'false');
  await page.getByTestId('sound-effects-toggle').click();
  await page.getByTestId('volume-slider').fill('80');
  await expect(page.getByTestId('volume-percent')).toHaveText('80');
  await page.getByTestId('volume-up').click();
  await expect(page.getByTestId('volume-percent')).toHaveText('90');
  await expectGains(page, { effects: '0.8100', music: '0.0000', alert: '0.8100' });
  await page.getByTestId('sound-toggle').click();
  await expectGains(page, { effects: '0.0000', music: '0.0000', alert: '0.0000' });
  await page.getByTestId('menu-back').click();

  // A reload of the page is the same session: every setting is as the player left it.
  await page.reload();
  await waitForTable(page);
  await expect(mute(page)).toHaveAttribute('aria-pressed', 'true');
  await expectGains(page, { effects: '0.0000', music: '0.0000', alert: '0.0000' });
  await openMenu(page);
  await expect(page.getByTestId('sound-toggle')).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('sound-effects-toggle')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('sound-music-toggle')).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('volume-percent')).toHaveText('90');
  await page.getByTestId('menu-back').click();

  // The mute button at the table turns all sound back on, and the menu says so.
  await mute(page).click();
  await expect(mute(page)).toHaveAttribute('aria-pressed', 'false');
  await expectGains(page, { effects: '0.8100', music: '0.0000', alert: '0.8100' });
  await openMenu(page);
  await expect(page.getByTestId('sound-toggle')).toHaveAttribute('aria-checked', 'true');
});

test('each effect sounds at its moment, and a net loss never plays the win', async ({ page, host }) => {
  await openTable(page, host);
  await insertNote(page, host, 2, 1_000);
  await expect(mute(page)).toHaveAttribute('data-last-effect', 'noteAccepted');
  await bet(page, 'banker', 100, 2);
  await expect(mute(page)).toHaveAttribute('data-last-effect', 'chipPlaced');
  await page.getByTestId('spot-banker').click({ button: 'right' });
  await expect(mute(page)).toHaveAttribute('data-last-effect', 'chipRemoved');

  // Banker natural 9 against 0: the Banker bet wins.
  await force(host, ['KH', '9S', 'QD', '10C']);
  const before = await played(page);
  await dealAndWait(page);
  await expect(mute(page)).toHaveAttribute('data-last-effect', 'win');
  // Four cards, each dealt and turned, then the result.
  expect((await played(page)) - before).toBe(4 * 2 + 1);

  // A Tie with only a Banker bet: the stake comes back, a push.
  await page.getByTestId('btn-new-bet').click();
  await bet(page, 'banker', 100);
  await force(host, ['8D', '8C', 'JH', 'QS']);
  await dealAndWait(page);
  await expect(mute(page)).toHaveAttribute('data-last-effect', 'push');

  // Banker and Player both bet, Banker wins: less comes back than was staked — the quiet lose, not the win.
  await page.getByTestId('btn-new-bet').click();
  await bet(page, 'banker', 100);
  await bet(page, 'player', 100);
  await force(host, ['KH', '9S', 'QD', '10C']);
  await dealAndWait(page);
  await expect(page.getByTestId('result-returned')).toBeVisible();
  await expect(mute(page)).toHaveAttribute('data-last-effect', 'lose');
});

test('under a tilt only the warning sounds: the cards still revealing and the result stay silent', async ({
  page,
  host,
}) => {
  await openTable(page, host);
  await insertNote(page, host, 2, 1_000);
  await bet(page, 'banker', 100);
  await force(host, ['KH', '9S', 'QD', '10C']);
  await page.getByTestId('btn-deal').click();
  // The first card is on the felt; three more, and the result, are still to come when the door opens.
  await expect(mute(page)).toHaveAttribute('data-last-effect', /^card/);
  await host.must('test:door', { open: true });
  await expect(page.getByTestId('tilt-screen')).toBeVisible();
  await expect(mute(page)).toHaveAttribute('data-last-effect', 'warning');
  await expectGains(page, { effects: '0.0000', music: '0.0000', alert: VENUE_GAIN });
  const afterWarning = await played(page);
  const sourcesAfterWarning = (await started(page)).length;
  // The replay finishes under the lock screen: its cards and its win make no sound.
  await expect(page.getByTestId('result-banner')).toBeAttached({ timeout: 20_000 });
  expect(await played(page)).toBe(afterWarning);
  expect((await started(page)).length).toBe(sourcesAfterWarning);
  await expect(mute(page)).toHaveAttribute('data-music-playing', 'false');

  await host.must('test:door', { open: false });
  await expect(page.getByTestId('tilt-screen')).toBeHidden();
  await expectGains(page, { effects: VENUE_GAIN, music: VENUE_GAIN, alert: VENUE_GAIN });
  await expect(mute(page)).toHaveAttribute('data-music-playing', 'true', MUSIC_RENDER);
});

test.describe('the session ends with attract mode', () => {
  test.use({ attractAfterMs: 3_000 });

  test("the player's sound settings go back to the venue's defaults, and the music pauses in attract mode", async ({
    page,
    host,
  }) => {
    await openTable(page, host);
    await openMenu(page);
    await page.getByTestId('volume-down').click();
    await page.getByTestId('sound-effects-toggle').click();
    await expect(page.getByTestId('volume-percent')).toHaveText('40');
    await expectGains(page, { effects: '0.0000', music: '0.1600', alert: '0.0000' });
    await page.getByTestId('menu-back').click();

    // Nobody touches the empty machine: attract mode starts, the session is over.
    const attract = page.getByTestId('attract');
    await expect(attract).toBeVisible({ timeout: 20_000 });
    await expectGains(page, { effects: VENUE_GAIN, music: '0.0000', alert: VENUE_GAIN });
    await expect(mute(page)).toHaveAttribute('data-music-playing', 'false');

    // The next player hears the venue's settings, and the music again.
    await page.mouse.click(960, 700);
    await expect(attract).toBeHidden();
    await expectGains(page, { effects: VENUE_GAIN, music: VENUE_GAIN, alert: VENUE_GAIN });
    await expect(mute(page)).toHaveAttribute('data-music-playing', 'true', MUSIC_RENDER);
    await openMenu(page);
    await expect(page.getByTestId('volume-percent')).toHaveText('50');
    await expect(page.getByTestId('sound-effects-toggle')).toHaveAttribute('aria-checked', 'true');
  });
});
