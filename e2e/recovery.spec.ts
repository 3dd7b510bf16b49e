/**
 * Power loss in the middle of a round (docs/cabinet-rules.md#power-loss): the host is
 * SIGKILLed while a round is locked (bets debited, no card dealt) — held there by the
 * host's test hook BACCARAT_TEST_PAUSE_AFTER_LOCK — and restarted on the same journal.
 * Start-up recovery voids the round and refunds every bet before the table shows credits.
 */
import type { Page } from '@playwright/test';
import path from 'node:path';
import { startHost, type HostProcess } from './host-process.ts';
import { bet, expect, expectMeter, insertNote, lastRounds, test, waitForTable } from './fixtures.ts';

test.use({ hostEnv: { BACCARAT_TEST_PAUSE_AFTER_LOCK: '1' } });

/** Bets 7.00 of 50.00, presses DEAL, kills the host while the round is locked, restarts it on the same journal. */
async function killMidRoundAndRestart(kiosk: Page, host: HostProcess, workDir: string): Promise<HostProcess> {
  await insertNote(kiosk, host, 4, 5_000);
  await bet(kiosk, 'player', 500, 1);
  await bet(kiosk, 'banker', 100, 2);
  await expectMeter(kiosk, 'total-bet', 700);

  await kiosk.getByTestId('btn-deal').click();
  const paused = await host.waitForLine((line) => line.paused === 'after-lock');
  expect(paused.creditsMinor).toBe(4_300); // debited and journaled, no card dealt
  await host.kill('SIGKILL');
  expect(host.child.signalCode).toBe('SIGKILL');
  return startHost({ journal: path.join(workDir, 'journal.sqlite') });
}

test('host killed mid-round and restarted on the same journal: the round is voided and every bet refunded', async ({
  kiosk,
  host,
  workDir,
}) => {
  const restarted = await killMidRoundAndRestart(kiosk, host, workDir);
  try {
    const ready = await restarted.waitForLine((line) => typeof line.url === 'string');
    expect(String(ready.recovery)).toMatch(/voided/);
    const [round] = await lastRounds(restarted, 1);
    expect(round?.status).toBe('voided');
    expect(round!.refundedMinor).toBe(700);
    expect(round!.voidCode?.code).toBe('power-lost');
    expect(round!.cards).toEqual([]);

    await kiosk.goto(restarted.url);
    await waitForTable(kiosk);
    // The first frame with credits already shows the refunded credits.
    await expectMeter(kiosk, 'credit-meter', 5_000);
    await expectMeter(kiosk, 'total-bet', 0);
  } finally {
    await restarted.kill('SIGTERM');
  }
});

test('after the restart the refund is shown on the void screen', async ({ kiosk, host, workDir }) => {
  const restarted = await killMidRoundAndRestart(kiosk, host, workDir);
  try {
    await kiosk.goto(restarted.url);
    await waitForTable(kiosk);
    const voidScreen = kiosk.getByTestId('void-screen');
    await expect(voidScreen).toBeVisible();
    await expect(voidScreen).toHaveAttribute('data-minor', '700');
    await expect(voidScreen).toContainText('7.00');
  } finally {
    await restarted.kill('SIGTERM');
  }
});
