import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../integrity/canonical-json.ts';
import { eventText } from '../wording/coded-words.ts';
import { englishWords } from '../wording/english-words.ts';
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
  // Whole seconds: a log line shows a time to the second.
  .map((d) => new Date(Math.floor(d.getTime() / 1000) * 1000).toISOString());
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

const english = englishWords();
const words = (e: StaffEvent): string => eventText(english, { message: e }).text;

describe('staff event-log rows (docs/cabinet-rules.md#operator-menu-and-key-switch)', () => {
  it('property: the English words say everything the code says, so two rows worded alike carry the same code', () => {
    fc.assert(
      fc.property(staffEvent, staffEvent, (a, b) => {
        if (words(a) === words(b)) expect(canonicalJson(a)).toBe(canonicalJson(b));
      }),
      { numRuns: 500 },
    );
  });

  it('property: a row about a role names that role first in its words', () => {
    fc.assert(
      fc.property(staffEvent, (e) => {
        if (!('role' in e)) return;
        expect(words(e).startsWith(english.t(`staff.role.${e.role}`))).toBe(true);
      }),
    );
  });

  it('a session ended by another sign-in names the role that signed in', () => {
    expect(signedOut('attendant', { why: 'other-sign-in', by: 'technician' })).toEqual({
      code: 'staff-signed-out',
      role: 'attendant',
      why: 'other-sign-in',
      idleS: null,
      by: 'technician',
    });
  });

  it('the wrong PIN that locks the role is coded as the lockout, with its end', () => {
    expect(wrongPin('attendant', 4, null)).toEqual({ code: 'staff-wrong-pin', role: 'attendant', failures: 4 });
    expect(wrongPin('attendant', 5, '2026-12-01T04:15:00.000Z')).toEqual({
      code: 'staff-locked-out',
      role: 'attendant',
      failures: 5,
      until: '2026-12-01T04:15:00.000Z',
    });
  });
});
