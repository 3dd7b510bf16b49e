import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../integrity/canonical-json.ts';
import {
  keySwitchTurned,
  pinProvisioned,
  pinSetByTestControls,
  signedIn,
  signedOut,
  signInRefused,
  wrongPin,
  type SessionEnd,
  type StaffEvent,
} from './staff-event.ts';
import { STAFF_ROLES } from './staff-status.ts';

const role = fc.constantFrom(...STAFF_ROLES);
const time = fc
  .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
const sessionEnd: fc.Arbitrary<SessionEnd> = fc.oneof(
  fc.constant({ why: 'menu' } as const),
  fc.constant({ why: 'key-off' } as const),
  fc.integer({ min: 1, max: 3600 }).map((idleS) => ({ why: 'idle', idleS }) as const),
  role.map((by) => ({ why: 'other-sign-in', by }) as const),
);
const staffEvent: fc.Arbitrary<StaffEvent> = fc.oneof(
  role.map(pinProvisioned),
  role.map(pinSetByTestControls),
  role.map(signedIn),
  fc.tuple(role, sessionEnd).map(([r, end]) => signedOut(r, end)),
  fc.tuple(role, time).map(([r, until]) => signInRefused(r, until)),
  fc.tuple(role, fc.integer({ min: 1, max: 20 }), fc.option(time)).map(([r, n, until]) => wrongPin(r, n, until)),
  fc.boolean().map(keySwitchTurned),
);

describe('staff event-log lines (docs/cabinet-rules.md#operator-menu-and-key-switch)', () => {
  it('property: the words say everything the code says, so two lines with the same words carry the same code', () => {
    fc.assert(
      fc.property(staffEvent, staffEvent, (a, b) => {
        if (a.detail === b.detail) expect(canonicalJson(a.message)).toBe(canonicalJson(b.message));
      }),
    );
  });

  it('property: a line about a role names that role first in its words and in its code', () => {
    fc.assert(
      fc.property(staffEvent, (e) => {
        if (!('role' in e.message)) return;
        expect(e.detail.startsWith(`${e.message.role} `)).toBe(true);
      }),
    );
  });

  it('the wrong PIN that locks the role is coded as the lockout, with its end', () => {
    expect(wrongPin('attendant', 4, null).message).toEqual({ code: 'staff-wrong-pin', role: 'attendant', failures: 4 });
    expect(wrongPin('attendant', 5, '2026-12-01T04:15:00.000Z').message).toEqual({
      code: 'staff-locked-out',
      role: 'attendant',
      failures: 5,
      until: '2026-12-01T04:15:00.000Z',
    });
  });
});
