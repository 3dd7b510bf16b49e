/**
 * Device faults (docs/rng.md#rng-failure-stops-play, docs/cabinet-rules.md#door-and-tilt):
 * an RNG that goes away during a round voids it and refunds every bet; the tilt clears by
 * itself when the device is back and healthy. The bill acceptor is money-in only and a
 * round runs synchronously, so its unplug cannot land inside a round (cabinet.ts decision):
 * it tilts the cabinet, nothing is lost, and the tilt clears on replug.
 */
import { bet, expect, expectMeter, insertNote, lastRounds, test } from './fixtures.ts';

test.describe('device faults', () => {
  test('RNG unplugged in the middle of a round: voided, refund shown, tilt cleared when it is back', async ({
    kiosk,
    host,
  }) => {
    await insertNote(kiosk, host, 4, 5_000);
    await bet(kiosk, 'player', 500, 2);
    await bet(kiosk, 'tie', 100, 1);
    await expectMeter(kiosk, 'total-bet', 1_100);

    await host.must('test:rng-unplug', { duringNextDeal: true });
    await kiosk.getByTestId('btn-deal').click();

    const voidScreen = kiosk.getByTestId('void-screen');
    await expect(voidScreen).toBeVisible({ timeout: 20_000 });
    const [round] = await lastRounds(host, 1);
    expect(round?.status).toBe('voided');
    expect(round!.refundedMinor).toBe(1_100);
    expect(round!.cards).toEqual([]);
    await expect(voidScreen).toHaveAttribute('data-minor', '1100');
    await expect(voidScreen).toContainText('11.00');
    await expectMeter(kiosk, 'credit-meter', 5_000);

    await kiosk.getByTestId('void-ok').click();
    const tilt = kiosk.getByTestId('tilt-screen');
    await expect(tilt).toBeVisible();
    await expect(tilt).toHaveAttribute('data-kind', 'rng-fault');

    await host.must('test:rng-replug');
    await expect(tilt).toBeHidden({ timeout: 30_000 });
    await expectMeter(kiosk, 'credit-meter', 5_000);

    // Play resumes on the healthy RNG.
    await bet(kiosk, 'banker', 100, 1);
    await kiosk.getByTestId('btn-deal').click();
    await expect(kiosk.getByTestId('result-banner')).toBeVisible({ timeout: 20_000 });
    const [next] = await lastRounds(host, 1);
    expect(next?.status).toBe('settled');
    await expectMeter(kiosk, 'credit-meter', next!.creditsAfterMinor);
  });

  test('RNG unplugged while idle: the cabinet tilts and cannot deal until the RNG is back', async ({ kiosk, host }) => {
    await insertNote(kiosk, host, 2, 1_000);
    await host.must('test:rng-unplug');
    const tilt = kiosk.getByTestId('tilt-screen');
    await expect(tilt).toBeVisible({ timeout: 20_000 });
    await expect(tilt).toHaveAttribute('data-source', 'rng');
    // Refused because of the tilt (the cabinet checks that first), not merely because no bet is down.
    const refused = await host.call('round:deal', {});
    expect(refused).toMatchObject({ ok: false, error: { code: 'tilted' } });
    await host.must('test:rng-replug');
    await expect(tilt).toBeHidden({ timeout: 30_000 });
    await expectMeter(kiosk, 'credit-meter', 1_000);
  });

  test('bill acceptor unplugged with bets on the table: tilt, nothing lost, cleared on replug', async ({
    kiosk,
    host,
  }) => {
    await insertNote(kiosk, host, 4, 5_000);
    await bet(kiosk, 'banker', 500, 1);
    await host.must('test:bill-unplug');
    const tilt = kiosk.getByTestId('tilt-screen');
    await expect(tilt).toBeVisible({ timeout: 20_000 });
    await expect(tilt).toHaveAttribute('data-source', 'bill-acceptor');
    await expectMeter(kiosk, 'credit-meter', 5_000);

    await host.must('test:bill-replug');
    await expect(tilt).toBeHidden({ timeout: 30_000 });
    await expectMeter(kiosk, 'credit-meter', 5_000);
    // Money-in works again.
    await insertNote(kiosk, host, 1, 500);
  });
});
