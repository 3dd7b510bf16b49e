import { describe, expect, it } from 'vitest';
import { sessionEnds } from './usePlayerSession.ts';

describe('a session ends when attract mode starts or a cash-out to zero credit is paid', () => {
  const table = { attract: false, creditsMinor: 2_000, handpayPending: false };
  it('attract mode starting ends it', () => {
    expect(sessionEnds(table, { ...table, attract: true })).toBe(true);
    expect(sessionEnds({ ...table, attract: true }, { ...table, attract: true })).toBe(false);
  });
  it('the handpay of a cash-out being paid, with no credit left, ends it', () => {
    const locked = { ...table, creditsMinor: 0, handpayPending: true };
    expect(sessionEnds(table, locked)).toBe(false); // the player still reads the handpay screen
    expect(sessionEnds(locked, { ...locked, handpayPending: false })).toBe(true);
  });
  it('playing on, losing a round or inserting a note does not end it', () => {
    expect(sessionEnds(table, { ...table, creditsMinor: 0 })).toBe(false);
    expect(sessionEnds({ ...table, creditsMinor: 0 }, { ...table, creditsMinor: 500 })).toBe(false);
  });
});
