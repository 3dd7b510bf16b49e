/**
 * The technician's screens in the technician's language, end to end: main sends codes and parameters and the
 * staff menu words them (docs/cabinet-rules.md#operator-menu-and-key-switch). After a voided round (the RNG
 * unplugged during the deal), a settled one, a bill acceptor unplugged and plugged back and the door opened
 * and closed, the event log, game recall (voided, settled, replay) and diagnostics show no original English
 * words of main's, in German and Czech at both screen sizes (screenshots in /tmp/staff-shots/ and
 * e2e/artifacts/staff-lang/). Then the RAM clear screen saves the whole game recall and event log as main's
 * files (a real download each), which must hold what the journal holds, before the clear.
 */
import type { Download, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, bet, expect, insertNote, keepShot, test } from './fixtures.ts';
import { messages } from '../renderer/src/i18n/index.ts';
import type { HostProcess } from './host-process.ts';

const VIEWPORTS = [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
] as const;
const LANGUAGES = ['de', 'cs'] as const;
const PLAYER_WINS = ['9H', '2C', 'KS', '3D'];
const SHOTS = ['/tmp/staff-shots', path.join(ARTIFACTS, 'staff-lang')];

/**
 * Words main used to write into these screens before it sent codes; none may show on a translated screen
 * outside a line marked as the original text.
 */
const MAIN_ENGLISH =
  /\b(voided|refunded|cleared|opened|closed|reports|retrying|enabled on|disabled on|signed in|power-up|handpay|not started|from rng|from bill-acceptor|RNG failure|bill-acceptor|rng-fault|device-fault|door-open|technician|attendant)\b/i;

async function tapPin(page: Page, pin: string): Promise<void> {
  for (const d of pin) await page.getByTestId(`staff-key-${d}`).click();
  await page.getByTestId('staff-key-ok').click();
}

/** The visible text of `testId`, without the lines marked as original words. */
async function translatedText(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).evaluate((el) => {
    const copy = el.cloneNode(true) as typeof el;
    for (const raw of copy.querySelectorAll('[data-testid="staff-original-text"]')) raw.remove();
    return copy.innerText;
  });
}

async function expectNoMainEnglish(page: Page, testId: string, where: string): Promise<void> {
  const text = await translatedText(page, testId);
  expect(text.match(MAIN_ENGLISH)?.[0] ?? null, `${where}: ${text}`).toBeNull();
}

async function shot(page: Page, name: string): Promise<void> {
  for (const dir of SHOTS) {
    await keepShot(page, path.join(dir, `${name}.png`), { animations: 'disabled' });
  }
}

async function saveDownload(page: Page, testId: string): Promise<{ name: string; text: string }> {
  const download: Promise<Download> = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const file = await download;
  const local = await file.path();
  await expect(page.getByTestId(testId)).toHaveAttribute('data-saved', 'true');
  return { name: file.suggestedFilename(), text: readFileSync(local, 'utf8') };
}

