import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { StadiumView } from '../../../electron/core/model/stadium-terminal.ts';
import { brokerShown, CONNECTING_GRACE_MS, stadiumScene, URGENT_MS, windowLeftMs } from './stadium-scene.ts';

const open: StadiumView = {
  broker: 'nats://127.0.0.1:4222',
  table: 'T1',
  link: 'connected',
  round: 12,
  window: 'open',
  closesInMs: 15_000,
  skipping: false,
  terminals: 3,
  lockedRound: null,
  lastConcludedRound: 11,
  lagMs: 40,
  sitOut: null,
  rebetQueued: false,
  lastResult: null,
  terminalId: 't0123456789abcdef',
};
const at = (sinceArrivalMs: number, connectingForMs = 0) => ({ sinceArrivalMs, connectingForMs });

describe('a stadium terminal shows the shared round from its snapshot and the page clock alone', () => {
  it('a cabinet that plays alone shows nothing of the stadium', () => {
    expect(stadiumScene(null, at(0))).toEqual({ kind: 'alone' });
  });

  it('an open window counts down whole seconds, rounded up, from the snapshot’s arrival', () => {
    expect(stadiumScene(open, at(0))).toEqual({ kind: 'open', seconds: 15, urgent: false, skipping: false });
    expect(stadiumScene(open, at(1))).toMatchObject({ kind: 'open', seconds: 15 });
    expect(stadiumScene(open, at(1_000))).toMatchObject({ kind: 'open', seconds: 14 });
    expect(stadiumScene(open, at(14_999))).toMatchObject({ kind: 'open', seconds: 1 });
  });

  it('turns urgent in the last seconds only', () => {
    expect(stadiumScene(open, at(15_000 - URGENT_MS - 1))).toMatchObject({ urgent: false });
    expect(stadiumScene(open, at(15_000 - URGENT_MS))).toMatchObject({ urgent: true });
  });

  it('says no more bets once the page’s clock has run the window out, before the close’s snapshot comes', () => {
    expect(stadiumScene(open, at(15_000))).toEqual({ kind: 'closing' });
    expect(stadiumScene({ ...open, closesInMs: 0 }, at(0))).toEqual({ kind: 'closing' });
  });

  it('a closed window with nothing locked waits for the next round', () => {
    expect(stadiumScene({ ...open, window: 'closed', closesInMs: 0 }, at(0))).toEqual({
      kind: 'waiting',
      skipping: false,
    });
  });

  it('a closed window with bets locked says the bets are in and the table is dealing that round', () => {
    const locked = { ...open, window: 'closed', closesInMs: 0, lockedRound: 12 } as const;
    expect(stadiumScene(locked, at(60_000))).toEqual({ kind: 'locked', round: 12 });
  });

  it('a skipping terminal still counts the window down and says it sits out', () => {
    expect(stadiumScene({ ...open, skipping: true }, at(0))).toMatchObject({ kind: 'open', skipping: true });
    expect(stadiumScene({ ...open, window: 'closed', skipping: true }, at(0))).toEqual({
      kind: 'waiting',
      skipping: true,
    });
  });

  it('an unreachable link covers the table at once, with the locked round named for its refund', () => {
    expect(stadiumScene({ ...open, link: 'unreachable', lockedRound: 12 }, at(0))).toEqual({
      kind: 'unreachable',
      lockedRound: 12,
    });
  });

  it('a link that keeps connecting is unreachable after a moment, not before', () => {
    const connecting = { ...open, link: 'connecting' } as const;
    expect(stadiumScene(connecting, at(0, CONNECTING_GRACE_MS - 1)).kind).toBe('open');
    expect(stadiumScene(connecting, at(0, CONNECTING_GRACE_MS)).kind).toBe('unreachable');
  });

  it('the seconds shown never rise as the page clock runs, and stay within the window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120_000 }),
        fc.array(fc.integer({ min: 0, max: 130_000 }), { minLength: 2 }),
        (closesInMs, times) => {
          const view = { ...open, closesInMs };
          const seconds = times
            .sort((a, b) => a - b)
            .map((t) => {
              const s = stadiumScene(view, at(t));
              return s.kind === 'open' ? s.seconds : 0;
            });
          for (let i = 1; i < seconds.length; i++) expect(seconds[i]).toBeLessThanOrEqual(seconds[i - 1]!);
          expect(seconds[0]).toBeLessThanOrEqual(Math.ceil(closesInMs / 1000));
          expect(windowLeftMs(view, times[0]!)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('the staff menu never shows a broker password', () => {
  it('takes a user name and password out of the address and leaves the rest', () => {
    expect(brokerShown('nats://ops:s3cret@broker.venue:4222')).toBe('nats://broker.venue:4222');
    expect(brokerShown('tls://token@10.0.0.5:4222')).toBe('tls://10.0.0.5:4222');
    expect(brokerShown('nats://127.0.0.1:4222')).toBe('nats://127.0.0.1:4222');
  });
});
