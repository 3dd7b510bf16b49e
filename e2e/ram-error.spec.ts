/**
 * A damaged journal end to end (docs/cabinet-rules.md#damaged-journal): a host plays a round on a real
 * journal and stops; one byte of the ledger's page is flipped on disk; the next host starts anyway, locked
 * in a memory error the player is told to call an attendant about. The damaged journal's PINs cannot be
 * read, so the keypad says how to provision one; the test controls stand in for provisioning, and the
 * technician signs in on the keypad, reads the diagnosis,
 * exports what is still readable and does the RAM clear; play resumes and the damaged file is still there.
 */
import type { Page } from '@playwright/test';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { damageJournalFile } from '../electron/testing/journal-file-damage.ts';
import { startHost, type HostProcess } from './host-process.ts';
import { bet, expect, expectMeter, insertNote, lastRounds, test, waitForTable } from './fixtures.ts';

async function tapPin(page: Page, pin: string): Promise<void> {
  for (const d of pin) await page.getByTestId(`staff-key-${d}`).click();
  await expect(page.getByTestId('staff-pin-dots')).toHaveAttribute('data-count', String(pin.length));
  await page.getByTestId('staff-key-ok').click();
}

async function playRound(page: Page, host: HostProcess): Promise<void> {
  await host.must('test:force-cards', { cards: ['KH', '9S', 'QD', '10C'] });
  await bet(page, 'banker', 500, 1);
  await page.getByTestId('btn-deal').click();
  await expect(page.getByTestId('result-banner')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('btn-new-bet').click();
  await expectMeter(page, 'total-bet', 0);
}

test('a damaged journal starts locked; the technician exports, RAM-clears, and play resumes', async ({
  page,
  workDir,
}, testInfo) => {
  // It starts browser test hosts of its own, so it needs the host's test controls, which the Electron shell has not.
  test.skip(testInfo.project.name !== 'chromium-host', 'needs the browser test host controls');
  test.setTimeout(180_000);
  const journal = path.join(workDir, 'journal.sqlite');
  const first = await startHost({ journal });
  try {
    await page.goto(first.url);
    await waitForTable(page);
    await insertNote(page, first, 5, 10_000);
    await playRound(page, first);
  } finally {
    await first.kill('SIGTERM');
  }
  damageJournalFile(journal, 'data-page');

  const host = await startHost({ journal });
  try {
    // No crash and no exit: the host serves, and its start-up line says why it is locked.
    const started = await host.waitForLine((line) => typeof line.recovery === 'string');
    expect(String(started.recovery)).toMatch(/^RAM error: journal damaged \(quick-check check failed/);
    await page.goto(host.url);
    const lock = page.getByTestId('tilt-screen');
    await expect(lock).toBeVisible({ timeout: 20_000 });
    await expect(lock).toHaveAttribute('data-kind', 'memory-error');
    await expect(lock).toHaveAttribute('data-source', 'journal');
    await expect(lock).toContainText('Please call an attendant');
    expect(await host.call('bets:place', { spot: 'banker', chipMinor: 500 })).toMatchObject({
      ok: false,
      error: { code: 'tilted' },
    });

    // The technician: key on; no PIN in the fresh journal, and the keypad says how to provision one.
    await host.must('test:operator-key', { on: true });
    await page.getByTestId('staff-role-technician').click();
    await expect(page.getByTestId('staff-no-pin')).toContainText('npm run provision -- --role technician');
    await tapPin(page, '864209');
    await expect(page.getByTestId('staff-pin-error')).toHaveAttribute('data-code', 'no-pin');
    await host.must('test:set-pin', { role: 'technician', pin: '864209' });
    await tapPin(page, '864209');
    await expect(page.getByTestId('staff-role')).toHaveAttribute('data-role', 'technician');
    await page.getByTestId('staff-nav-ram-clear').click();
    const damage = page.getByTestId('staff-journal-damage');
    await expect(damage).toBeVisible();
    await expect(damage).toHaveAttribute('data-check', 'quick-check');
    const kept = (await page.getByTestId('staff-journal-damage-file').textContent())?.trim() ?? '';
    expect(kept).toMatch(/^journal\.sqlite\.damaged-\d{8}T\d{9}Z$/);
    await expect(page.getByTestId('staff-journal-damage-sha')).toHaveText(/^[0-9a-f]{64}$/);

    // Export what can still be read: a download, and the counts main reports.
    const download = page.waitForEvent('download');
    await page.getByTestId('staff-journal-damage-export').click();
    expect((await download).suggestedFilename()).toMatch(/^journal\.sqlite\.damaged-.*\.salvage-.*\.jsonl$/);
    await expect(page.getByTestId('staff-journal-damage-export')).toHaveAttribute('data-exported', 'true');
    const counts = page.getByTestId('staff-journal-damage-counts');
    expect(Number(await counts.getAttribute('data-rows'))).toBeGreaterThan(0);
    expect(Number(await counts.getAttribute('data-unreadable'))).toBeGreaterThan(0);

    // The RAM clear: two confirmations; the damage screen goes with the lock.
    await page.getByTestId('staff-ram-clear').click();
    await page.getByTestId('staff-ram-confirm-1').click();
    await page.getByTestId('staff-ram-confirm-2').click();
    await expect(page.getByTestId('staff-done')).toHaveAttribute('data-key', 'ram-cleared');
    await expect(damage).toBeHidden();
    await host.must('test:operator-key', { on: false });
    await expect(page.getByTestId('staff-menu')).toBeHidden();
    await expect(lock).toBeHidden();

    // Play resumes on the fresh journal; the damaged file is kept for forensics.
    await waitForTable(page);
    await insertNote(page, host, 5, 10_000);
    await playRound(page, host);
    const [round] = await lastRounds(host, 1);
    expect(round?.status).toBe('settled');
    expect(existsSync(path.join(workDir, kept))).toBe(true);
    expect(readdirSync(workDir).filter((f) => f.endsWith('.ram-error.json'))).toEqual([]);
  } finally {
    await host.kill('SIGTERM');
  }
});