async function playDay(page: Page, host: HostProcess): Promise<void> {
  await insertNote(page, host, 4, 5_000);
  await bet(page, 'banker', 500, 1);
  await host.must('test:rng-unplug', { duringNextDeal: true });
  await page.getByTestId('btn-deal').click();
  await expect(page.getByTestId('void-screen')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('void-ok').click();
  await host.must('test:rng-replug');
  await expect(page.getByTestId('tilt-screen')).toBeHidden({ timeout: 30_000 });
  await host.must('test:force-cards', { cards: PLAYER_WINS });
  await bet(page, 'player', 500, 2);
  await page.getByTestId('btn-deal').click();
  await expect(page.getByTestId('result-banner')).toHaveAttribute('data-winner', 'player', { timeout: 20_000 });
  await page.getByTestId('btn-new-bet').click();
  await host.must('test:bill-unplug');
  await expect(page.getByTestId('tilt-screen')).toBeVisible({ timeout: 30_000 });
  await host.must('test:bill-replug');
  await expect(page.getByTestId('tilt-screen')).toBeHidden({ timeout: 30_000 });
  await host.must('test:door', { open: true });
  await host.must('test:door', { open: false });
}

for (const viewport of VIEWPORTS) {
  test.describe(`technician screens in de and cs ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`event log, recall, diagnostics worded from codes; RAM clear saves main's files first (${viewport.name})`, async ({
      kiosk: page,
      host,
    }) => {
      test.setTimeout(240_000);
      const size = `${viewport.width}x${viewport.height}`;
      await playDay(page, host);

      await host.must('test:operator-key', { on: true });
      await host.must('test:set-pin', { role: 'technician', pin: '246810' });
      await page.getByTestId('staff-role-technician').click();
      await tapPin(page, '246810');
      await expect(page.getByTestId('staff-role')).toHaveAttribute('data-role', 'technician');
      const rounds = await host.must<Array<{ roundId: number; status: string }>>('tech:recall', { limit: 10 });
      const voided = rounds.find((r) => r.status === 'voided')!;
      const settled = rounds.find((r) => r.status === 'settled')!;

      for (const lang of LANGUAGES) {
        await page.getByTestId(`staff-lang-${lang}`).click();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);

        await page.getByTestId('staff-nav-events').click();
        await expect(page.getByTestId('staff-event-row').first()).toBeVisible();
        // Every row written by this cabinet carries its code: none needs its original words.
        await expect(page.getByTestId('staff-events-table').locator('[data-code=""]')).toHaveCount(0);
        await expect(page.getByTestId('staff-events-table').getByTestId('staff-original-text')).toHaveCount(0);
        await expectNoMainEnglish(page, 'staff-events-table', `${lang} event log`);
        await shot(page, `events-${lang}-${size}`);

        await page.getByTestId('staff-nav-recall').click();
        await page.getByTestId(`staff-recall-row-${voided.roundId}`).click();
        await expect(page.getByTestId('staff-recall-void')).toHaveAttribute('data-code', 'rng-fault');
        await expect(page.getByTestId('staff-recall-detail').getByTestId('staff-original-text')).toHaveCount(0);
        await expectNoMainEnglish(page, 'staff-recall-detail', `${lang} voided round`);
        await shot(page, `recall-voided-${lang}-${size}`);
        await page.getByTestId(`staff-recall-row-${settled.roundId}`).click();
        await page.getByTestId('staff-recall-replay').click();
        await expect(page.getByTestId('staff-replay-result')).toHaveAttribute('data-match', 'true');
        // Card tags in deal order, lettered as the felt's badges in this language (docs/glossary.md).
        const { badgePlayer: p, badgeBanker: b } = messages[lang].spot;
        await expect(page.getByTestId('staff-recall-cards').locator('.tag')).toHaveText([
          `1 · ${p}1`,
          `2 · ${b}1`,
          `3 · ${p}2`,
          `4 · ${b}2`,
        ]);
        await expectNoMainEnglish(page, 'staff-recall-detail', `${lang} settled round and replay`);
        await shot(page, `recall-settled-replay-${lang}-${size}`);

        await page.getByTestId('staff-nav-diagnostics').click();
        await expect(page.getByTestId('staff-diag-bill-detail')).not.toHaveAttribute('data-code', '');
        await expect(page.getByTestId('staff-diag-rng-detail')).not.toHaveAttribute('data-code', '');
        await expect(page.getByTestId('staff-view-diagnostics').getByTestId('staff-original-text')).toHaveCount(0);
        await expectNoMainEnglish(page, 'staff-view-diagnostics', `${lang} diagnostics`);
        await shot(page, `diagnostics-${lang}-${size}`);
      }

      // RAM clear: main's recall and event-log files are downloaded first, and hold what the journal holds.
      await page.getByTestId('staff-nav-ram-clear').click();
      await saveDownload(page, 'staff-ram-export-meters');
      const recall = await saveDownload(page, 'staff-ram-export-recall');
      const eventsJson = await saveDownload(page, 'staff-ram-export-events');
      const eventsCsv = await saveDownload(page, 'staff-ram-export-events-csv');
      expect(recall.name).toMatch(/^game-recall-.+\.json$/);
      expect(eventsJson.name).toMatch(/^event-log-.+\.json$/);
      expect(eventsCsv.name).toMatch(/^event-log-.+\.csv$/);
      const recallDoc = JSON.parse(recall.text) as {
        header: { formatVersion: number; counts: { rounds: number; voided: number; settled: number } };
        rounds: Array<{ roundId: number }>;
      };
      expect(recallDoc.header).toMatchObject({ formatVersion: 1, counts: { rounds: 2, voided: 1, settled: 1 } });
      expect(recallDoc.rounds.map((r) => r.roundId)).toEqual([voided.roundId, settled.roundId].sort((a, b) => a - b));
      const journalEvents = await host.must<Array<{ id: number }>>('tech:events', { limit: 500 });
      const eventsDoc = JSON.parse(eventsJson.text) as {
        header: { counts: { events: number } };
        events: Array<{ id: number; message: { code: string } | null }>;
      };
      // The file was made before the downloads' own staff events: it holds every event up to then, in order.
      expect(eventsDoc.events.map((e) => e.id)).toEqual(
        journalEvents
          .map((e) => e.id)
          .filter((id) => id <= eventsDoc.events.at(-1)!.id)
          .reverse(),
      );
      expect(eventsDoc.header.counts.events).toBe(eventsDoc.events.length);
      expect(eventsDoc.events.filter((e) => e.message === null)).toEqual([]);
      expect(eventsCsv.text.split('\r\n')[0]).toBe('format,baccarat-kiosk.event-log');

      const ramClear = async (): Promise<void> => {
        await page.getByTestId('staff-ram-clear').click();
        await page.getByTestId('staff-ram-confirm-1').click();
        await page.getByTestId('staff-ram-confirm-2').click();
      };
      // The player's credits are still on the meter: main refuses, and the screen names the way on in its language.
      const lang = (await page.locator('html').getAttribute('lang'))!;
      await ramClear();
      await expect(page.getByTestId('staff-error')).toHaveAttribute('data-code', 'not-permitted');
      await expectNoMainEnglish(page, 'staff-error', `${lang} RAM clear refused`);
      // Cashed out and the handpay paid: the cabinet holds nothing, and the RAM clear runs.
      await host.must('test:operator-key', { on: false });
      await host.must('cashout:collect');
      await host.must('test:operator-key', { on: true });
      await page.getByTestId('staff-role-technician').click();
      await tapPin(page, '246810');
      await expect(page.getByTestId('staff-role')).toHaveAttribute('data-role', 'technician');
      await host.must('tech:clear-handpay');
      await page.getByTestId('staff-nav-ram-clear').click();
      await ramClear();
      await expect(page.getByTestId('staff-done')).toHaveAttribute('data-key', 'ram-cleared');
    });
  });
}
