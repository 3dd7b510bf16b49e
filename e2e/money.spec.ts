/**
 * Money reaches the screen exactly as main recorded it: notes from the bill-acceptor
 * emulator, rounds on several spots, REBET ×2, and limit refusals in words.
 * Expected credits always come from the cabinet's own RoundRecord (history:list from main),
 * never from arithmetic on what the screen showed.
 */
import { bet, expect, expectMeter, insertNote, lastRounds, meterMinor, sum, test, winMeterMinor } from './fixtures.ts';

test.describe('bill acceptor', () => {
  // The note's own path is the subject: a real unit's pace.
  test.use({ notePace: 'device' });
  test('a note inserted in the emulator reaches the credit meter', async ({ kiosk, host }) => {
    await expectMeter(kiosk, 'credit-meter', 0);
    await insertNote(kiosk, host, 2, 1_000); // channel 2 = 10.00
    await insertNote(kiosk, host, 1, 500); // channel 1 = 5.00
    await expectMeter(kiosk, 'credit-meter', 1_500);
    await expect(kiosk.getByTestId('credit-meter')).toContainText('15.00');
  });

  test('the service panel inserts a note through the emulator too', async ({ page, host }) => {
    await page.goto(`${host.url}&service=1`);
    await expect(page.getByTestId('service-panel')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('service-insert-3').click(); // channel 3 = 20.00
    await expectMeter(page, 'credit-meter', 2_000);
  });
});

test.describe('rounds', () => {
  test('bets on several spots, DEAL: settlement and the credits match the cabinet record exactly', async ({
    kiosk,
    host,
  }) => {
    await insertNote(kiosk, host, 4, 5_000); // 50.00
    await bet(kiosk, 'player', 500, 2); // 10.00
    await bet(kiosk, 'banker', 100, 3); // 3.00
    await bet(kiosk, 'tie', 100, 1); // 1.00
    await expectMeter(kiosk, 'total-bet', 1_400);
    await expect(kiosk.getByTestId('spot-player-amount')).toHaveAttribute('data-minor', '1000');
    await expect(kiosk.getByTestId('spot-banker-amount')).toHaveAttribute('data-minor', '300');
    await expect(kiosk.getByTestId('spot-tie-amount')).toHaveAttribute('data-minor', '100');

    await kiosk.getByTestId('btn-deal').click();
    await expect(kiosk.getByTestId('result-banner')).toBeVisible({ timeout: 20_000 });

    const [round] = await lastRounds(host, 1);
    expect(round?.status).toBe('settled');
    expect(round!.bets).toEqual({ player: 1_000, banker: 300, tie: 100 });
    expect(round!.creditsBeforeMinor).toBe(5_000);
    expect(round!.creditsAfterMinor).toBe(5_000 - 1_400 + sum(round!.returns));
    await expectMeter(kiosk, 'credit-meter', round!.creditsAfterMinor);
    await expectMeter(kiosk, 'last-win', winMeterMinor(round!));
    // The cards on the table are the recorded ones.
    await expect(kiosk.getByTestId('card')).toHaveCount(round!.cards.length);
  });

  test('REBET ×2 starts a round with the last bets doubled', async ({ kiosk, host }) => {
    await insertNote(kiosk, host, 4, 5_000);
    await bet(kiosk, 'banker', 500, 1);
    await bet(kiosk, 'player', 100, 2);
    await kiosk.getByTestId('btn-deal').click();
    await expect(kiosk.getByTestId('result-banner')).toBeVisible({ timeout: 20_000 });
    const [first] = await lastRounds(host, 1);
    await expectMeter(kiosk, 'credit-meter', first!.creditsAfterMinor);

    await kiosk.getByTestId('btn-rebet-x2').click();
    await expect
      .poll(async () => (await lastRounds(host, 1))[0]?.roundId, { timeout: 20_000 })
      .toBe(first!.roundId + 1);
    const [second] = await lastRounds(host, 1);
    expect(second!.bets).toEqual({ banker: 1_000, player: 400 });
    expect(second!.creditsBeforeMinor).toBe(first!.creditsAfterMinor);
    await expectMeter(kiosk, 'credit-meter', second!.creditsAfterMinor);
    await expectMeter(kiosk, 'last-win', winMeterMinor(second!));
  });

  test('limit refusals are shown in words and change nothing', async ({ kiosk, host }) => {
    // At zero credit a tap on the felt asks for a note instead of reproaching the player.
    await kiosk.getByTestId('spot-player').click();
    await expect(kiosk.getByTestId('error-banner')).toHaveText(/Insert a note to play\./);
    await insertNote(kiosk, host, 5, 10_000); // 100.00
    await insertNote(kiosk, host, 5, 10_000);
    const credits = await meterMinor(kiosk, 'credit-meter');
    // Tie max is 100.00 in the default venue config: the second 100.00 chip breaks it.
    await bet(kiosk, 'tie', 10_000, 1);
    await expectMeter(kiosk, 'total-bet', 10_000);
    await kiosk.getByTestId('spot-tie').click();
    const banner = kiosk.getByTestId('error-banner');
    await expect(banner).toHaveAttribute('data-code', 'above-spot-max');
    await expect(banner).toContainText(/[a-z]{3,} [a-z]{2,}/i); // a sentence, not a code
    await expect(banner).not.toContainText('above-spot-max');
    await expect(banner).toContainText('100.00');
    await expectMeter(kiosk, 'total-bet', 10_000);
    await expectMeter(kiosk, 'credit-meter', credits);

    // More than the credits: refused in words as well.
    await kiosk.getByTestId('btn-clear').click();
    await expectMeter(kiosk, 'total-bet', 0);
    await bet(kiosk, 'player', 10_000, 2);
    await expectMeter(kiosk, 'total-bet', 20_000);
    await kiosk.getByTestId('spot-player').click();
    // Waits for this refusal's own banner (the Tie one may still be showing), so the meter below is read after it.
    await expect(banner).toHaveAttribute('data-code', 'insufficient-credits');
    await expect(banner).toContainText(/[a-z]{3,} [a-z]{2,}/i);
    await expect(banner).not.toContainText('insufficient-credits');
    await expectMeter(kiosk, 'total-bet', 20_000);
  });
});
