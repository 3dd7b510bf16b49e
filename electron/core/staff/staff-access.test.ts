import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryStaffStore, testStaff } from '../../testing/memory-staff.ts';
import { LOCKOUT_MS, MAX_FAILURES } from './lockout.ts';
import { isStaffError } from './staff-error.ts';
import type { StaffRole } from './staff-status.ts';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (isStaffError(error)) return error.code;
    throw error;
  }
}

describe('staff sign-in (docs/cabinet-rules.md#operator-menu-and-key-switch)', () => {
  it('needs the key on; the first sign-in of a role sets its PIN, which then guards it', async () => {
    const t = testStaff();
    expect(await codeOf(t.staff.signIn('technician', '1234'))).toBe('key-off');
    t.staff.setKey(true);
    expect(t.staff.status().roles.technician.pinSet).toBe(false);
    const first = await t.staff.signIn('technician', '1234');
    expect(first.session?.role).toBe('technician');
    expect(first.roles).toEqual({
      attendant: { pinSet: false, lockedUntil: null, failures: 0 },
      technician: { pinSet: true, lockedUntil: null, failures: 0 },
    });
    t.staff.signOut();
    expect(await codeOf(t.staff.signIn('technician', '4321'))).toBe('wrong-pin');
    expect(await codeOf(t.staff.signIn('technician', '1234'))).toBe('ok');
    expect(t.store.events).toContain('technician PIN set at first sign-in; technician signed in');
    expect(t.store.events.join('\n')).not.toMatch(/1234|4321/);
  });

  it('a technician signing in ends an attendant session; the key turning off signs out', async () => {
    const t = testStaff({ keyOn: true });
    await t.staff.signIn('attendant', '1111');
    expect(t.staff.session()).toBe('attendant');
    await t.staff.signIn('technician', '2222');
    expect(t.staff.session()).toBe('technician');
    const seen: Array<string | null> = [];
    t.staff.subscribe((s) => seen.push(s.session?.role ?? null));
    t.staff.setKey(false);
    expect(t.staff.session()).toBeNull();
    expect(seen).toEqual([null]);
    expect(t.store.events).toContain('attendant signed out: technician signed in');
    expect(t.store.events).toContain('technician signed out: operator key switch turned off');
    expect(t.store.events).toContain('operator key switch turned off');
  });

  it('signs out after the idle time; any staff request (touch) starts the idle time again', async () => {
    const t = testStaff({ keyOn: true, idleSignOutMs: 60_000 });
    await t.staff.signIn('attendant', '1111');
    expect(t.staff.status().session?.signOutAt).toBe(new Date(t.now().getTime() + 60_000).toISOString());
    t.advance(59_000);
    t.staff.touch();
    t.advance(59_000);
    expect(t.staff.session()).toBe('attendant');
    const signedOut: boolean[] = [];
    t.staff.subscribe((s) => signedOut.push(s.session === null));
    t.advance(1_000); // the timer fires: no request for 60 s
    expect(signedOut).toEqual([true]);
    expect(t.staff.session()).toBeNull();
    expect(t.store.events.at(-1)).toBe('attendant signed out: no staff request for 60 s');
  });

  it('five wrong PINs lock the role for 15 minutes, durably; the other role is not locked', async () => {
    const store = memoryStaffStore();
    const t = testStaff({ keyOn: true, store });
    await t.staff.setPin('technician', '9876');
    await t.staff.setPin('attendant', '1111');
    for (let i = 1; i < MAX_FAILURES; i++) {
      expect(await codeOf(t.staff.signIn('technician', '0000'))).toBe('wrong-pin');
      expect(t.staff.status().roles.technician.failures).toBe(i);
    }
    expect(await codeOf(t.staff.signIn('technician', '0000'))).toBe('locked-out');
    const until = t.staff.status().roles.technician.lockedUntil;
    expect(until).toBe(new Date(t.now().getTime() + LOCKOUT_MS).toISOString());
    expect(t.store.events).toContain(
      `technician sign-in failed: wrong PIN (5 in a row); technician locked out until ${until}`,
    );
    expect(await codeOf(t.staff.signIn('attendant', '1111'))).toBe('ok');

    // A restart: the lockout comes back from the store.
    const again = testStaff({ keyOn: true, store, start: t.now() });
    expect(await codeOf(again.staff.signIn('technician', '9876'))).toBe('locked-out');
    again.advance(LOCKOUT_MS);
    expect(again.staff.status().roles.technician).toEqual({ pinSet: true, lockedUntil: null, failures: 0 });
    expect(await codeOf(again.staff.signIn('technician', '9876'))).toBe('ok');
  });

  it('property: no sequence of attempts gets a sixth PIN check within 15 minutes of the fifth failure; a right PIN works after it', async () => {
    const attempt = fc.record({
      right: fc.boolean(),
      waitMs: fc.integer({ min: 0, max: 4 * 60 * 1000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(attempt, { minLength: 1, maxLength: 25 }), async (attempts) => {
        const t = testStaff({ keyOn: true });
        const role: StaffRole = 'technician';
        await t.staff.setPin(role, '2580');
        let lockedAt: number | null = null;
        let streak = 0;
        for (const a of attempts) {
          t.advance(a.waitMs);
          const now = t.now().getTime();
          if (lockedAt !== null && now >= lockedAt + LOCKOUT_MS) {
            lockedAt = null;
            streak = 0;
          }
          const code = await codeOf(t.staff.signIn(role, a.right ? '2580' : '0000'));
          if (lockedAt !== null) {
            // Locked: refused without looking at the PIN, right or wrong.
            expect(code).toBe('locked-out');
            continue;
          }
          if (a.right) {
            expect(code).toBe('ok');
            streak = 0;
            t.staff.signOut();
          } else {
            streak++;
            expect(code).toBe(streak >= MAX_FAILURES ? 'locked-out' : 'wrong-pin');
            if (streak >= MAX_FAILURES) lockedAt = now;
          }
        }
        if (lockedAt !== null) {
          t.advance(lockedAt + LOCKOUT_MS - t.now().getTime());
          expect(await codeOf(t.staff.signIn(role, '2580'))).toBe('ok');
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a burst of attempts at once is taken one at a time: never a sixth check', async () => {
    const t = testStaff({ keyOn: true });
    await t.staff.setPin('technician', '2580');
    const codes = await Promise.all(
      [...Array(8)].map((_, i) => codeOf(t.staff.signIn('technician', i === 7 ? '2580' : '0000'))),
    );
    expect(codes).toEqual([
      'wrong-pin',
      'wrong-pin',
      'wrong-pin',
      'wrong-pin',
      'locked-out',
      'locked-out',
      'locked-out',
      'locked-out',
    ]);
  });
});
