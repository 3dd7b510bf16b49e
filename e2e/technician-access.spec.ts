/**
 * Staff access as a cabinet does it (docs/cabinet-rules.md#operator-menu-and-key-switch): the
 * operator key and the door are hardware inputs (here the host's test controls), the session
 * is main's, no sign-in sets a PIN (a role without one answers no-pin until `test:set-pin` stands in for
 * provisioning), five wrong PINs lock the role (durably), the
 * key turning off signs out, and while a session is open or the door is open the table stops.
 * Staff requests go over the host's socket, the same protocol the touchscreen speaks; the
 * screen is the witness for what the player sees.
 */
import { bet, expect, expectMeter, insertNote, test } from './fixtures.ts';
import { startHost } from './host-process.ts';

interface StaffStatusLike {
  keyOn: boolean;
  doorOpen: boolean;
  session: { role: string; since: string; signOutAt: string } | null;
  roles: Record<'attendant' | 'technician', { pinSet: boolean; lockedUntil: string | null; failures: number }>;
}

test.describe('technician access', () => {
  test('key on, no sign-in sets a PIN, the menu pauses the table, key off signs out', async ({ kiosk, host }) => {
    await insertNote(kiosk, host, 2, 1_000);
    // The key is off: sign-in and staff channels are refused.
    expect(await host.call('staff:sign-in', { role: 'technician', pin: '2468' })).toMatchObject({
      ok: false,
      error: { code: 'key-off' },
    });
    expect(await host.call('tech:meters')).toMatchObject({ ok: false, error: { code: 'key-off' } });

    await host.must('test:operator-key', { on: true });
    const fresh = await host.must<StaffStatusLike>('staff:status');
    expect(fresh).toMatchObject({ keyOn: true, session: null, roles: { technician: { pinSet: false } } });
    expect(await host.call('tech:meters')).toMatchObject({ ok: false, error: { code: 'signed-out' } });

    // No PIN yet: the sign-in is refused and sets none; a trusted path (here the test controls) sets it.
    expect(await host.call('staff:sign-in', { role: 'technician', pin: '2468' })).toMatchObject({
      ok: false,
      error: { code: 'no-pin' },
    });
    expect((await host.must<StaffStatusLike>('staff:status')).roles.technician.pinSet).toBe(false);
    await host.must('test:set-pin', { role: 'technician', pin: '2468' });
    const signedIn = await host.must<StaffStatusLike>('staff:sign-in', { role: 'technician', pin: '2468' });
    expect(signedIn.session?.role).toBe('technician');
    expect(signedIn.roles.technician.pinSet).toBe(true);
    expect(await host.call('tech:meters')).toMatchObject({ ok: true });

    // While the menu is open the table answers menu-open, and the screen says so. The staff menu covers
    // the table; "show table" sets it aside, as a technician would to look at the felt.
    await kiosk.getByTestId('staff-peek').click();
    await expect(kiosk.getByTestId('staff-menu-open-notice')).toBeVisible();
    await bet(kiosk, 'player', 100, 1);
    await expect(kiosk.getByTestId('error-banner')).toHaveAttribute('data-code', 'menu-open');
    await expectMeter(kiosk, 'total-bet', 0);

    await host.must('test:operator-key', { on: false });
    expect((await host.must<StaffStatusLike>('staff:status')).session).toBeNull();
    await bet(kiosk, 'player', 100, 1);
    await expectMeter(kiosk, 'total-bet', 100);

    // The PIN guards the role.
    await host.must('test:operator-key', { on: true });
    expect(await host.call('staff:sign-in', { role: 'technician', pin: '1357' })).toMatchObject({
      ok: false,
      error: { code: 'wrong-pin' },
    });
    expect(await host.call('staff:sign-in', { role: 'technician', pin: '2468' })).toMatchObject({ ok: true });
  });

  test('an attendant may clear a handpay but not use technician channels', async ({ kiosk, host }) => {
    await insertNote(kiosk, host, 2, 1_000);
    await host.must('cashout:collect');
    await expect(kiosk.getByTestId('handpay-screen')).toBeVisible();
    await host.must('test:set-pin', { role: 'attendant', pin: '1111' });
    await host.must('test:operator-key', { on: true });
    await host.must('staff:sign-in', { role: 'attendant', pin: '1111' });
    expect(await host.call('tech:ram-clear', { confirm: 'RAM CLEAR' })).toMatchObject({
      ok: false,
      error: { code: 'wrong-role' },
    });
    await host.must('tech:clear-handpay');
    await host.must('staff:sign-out');
    await expect(kiosk.getByTestId('handpay-screen')).toBeHidden();
  });

  test('five wrong PINs lock the role for 15 minutes, and the lockout survives a restart', async ({ host }) => {
    await host.must('test:set-pin', { role: 'technician', pin: '97531' });
    await host.must('test:operator-key', { on: true });
    for (let i = 1; i <= 4; i++) {
      expect(await host.call('staff:sign-in', { role: 'technician', pin: '00000' })).toMatchObject({
        ok: false,
        error: { code: 'wrong-pin' },
      });
    }
    const fifth = await host.call('staff:sign-in', { role: 'technician', pin: '00000' });
    expect(fifth).toMatchObject({ ok: false, error: { code: 'locked-out' } });
    const until = fifth.ok ? '' : String((fifth.error as { until?: string }).until);
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(14 * 60 * 1000);
    // Locked: even the right PIN is not checked.
    expect(await host.call('staff:sign-in', { role: 'technician', pin: '97531' })).toMatchObject({
      ok: false,
      error: { code: 'locked-out', until },
    });

    await host.kill('SIGTERM');
    const again = await startHost({ journal: host.journal });
    try {
      await again.must('test:operator-key', { on: true });
      const status = await again.must<StaffStatusLike>('staff:status');
      expect(status.roles.technician).toEqual({ pinSet: true, lockedUntil: until, failures: 5 });
      expect(await again.call('staff:sign-in', { role: 'technician', pin: '97531' })).toMatchObject({
        ok: false,
        error: { code: 'locked-out' },
      });
    } finally {
      await again.kill('SIGTERM');
    }
  });

  test('the door opening stops play; closing it lets play resume', async ({ kiosk, host }) => {
    await insertNote(kiosk, host, 2, 1_000);
    await host.must('test:door', { open: true });
    const tilt = kiosk.getByTestId('tilt-screen');
    await expect(tilt).toBeVisible();
    await expect(tilt).toHaveAttribute('data-kind', 'door-open');
    expect(await host.call('bets:place', { spot: 'banker', chipMinor: 100 })).toMatchObject({
      ok: false,
      error: { code: 'tilted' },
    });
    expect((await host.must<StaffStatusLike>('staff:status')).doorOpen).toBe(true);
    await host.must('test:door', { open: false });
    await expect(tilt).toBeHidden();
    await bet(kiosk, 'banker', 100, 1);
    await kiosk.getByTestId('btn-deal').click();
    await expect(kiosk.getByTestId('result-banner')).toBeVisible({ timeout: 20_000 });
  });
});
