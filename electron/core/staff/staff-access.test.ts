import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryStaffStore, TEST_SCRYPT, testPinHash, testStaff } from '../../testing/memory-staff.ts';
import { LOCKOUT_MS, MAX_FAILURES } from './lockout.ts';
import { createPinHasher } from './pin-hash.ts';
import { createStaffAccess } from './staff-access.ts';
import { keySwitchTurned, signedIn, signedOut, wrongPin } from './staff-event.ts';
import { isStaffError } from './staff-error.ts';
import { HELD_EVENT_RETRY_MS } from './staff-access.ts';
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
  it('needs the key on and a provisioned PIN: a role without one answers no-pin, and no sign-in sets it', async () => {
    const t = testStaff({ pins: { attendant: '1111' } });
    expect(await codeOf(t.staff.signIn('technician', '1234'))).toBe('key-off');
    t.staff.setKey(true);
    expect(t.staff.status().roles.technician.pinSet).toBe(false);
    expect(await codeOf(t.staff.signIn('technician', '1234'))).toBe('no-pin');
    expect(await codeOf(t.staff.signIn('technician', '1234'))).toBe('no-pin');
    expect(t.staff.session()).toBeNull();
    expect(t.store.records.get('technician')).toBeUndefined();
    expect(t.staff.status().roles.technician).toEqual({ pinSet: false, lockedUntil: null, failures: 0 });
    // An attendant cannot make herself technician either.
    await t.staff.signIn('attendant', '1111');
    expect(await codeOf(t.staff.signIn('technician', '1111'))).toBe('no-pin');
    expect(t.staff.session()).toBe('attendant');
  });

  it('a PIN provisioned into the journal while the cabinet runs counts at the next sign-in', async () => {
    const t = testStaff({ keyOn: true });
    expect(await codeOf(t.staff.signIn('technician', '1234'))).toBe('no-pin');
    t.store.records.set('technician', { pinHash: testPinHash('1234'), failures: 0, lockedUntil: null });
    expect(await codeOf(t.staff.signIn('technician', '4321'))).toBe('wrong-pin');
    expect(await codeOf(t.staff.signIn('technician', '1234'))).toBe('ok');
    expect(JSON.stringify(t.store.messages)).not.toMatch(/1234|4321/);
  });

  it('a PIN hash from the installation file serves a role whose journal holds none', async () => {
    const store = memoryStaffStore();
    const staff = createStaffAccess({
      store,
      hasher: createPinHasher(TEST_SCRYPT),
      clock: () => new Date('2026-01-01T00:00:00Z'),
      schedule: () => () => undefined,
      idleSignOutMs: 60_000,
      keyOn: true,
      installedPins: { technician: testPinHash('8642') },
    });
    expect(staff.status().roles.technician.pinSet).toBe(true);
    expect(await codeOf(staff.signIn('attendant', '8642'))).toBe('no-pin');
    expect(await codeOf(staff.signIn('technician', '8642'))).toBe('ok');
  });

  it('a technician signing in ends an attendant session; the key turning off signs out', async () => {
    const t = testStaff({ keyOn: true, pins: { attendant: '1111', technician: '2222' } });
    await t.staff.signIn('attendant', '1111');
    expect(t.staff.session()).toBe('attendant');
    await t.staff.signIn('technician', '2222');
    expect(t.staff.session()).toBe('technician');
    const seen: Array<string | null> = [];
    t.staff.subscribe((s) => seen.push(s.session?.role ?? null));
    t.staff.setKey(false);
    expect(t.staff.session()).toBeNull();
    expect(seen).toEqual([null]);
    expect(t.store.messages).toContainEqual(signedOut('attendant', { why: 'other-sign-in', by: 'technician' }));
    expect(t.store.messages).toContainEqual(signedOut('technician', { why: 'key-off' }));
    expect(t.store.messages).toContainEqual(keySwitchTurned(false));
  });

  it('signs out after the idle time; any staff request (touch) starts the idle time again', async () => {
    const t = testStaff({ keyOn: true, idleSignOutMs: 60_000, pins: { attendant: '1111' } });
    await t.staff.signIn('attendant', '1111');
    expect(t.staff.status().session?.signOutAt).toBe(new Date(t.now().getTime() + 60_000).toISOString());
    t.advance(59_000);
    t.staff.touch();
    t.advance(59_000);
    expect(t.staff.session()).toBe('attendant');
    const ended: boolean[] = [];
    t.staff.subscribe((s) => ended.push(s.session === null));
    t.advance(1_000); // the timer fires: no request for 60 s
    expect(ended).toEqual([true]);
    expect(t.staff.session()).toBeNull();
    expect(t.store.messages.at(-1)).toEqual(signedOut('attendant', { why: 'idle', idleS: 60 }));
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
    expect(t.store.messages).toContainEqual(wrongPin('technician', 5, until));
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

describe('staff access while the journal refuses writes (docs/cabinet-rules.md#operator-menu-and-key-switch)', () => {
  it('the key turning off ends the session at once; the events are written, in order, when the journal takes writes again', async () => {
    const t = testStaff({ keyOn: true, pins: { technician: '2468' } });
    await t.staff.signIn('technician', '2468');
    t.store.refuseWrites = true;
    expect(() => t.staff.setKey(false)).not.toThrow();
    expect(t.staff.session()).toBeNull();
    expect(t.staff.status().session).toBeNull();
    expect(t.staff.heldEvents()).toEqual([keySwitchTurned(false), signedOut('technician', { why: 'key-off' })]);
    t.advance(HELD_EVENT_RETRY_MS); // still refused: held, and tried again later
    expect(t.staff.heldEvents()).toHaveLength(2);
    t.store.refuseWrites = false;
    t.advance(HELD_EVENT_RETRY_MS);
    expect(t.staff.heldEvents()).toEqual([]);
    expect(t.store.messages.slice(-2)).toEqual([keySwitchTurned(false), signedOut('technician', { why: 'key-off' })]);
  });

  it('the idle timer signs out without throwing, and the held sign-out goes out before the next staff write', async () => {
    const t = testStaff({ keyOn: true, idleSignOutMs: 60_000, pins: { attendant: '1111' } });
    await t.staff.signIn('attendant', '1111');
    t.store.refuseWrites = true;
    expect(() => t.advance(60_000)).not.toThrow();
    expect(t.staff.session()).toBeNull();
    t.store.refuseWrites = false;
    await t.staff.signIn('attendant', '1111');
    expect(t.store.messages.slice(-2)).toEqual([
      signedOut('attendant', { why: 'idle', idleS: 60 }),
      signedIn('attendant'),
    ]);
  });

  it('closing at shutdown makes one last try at the held events and leaves no retry behind', async () => {
    const t = testStaff({ keyOn: true });
    t.store.refuseWrites = true;
    t.staff.setKey(false);
    t.store.refuseWrites = false;
    t.staff.close();
    expect(t.staff.heldEvents()).toEqual([]);
    expect(t.store.messages).toEqual([keySwitchTurned(false)]);
  });

  it('a sign-in the journal cannot record opens no session', async () => {
    const t = testStaff({ keyOn: true, pins: { technician: '2468' } });
    t.store.refuseWrites = true;
    await expect(t.staff.signIn('technician', '2468')).rejects.toMatchObject({
      code: 'not-recorded',
      message: expect.stringMatching(/disk I\/O error/),
    });
    expect(t.staff.session()).toBeNull();
  });

  it('property: whatever writes fail, the sixth wrong PIN within the lockout window is refused unchecked', async () => {
    const step = fc.record({
      refuse: fc.boolean(),
      right: fc.boolean(),
      waitMs: fc.integer({ min: 0, max: 60_000 }),
      restart: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 6, maxLength: 20 }), async (steps) => {
        const store = memoryStaffStore({ technician: '2580' });
        let t = testStaff({ keyOn: true, store });
        let failures = 0;
        let lockedAt: number | null = null;
        for (const s of steps) {
          t.advance(s.waitMs);
          if (s.restart && !store.refuseWrites) t = testStaff({ keyOn: true, store, start: t.now() });
          store.refuseWrites = s.refuse;
          const now = t.now().getTime();
          if (lockedAt !== null && now >= lockedAt + LOCKOUT_MS) {
            lockedAt = null;
            failures = 0;
          }
          const code = await codeOf(t.staff.signIn('technician', s.right ? '2580' : '0000'));
          if (lockedAt !== null) {
            expect(code).toBe('locked-out');
            continue;
          }
          if (s.right) {
            if (code === 'ok') {
              failures = 0;
              t.staff.signOut();
            } else expect(code).toBe('not-recorded');
            continue;
          }
          failures++;
          expect(code).toBe(failures >= MAX_FAILURES ? 'locked-out' : 'wrong-pin');
          if (failures >= MAX_FAILURES) lockedAt = now;
        }
      }),
      { numRuns: 150 },
    );
  });
});
