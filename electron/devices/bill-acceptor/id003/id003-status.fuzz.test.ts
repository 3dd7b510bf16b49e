/**
 * Properties of the money flow over arbitrary status replies (docs/protocols/id003.md#credit-rules): whatever
 * the unit answers — any status, any data byte, any order, repeats, power-ups in the middle — the statuses go
 * through actOnStatus with the escrow flow, the note tracker and the conditions as the driver composes them, and
 *
 * - nothing throws;
 * - every credit is made while handling a VEND_VALID, under the key of an escrow that was recorded (on the
 *   tracker's store) before it, for that escrow's channel and value;
 * - no recorded escrow is credited twice, however often VEND_VALID repeats;
 * - a VEND_VALID with no open escrow credits nothing (a latched credit-anomaly instead);
 * - on a clean journey ESCROW → STACKING → VEND_VALID×k → STACKED each note is credited exactly once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fakeCabinet } from '../../../testing/bill-acceptor-harness.ts';
import { AcceptorCounters } from '../acceptor-diagnostics.ts';
import { cabinetTakesMoney } from '../escrow-policy.ts';
import { NoteTracker, memoryStore, type TrackerState } from '../note-tracker.ts';
import { Id003Conditions } from './id003-conditions.ts';
import { acceptedChannels, channelsOf } from './id003-denominations.ts';
import { Id003Escrow, type Id003Metrics, type Id003Unit } from './id003-escrow.ts';
import type { Id003Frame } from './id003-framing.ts';
import { Status } from './id003-protocol.ts';
import { actOnStatus } from './id003-status.ts';

const EUR = [5, 10, 20, 50, 100, 200, 500].map((valueMajor, i) => ({ code: 0x62 + i, currency: 'EUR', valueMajor }));
const CHANNELS = channelsOf(EUR);
const ACCEPTED = acceptedChannels(CHANNELS, [1, 2, 3, 4, 5], 'EUR');
const ALL_STATUSES = [...Object.values(Status)];

function rig() {
  const cabinet = fakeCabinet();
  cabinet.creditLimitMinor = Number.MAX_SAFE_INTEGER;
  const saved: TrackerState[] = [];
  const inner = memoryStore();
  const store = { load: () => inner.load(), save: (s: TrackerState) => (saved.push(s), inner.save(s)) };
  const tracker = new NoteTracker(store, 'id003');
  const metrics: Id003Metrics = { credits: 0, duplicateCredits: 0, rejects: 0, creditLatencyMs: [], polls: 0 };
  const anomalies: string[] = [];
  const conditions = new Id003Conditions({
    raised: () => undefined,
    cleared: () => undefined,
    changed: () => undefined,
  });
  let handling: number | null = null;
  const creditsMadeDuring: Array<number | null> = [];
  const recordedBefore: boolean[] = [];
  const port = {
    ...cabinet,
    canAcceptBill: (v: number) => cabinet.canAcceptBill(v),
    creditBill: (credit: Parameters<typeof cabinet.creditBill>[0]) => {
      const credited = cabinet.creditBill(credit);
      if (credited) {
        creditsMadeDuring.push(handling);
        recordedBefore.push(
          saved.some(
            (s) =>
              s.note?.key === credit.eventKey &&
              s.note.stage === 'escrow' &&
              s.note.channel === credit.channel &&
              s.note.valueMinor === credit.valueMinor,
          ),
        );
      }
      return credited;
    },
  };
  const escrow = new Id003Escrow({
    tracker,
    channels: CHANNELS,
    acceptedChannels: ACCEPTED,
    cabinet: port,
    metrics,
    counters: new AcceptorCounters(),
    testMode: () => false,
    testNote: () => undefined,
    canTakeMoney: () => !conditions.active && cabinetTakesMoney(cabinet.snapshot()),
    anomaly: (condition, reason) => {
      anomalies.push(reason);
      conditions.raise(condition, reason);
    },
    emit: () => undefined,
  });
  const sent: number[] = [];
  const unit: Id003Unit = {
    operate: async (command) => void sent.push(command),
    sendAck: async () => void sent.push(0x50),
  };
  const feed = async (frame: Id003Frame) => {
    handling = frame.cmd;
    await actOnStatus(unit, frame, performance.now(), escrow, conditions, {
      emit: () => undefined,
      enableReported: () => undefined,
      poweredUp: () => undefined,
    });
    handling = null;
  };
  return { cabinet, feed, anomalies, creditsMadeDuring, recordedBefore, saved, sent, conditions };
}

const statusArb: fc.Arbitrary<Id003Frame> = fc.oneof(
  fc.constantFrom(...ALL_STATUSES).map((cmd) => ({ cmd, data: new Uint8Array(0) })),
  fc
    .tuple(fc.constantFrom(Status.ESCROW, Status.REJECTING, Status.FAILURE), fc.integer({ min: 0, max: 255 }))
    .map(([cmd, b]) => ({ cmd, data: Uint8Array.of(b) })),
  fc
    .tuple(fc.constantFrom(0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68))
    .map(([code]) => ({ cmd: Status.ESCROW, data: Uint8Array.of(code) })),
  fc.tuple(fc.integer({ min: 0, max: 255 }), fc.uint8Array({ maxLength: 3 })).map(([cmd, data]) => ({ cmd, data })),
);

describe('ID-003 money flow over arbitrary status replies', () => {
  it('never credits without a recorded escrow of the same note, never twice, only at VEND_VALID', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(statusArb, { maxLength: 60 }), async (statuses) => {
        const r = rig();
        for (const frame of statuses) await r.feed(frame);
        expect(r.creditsMadeDuring.every((code) => code === Status.VEND_VALID)).toBe(true);
        expect(r.recordedBefore.every(Boolean)).toBe(true);
        const keys = r.cabinet.credits.map((c) => c.eventKey);
        expect(new Set(keys).size).toBe(keys.length);
        // Each credit consumed its own escrow: no more credits than distinct recorded escrows.
        const recorded = new Set(r.saved.flatMap((s) => (s.note?.stage === 'escrow' ? [s.note.key] : [])));
        expect(keys.every((k) => recorded.has(k))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a VEND_VALID with no open escrow credits nothing and latches a credit anomaly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(Status.IDLING, Status.STACKED, Status.DISABLED, Status.STACKING), { maxLength: 5 }),
        fc.integer({ min: 1, max: 4 }),
        async (before, repeats) => {
          const r = rig();
          for (const cmd of before) await r.feed({ cmd, data: new Uint8Array(0) });
          for (let i = 0; i < repeats; i++) await r.feed({ cmd: Status.VEND_VALID, data: new Uint8Array(0) });
          expect(r.cabinet.credits).toEqual([]);
          expect(r.conditions.has('credit-anomaly')).toBe(true);
          expect(r.sent.filter((c) => c === 0x50)).toHaveLength(repeats); // ACKed all the same: the unit must not stall
        },
      ),
    );
  });

  it('clean journeys are each credited exactly once, however often VEND_VALID repeats', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(0x62, 0x63, 0x64, 0x65, 0x66), fc.integer({ min: 1, max: 4 })), {
          minLength: 1,
          maxLength: 8,
        }),
        async (notes) => {
          const r = rig();
          const empty = new Uint8Array(0);
          for (const [code, repeats] of notes) {
            await r.feed({ cmd: Status.IDLING, data: empty });
            await r.feed({ cmd: Status.ACCEPTING, data: empty });
            await r.feed({ cmd: Status.ESCROW, data: Uint8Array.of(code) });
            await r.feed({ cmd: Status.ESCROW, data: Uint8Array.of(code) });
            await r.feed({ cmd: Status.STACKING, data: empty });
            for (let i = 0; i < repeats; i++) await r.feed({ cmd: Status.VEND_VALID, data: empty });
            await r.feed({ cmd: Status.STACKED, data: empty });
          }
          await r.feed({ cmd: Status.IDLING, data: new Uint8Array(0) });
          const values = notes.map(([code]) => CHANNELS.find((c) => c.code === code)!.valueMinor);
          expect(r.cabinet.credits.map((c) => c.valueMinor)).toEqual(values);
          expect(r.anomalies).toEqual([]);
        },
      ),
    );
  });
});
