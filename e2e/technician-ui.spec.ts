/**
 * The staff menu end to end, at both screen sizes: the operator key opens it, a PIN is tapped on its
 * keypad, an attendant pays a handpay, a technician works through every screen and does a RAM clear,
 * and the key turning off closes it. Every staff screen is captured into e2e/artifacts/screens/ in
 * English, German and Finnish (the longest words of the six languages).
 */
import type { Page, TestInfo } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { HostProcess } from './host-process.ts';
import {
  ARTIFACTS,
  bet,
  expect,
  expectMeter,
  insertNote,
  KEEP_SHOTS,
  keepShot,
  lastRounds,
  test,
  waitForTable,
} from './fixtures.ts';

const VIEWPORTS = [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
] as const;
const LANGUAGES = ['en', 'de', 'fi'] as const;

/** Taps a PIN on the staff keypad, digit by digit, then OK. */
async function tapPin(page: Page, pin: string): Promise<void> {
  for (const d of pin) await page.getByTestId(`staff-key-${d}`).click();
  await expect(page.getByTestId('staff-pin-dots')).toHaveAttribute('data-count', String(pin.length));
  await page.getByTestId('staff-key-ok').click();
}

async function playRound(page: Page, host: HostProcess, cards: readonly string[]): Promise<void> {
  await host.must('test:force-cards', { cards });
  await bet(page, 'player', 500, 1);
  await bet(page, 'banker', 100, 2);
  await page.getByTestId('btn-deal').click();
  await expect(page.getByTestId('result-banner')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('btn-new-bet').click();
  await expectMeter(page, 'total-bet', 0);
}

for (const viewport of VIEWPORTS) {
  test.describe(`staff menu ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`sign in on the keypad, pay a handpay, every technician screen, RAM clear (${viewport.name})`, async ({
      page,
      host,
    }, testInfo) => {
      test.setTimeout(300_000);
      const dir = path.join(ARTIFACTS, 'screens');
      const size = `${viewport.width}x${viewport.height}`;
      const language = async (lang: string): Promise<void> => {
        if ((await page.locator('html').getAttribute('lang')) === lang) return;
        await page.getByTestId(`staff-lang-${lang}`).click();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
      };
      /** The screen as it is, in each language; English again afterwards. Only when pictures are kept. */
      const shoot = async (name: string): Promise<void> => {
        if (!KEEP_SHOTS) return;
        for (const lang of LANGUAGES) {
          await language(lang);
          await capture(page, testInfo, dir, `${name}-${lang}-${size}`);
        }
        await language('en');
      };
      /** A dialog covers the language buttons: it is opened and shut once per language (once when no pictures are kept). */
      const shootDialog = async (name: string, open: () => Promise<void>, shut: () => Promise<void>): Promise<void> => {
        for (const lang of KEEP_SHOTS ? LANGUAGES : ['en']) {
          await language(lang);
          await open();
          await capture(page, testInfo, dir, `${name}-${lang}-${size}`);
          await shut();
        }
        await language('en');
      };

      await page.goto(host.url);
      await waitForTable(page);
      await insertNote(page, host, 5, 10_000);
      await playRound(page, host, ['2H', 'KC', '3S', '6D', '4C']);
      await playRound(page, host, ['KH', '9S', 'QD', '10C']);
      const [last] = await lastRounds(host, 1);
      const credits = last!.creditsAfterMinor;

      // A cash-out leaves a handpay for the attendant.
      await page.getByTestId('btn-cashout').click();
      await page.getByTestId('cashout-confirm').click();
      await expect(page.getByTestId('handpay-screen')).toBeVisible();

      // The key opens the menu over everything: role choice, then the keypad.
      await host.must('test:operator-key', { on: true });
      await expect(page.getByTestId('staff-menu')).toBeVisible();
      await expect(page.getByTestId('staff-signin')).toBeVisible();
      await shoot('20-staff-roles');

      await page.getByTestId('staff-role-attendant').click();
      await expect(page.getByTestId('staff-no-pin')).toBeVisible();
      await shoot('21-staff-no-pin');
      await host.must('test:set-pin', { role: 'attendant', pin: '1357' });
      await tapPin(page, '1357');
      await expect(page.getByTestId('staff-role')).toHaveAttribute('data-role', 'attendant');

      // Attendant: meters, the handpay, tilts. No technician screens.
      await expect(page.getByTestId('staff-view-meters')).toBeVisible();
      await expect(page.getByTestId('staff-meter-billsInMinor')).toHaveAttribute('data-value', '10000');
      await expect(page.getByTestId('staff-nav-config')).toHaveCount(0);
      await shoot('22-staff-meters-attendant');
      await page.getByTestId('staff-nav-handpay').click();
      await expect(page.getByTestId('staff-handpay-amount')).toBeVisible();
      await expect(page.getByTestId('staff-handpay-pending')).toHaveAttribute('data-minor', String(credits));
      await shoot('23-staff-handpay');
      await shootDialog(
        '24-staff-handpay-confirm',
        async () => {
          await page.getByTestId('staff-handpay-clear').click();
          await expect(page.getByTestId('staff-handpay-dialog')).toBeVisible();
        },
        () => page.getByTestId('staff-handpay-cancel').click(),
      );
      await page.getByTestId('staff-handpay-clear').click();
      await page.getByTestId('staff-handpay-confirm').click();
      await expect(page.getByTestId('staff-done')).toHaveAttribute('data-key', 'handpay-cleared');
      await expect(page.getByTestId('staff-handpay-none')).toBeVisible();

      // An open door: the tilt says why it cannot be cleared yet.
      await host.must('test:door', { open: true });
      await page.getByTestId('staff-nav-tilts').click();
      await expect(page.getByTestId('staff-tilt-why-door-open')).toBeVisible();
      await expect(page.getByTestId('staff-door-open')).toBeVisible();
      await shoot('25-staff-tilts');
      await host.must('test:door', { open: false });
      await expect(page.getByTestId('staff-tilts-none')).toBeVisible();

      // The table underneath says the menu is open; play is paused.
      await page.getByTestId('staff-peek').click();
      await expect(page.getByTestId('staff-menu-open-notice')).toBeVisible();
      await capture(page, testInfo, dir, `26-staff-table-menu-open-en-${size}`);
      await page.getByTestId('staff-back-to-menu').click();

      // A wrong technician PIN shows the attempts left; the right one opens every screen.
      await page.getByTestId('staff-signout').click();
      await expect(page.getByTestId('staff-signin')).toBeVisible();
      await host.must('test:set-pin', { role: 'technician', pin: '246810' });
      await page.getByTestId('staff-role-technician').click();
      await tapPin(page, '1111');
      await expect(page.getByTestId('staff-pin-error')).toHaveAttribute('data-code', 'wrong-pin');
      await expect(page.getByTestId('staff-attempts')).toHaveAttribute('data-left', '4');
      await shoot('27-staff-pin-wrong');
      await tapPin(page, '246810');
      await expect(page.getByTestId('staff-role')).toHaveAttribute('data-role', 'technician');
      await shoot('28-staff-meters');

      await page.getByTestId('staff-nav-events').click();
      await expect(page.getByTestId('staff-event-row').first()).toBeVisible();
      await shoot('29-staff-events');
      await page.getByTestId('staff-events-kind-staff').click();
      await expect(page.getByTestId('staff-event-row').first()).toHaveAttribute('data-kind', 'staff');

      await page.getByTestId('staff-nav-recall').click();
      await page.getByTestId(`staff-recall-row-${last!.roundId - 1}`).click();
      await expect(page.getByTestId('staff-recall-cards').getByTestId('card')).toHaveCount(5);
      await page.getByTestId('staff-recall-replay').click();
      await expect(page.getByTestId('staff-replay-result')).toHaveAttribute('data-match', 'true');
      await shoot('30-staff-recall');

      await page.getByTestId('staff-nav-config').click();
      await expect(page.getByTestId('staff-config-section-limits')).toBeVisible();
      await expect(page.getByTestId('staff-config-secret-devices.billAcceptor.fixedKeyHex')).toBeVisible();
      await shoot('31-staff-config');
      // A tie maximum above the table maximum (typed in euros): main's problem is shown next to the field, as typed.
      const typeTieMax = async (digits: string): Promise<void> => {
        await page.getByTestId('staff-config-edit-limits.spots.tie.maxMinor').click();
        await page.getByTestId('staff-entry-clear').click();
        for (const d of digits) await page.getByTestId(`staff-entry-key-${d}`).click();
      };
      await shootDialog(
        '32-staff-config-typing',
        async () => {
          await typeTieMax('900000');
          await expect(page.getByTestId('staff-entry-problem')).not.toHaveText(/^\s*$/);
        },
        () => page.getByTestId('staff-entry-cancel').click(),
      );
      await typeTieMax('900000');
      await page.getByTestId('staff-entry-ok').click();
      await expect(page.getByTestId('staff-config-issue-limits.spots.tie.maxMinor')).toBeVisible();
      await expect(page.getByTestId('staff-config-apply')).toBeDisabled();
      await shoot('33-staff-config-issue');
      await typeTieMax('200');
      await page.getByTestId('staff-entry-ok').click();
      await expect(page.getByTestId('staff-config-issue-count')).toHaveCount(0);
      await shootDialog(
        '34-staff-config-apply',
        async () => {
          await page.getByTestId('staff-config-apply').click();
          await expect(page.getByTestId('staff-config-changes').locator('tr[data-key]')).toHaveCount(1);
        },
        () => page.getByTestId('staff-config-cancel').click(),
      );
      await page.getByTestId('staff-config-apply').click();
      await page.getByTestId('staff-config-apply-confirm').click();
      await expect(page.getByTestId('staff-done')).toHaveAttribute('data-key', 'config-applied');

      await page.getByTestId('staff-nav-audit').click();
      await expect(page.getByTestId('staff-audit-row').first()).toHaveAttribute(
        'data-field',
        'limits.spots.tie.maxMinor',
      );
      await shoot('35-staff-audit');

      await page.getByTestId('staff-nav-diagnostics').click();
      await expect(page.getByTestId('staff-diag-rng')).toBeVisible();
      await expect(page.getByTestId('staff-diag-key')).toHaveAttribute('data-on', 'true');
      // Note test mode: a note is read and handed back; the credit does not move.
      await page.getByTestId('staff-bill-test-toggle').click();
      await expect(page.getByTestId('staff-bill-test-toggle')).toHaveAttribute('data-on', 'true');
      await host.call('test:insert-note', { channel: 1 });
      // The diagnostics are read on refresh, so refresh until the handed-back note is listed; each read gets the
      // bound of a plain expect, and the note's own path (read, rejected, handed back) the device-driven 20 s.
      await expect(async () => {
        await page.getByTestId('staff-diag-refresh').click();
        await expect(page.getByTestId('staff-diag-test-note')).toHaveCount(1, { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await shoot('36-staff-diagnostics');
      await page.getByTestId('staff-bill-test-toggle').click();
      await expect(page.getByTestId('staff-bill-test-toggle')).toHaveAttribute('data-on', 'false');

      // RAM clear: the exports first (the archive's too), then two confirmations.
      await page.getByTestId('staff-nav-ram-clear').click();
      for (const what of ['meters', 'recall', 'events', 'events-csv', 'archive-rounds', 'archive-events']) {
        const download = page.waitForEvent('download');
        await page.getByTestId(`staff-ram-export-${what}`).click();
        const file = await download;
        await expect(page.getByTestId(`staff-ram-export-${what}`)).toHaveAttribute('data-saved', 'true');
        if (what === 'recall') {
          // Main's whole game recall, one file with its header: both rounds played above.
          const doc = JSON.parse(readFileSync(await file.path(), 'utf8')) as { header: { counts: { rounds: number } } };
          expect(doc.header.counts.rounds).toBe(2);
        }
      }
      await shoot('37-staff-ram-clear');
      const firstConfirmation = async (): Promise<void> => {
        await page.getByTestId('staff-ram-clear').click();
        await expect(page.getByTestId('staff-ram-dialog-1')).toBeVisible();
      };
      const secondConfirmation = async (): Promise<void> => {
        await firstConfirmation();
        await page.getByTestId('staff-ram-confirm-1').click();
        await expect(page.getByTestId('staff-ram-dialog-2')).toBeVisible();
      };
      await shootDialog('38-staff-ram-confirm-1', firstConfirmation, () =>
        page.getByTestId('staff-ram-cancel-1').click(),
      );
      await shootDialog('39-staff-ram-confirm-2', secondConfirmation, () =>
        page.getByTestId('staff-ram-cancel-2').click(),
      );
      await secondConfirmation();
      await page.getByTestId('staff-ram-confirm-2').click();
      await expect(page.getByTestId('staff-done')).toHaveAttribute('data-key', 'ram-cleared');
      await page.getByTestId('staff-nav-meters').click();
      await expect(page.getByTestId('staff-meter-roundsPlayed')).toHaveAttribute('data-value', '0');

      // The key off: main signs out and the menu is gone; the table is back.
      await host.must('test:operator-key', { on: false });
      await expect(page.getByTestId('staff-menu')).toBeHidden();
      await expect(page.getByTestId('staff-menu-open-notice')).toBeHidden();
      await expect(page.getByTestId('btn-deal')).toBeVisible();
    });
  });
}

async function capture(page: Page, testInfo: TestInfo, dir: string, name: string): Promise<void> {
  await keepShot(page, path.join(dir, `${name}.png`), { animations: 'disabled', attachTo: testInfo });
}
