import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pollEvents, scriptedRig } from './scripted-essp-host.ts';

type Step =
  | { kind: 'insert'; channel: number }
  | { kind: 'later'; ms: number }
  | { kind: 'poll' }
  | { kind: 'plain-poll' }
  | { kind: 'ack' }
  | { kind: 'hold' }
  | { kind: 'reject' }
  | { kind: 'power-cycle' }
  | { kind: 'jam' }
  | { kind: 'clear-jam' }
  | { kind: 'fraud' }
  | { kind: 'resend' };

// Weighted so that most runs take notes all the way to a credit, with the faults in between.
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('insert' as const), channel: fc.integer({ min: 1, max: 7 }) }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('later' as const), ms: fc.integer({ min: 0, max: 1_500 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('later' as const), ms: fc.integer({ min: 0, max: 12_000 }) }) },
  { weight: 6, arbitrary: fc.constant({ kind: 'poll' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'plain-poll' as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'ack' as const }) },
  ...(['hold', 'reject', 'power-cycle', 'jam', 'clear-jam', 'fraud', 'resend'] as const).map((kind) => ({
    weight: 1,
    arbitrary: fc.constant({ kind }),
  })),
);

/** Runs the steps against a ready unit; a host that credits each EE / E2 once and only after an EVENT_ACK gap. */
function run(steps: readonly Step[]) {
  const r = scriptedRig().ready();
  let inserted = 0;
  let credited = 0;
  /** A credit event seen since the last EVENT_ACK (while repeated it is the same event). */
  let creditOpen = false;
  /** The host counted more credits than the unit made: an acknowledged credit came back. */
  let reappeared = false;
  const check = () => {
    if (credited > (r.slave.status().credits as number)) reappeared = true;
  };
  let last: ReturnType<typeof r.host.send> | null = null;
  const see = (events: string[]) => {
    const credit = events.some((e) => e.startsWith('EE') || e.startsWith('E2'));
    if (credit && !creditOpen) {
      credited += events.filter((e) => e.startsWith('EE') || e.startsWith('E2')).length;
      creditOpen = true;
      check();
    }
  };
  const renegotiate = () => {
    r.host.sync();
    r.host.negotiate();
    r.host.send([0x06, 7]);
    r.host.send([0x02, 0xff, 0xff]);
    r.host.send([0x0a]);
  };
  for (const s of steps) {
    switch (s.kind) {
      case 'insert':
        inserted++;
        r.slave.insert(s.channel);
        break;
      case 'later':
        r.later(s.ms);
        break;
      case 'poll':
        last = r.host.send([0x56]);
        see(pollEvents(last.reply));
        break;
      case 'plain-poll': {
        const events = pollEvents(r.host.send([0x07]).reply);
        const credit = events.filter((e) => e.startsWith('EE') || e.startsWith('E2')).length;
        if (credit > 0 && !creditOpen) credited += credit; // a plain poll delivers it once, no ACK
        check();
        break;
      }
      case 'ack':
        r.host.send([0x57]);
        creditOpen = false;
        break;
      case 'hold':
        r.host.send([0x18]);
        break;
      case 'reject':
        r.host.send([0x08]);
        break;
      case 'power-cycle':
        r.slave.powerCycle();
        last = null; // a packet of the old session would carry the old key
        creditOpen = false;
        renegotiate();
        break;
      case 'jam':
        r.slave.jam('safe');
        break;
      case 'clear-jam':
        r.slave.clearJam();
        break;
      case 'fraud':
        r.slave.fraud();
        break;
      case 'resend':
        if (last) r.host.resend(last); // a lost reply: the same bytes again, never a second execution
        break;
    }
  }
  return { inserted, credited, reappeared, unitCredits: r.slave.status().credits as number };
}

describe('invariants of the modelled unit', () => {
  it('an encrypted packet with any count but the expected one is never answered and changes nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), fc.integer({ min: 0, max: 5 }), (count, before) => {
        const r = scriptedRig();
        for (let i = 0; i < before; i++) r.host.send([0x0c]);
        fc.pre(count !== r.host.count);
        expect(r.host.send([0x0a], { count }).reply).toBeNull();
        expect(r.slave.status()).toMatchObject({ enabled: false, eCount: r.host.count });
        expect(r.host.send([0x0c], { seq: 'same' }).replyCount).toBe(before + 1);
      }),
    );
  });

  it('a note is credited at most once per insertion, and an acknowledged credit is never reported again', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 10, maxLength: 80, size: 'max' }), (steps) => {
        const result = run(steps);
        expect(result.reappeared).toBe(false);
        expect(result.credited).toBeLessThanOrEqual(result.inserted);
        expect(result.unitCredits).toBeLessThanOrEqual(result.inserted);
      }),
      { numRuns: 200 },
    );
  });

  it('a note that is only polled and acknowledged is credited exactly once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.integer({ min: 0, max: 900 }), { minLength: 1 }),
        (channel, gaps) => {
          const r = scriptedRig().ready();
          r.slave.insert(channel);
          let seen = 0;
          // Whatever the gaps, enough polls follow for the note to finish.
          for (const gap of [...gaps, ...Array<number>(8).fill(500)]) {
            r.later(gap);
            const events = r.poll();
            if (events.includes(`EE:${channel}`)) {
              seen++;
              r.ack();
            }
          }
          expect(seen).toBe(1);
          expect(r.slave.status()).toMatchObject({ credits: 1, stacked: 1, note: null });
        },
      ),
    );
  });
});
