/**
 * Properties of the receive path: wire bytes → SspDeframer → parsePollReply → the driver's event handling
 * (poll-events.ts with the escrow policy and the note tracker, as the driver composes them), over generated
 * byte streams: noise, valid poll replies, note journeys (reading, escrow, stacking, credit), and those frames
 * with flipped bits, cut short, with a stray or a missing stuffing byte, delivered in arbitrary chunks.
 *
 * Rules checked (docs/protocols/essp.md#framing, #poll-events, #credit-rules):
 * - nothing throws, whatever arrives;
 * - every frame the deframer delivers was on the wire verbatim (its re-encoding is a substring of the stream),
 *   and its CRC agrees with an independent bitwise CRC-16;
 * - every credit was preceded in the stream by an escrow read of the same channel, is made while handling a
 *   credit event of that channel, and no escrow read pays twice;
 * - a valid frame re-encoded parses back to the same events;
 * - replies with codes the parser does not know keep the events before the code, and still never credit
 *   without an escrow of the channel;
 * - on a clean line every escrow → stacking → CREDIT_NOTE journey is credited exactly once, repeats or not
 *   (a repeat only while its EVENT_ACK was lost);
 * - a CREDIT_NOTE after its note was acknowledged, with no new escrow, is never credited and always raises the
 *   "count the cashbox" fault.
 * Length: a little over 400 lines, because the generators and the reference matcher serve all the properties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEQ_FLAG, SspDeframer, encodeFrame } from '../serial/ssp-framing.ts';
import { AcceptorConditions } from './acceptor-conditions.ts';
import { acceptedChannels, validateConfig } from './bill-acceptor-config.ts';
import { EscrowPolicy, cabinetTakesMoney } from './escrow-policy.ts';
import { NoteTracker, memoryStore } from './note-tracker.ts';
import { actOnPollEvents } from './poll-events.ts';
import {
  Event,
  Reply,
  encodePollEvents,
  encodeSetupReply,
  parsePollReply,
  parseSetupReply,
  type PollEvent,
} from './ssp-protocol.ts';
import { acceptorFault, fakeCabinet } from '../../testing/bill-acceptor-harness.ts';
import { CHANNEL_EVENTS, EVENT_TABLE } from './poll-event-table.ts';
import { SspTimeoutError } from './ssp-master.ts';
import type { UnreadTail } from './ssp-protocol.ts';

const KEY = '9A3F04C27E51B8D6';
const VALUES = [500, 1000, 2000, 5000, 10000, 20000, 50000];
const CREDIT_EVENTS: ReadonlySet<number> = new Set([Event.CREDIT_NOTE, Event.NOTE_CLEARED_INTO_CASHBOX]);
const WITH_CHANNEL = [...CHANNEL_EVENTS];
const WITH_VALUE = [...EVENT_TABLE].filter(([c, spec]) => spec.data === 1 && !CHANNEL_EVENTS.has(c)).map(([c]) => c);
const WITHOUT_DATA = [...EVENT_TABLE].filter(([, spec]) => spec.data === 0).map(([c]) => c);

function referenceCrc(bytes: readonly number[]): number {
  let crc = 0xffff;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The frame's bytes after the STX with every doubled 0x7F collapsed. */
function destuff(wire: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 1; i < wire.length; i++) {
    out.push(wire[i]!);
    if (wire[i] === 0x7f) i++;
  }
  return out;
}

function contains(haystack: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

function setupInfo() {
  const parsed = parseSetupReply(
    encodeSetupReply({
      firmware: '0410',
      countryCode: 'EUR',
      channelValuesMajor: VALUES.map((v) => v / 100),
      realValueMultiplier: 100,
      protocolVersion: 7,
    }),
  );
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

/** The driver's receive-side pieces, composed as the driver composes them, on a master that always says OK. */
function receiver() {
  const cabinet = fakeCabinet();
  cabinet.creditLimitMinor = Number.MAX_SAFE_INTEGER;
  const setup = setupInfo();
  const config = validateConfig({ fixedKeyHex: KEY });
  const conditions = new AcceptorConditions({
    raised: (condition) => cabinet.raiseFault('device-fault', 'bill-acceptor', acceptorFault(condition)),
    cleared: () => undefined,
    changed: () => undefined,
  });
  const escrow = new EscrowPolicy({
    tracker: new NoteTracker(memoryStore(), '4242'),
    setup,
    acceptedChannels: acceptedChannels(config, setup),
    cabinet,
    metrics: { credits: 0, duplicateCredits: 0, rejects: 0, creditLatencyMs: [] },
    canTakeMoney: () => !conditions.active && cabinetTakesMoney(cabinet.snapshot()),
    anomaly: (reason) => conditions.raise('credit-anomaly', reason),
    emit: () => undefined,
  });
  const line = { loseNextAck: false, acks: 0 };
  const master = {
    command: async (data: Uint8Array) => {
      if (data[0] === 0x57) {
        if (line.loseNextAck) {
          line.loseNextAck = false;
          throw new SspTimeoutError('EVENT_ACK lost');
        }
        line.acks++;
      }
      return new Uint8Array(0);
    },
  };
  const hooks = {
    emit: () => undefined,
    disabledReported: () => undefined,
    resetReported: () => undefined,
    initialising: () => undefined,
  };
  const handle = (events: readonly PollEvent[], unread: UnreadTail | null = null) =>
    actOnPollEvents(master, events, performance.now(), escrow, conditions, hooks, unread).catch((error: unknown) => {
      if (!(error instanceof SspTimeoutError)) throw error; // a lost EVENT_ACK: the unit repeats the events
    });
  return { cabinet, handle, line };
}

/** One escrow read in the stream (READ_NOTE with a channel), numbered in stream order. */
interface EscrowRead {
  readonly id: number;
  readonly channel: number;
}

// ── generators ─────────────────────────────────────────────────────────────────────────────────────────────

const channelArb = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 7 }), weight: 9 }, fc.integer({ min: 0, max: 255 }));
const eventArb: fc.Arbitrary<PollEvent> = fc.oneof(
  fc.record({ code: fc.constantFrom(...WITH_CHANNEL), channel: channelArb }),
  fc.record({ code: fc.constantFrom(...WITH_VALUE), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ code: fc.constantFrom(...WITHOUT_DATA) }),
);
const eventsArb = fc.array(eventArb, { maxLength: 8 });
/** Any SEQ/ID byte the framing can carry (address 0..126). */
const seqIdArb = fc.integer({ min: 0, max: 0xff }).filter((b) => (b & 0x7f) !== 0x7f);
const frameOf = (seqId: number, data: Uint8Array) => encodeFrame(seqId, data);

/** A note's whole journey, as valid frames: reading, escrow, stacking, credit (channel sometimes mismatched). */
const journeyArb = fc
  .record({ channel: channelArb, creditChannel: fc.option(channelArb, { freq: 5 }), seq: seqIdArb })
  .map(({ channel, creditChannel, seq }) =>
    [
      [Reply.OK, Event.READ_NOTE, 0],
      [Reply.OK, Event.READ_NOTE, channel],
      [Reply.OK, Event.NOTE_STACKING],
      [Reply.OK, Event.CREDIT_NOTE, creditChannel ?? channel, Event.NOTE_STACKED],
    ].map((data) => frameOf(seq, Uint8Array.from(data))),
  );

const validFrameArb = fc
  .record({ seq: seqIdArb, events: eventsArb })
  .map(({ seq, events }) => frameOf(seq, encodePollEvents(events)));

/** A valid frame damaged on the line. */
const damagedFrameArb = fc
  .record({
    frame: validFrameArb,
    how: fc.constantFrom('flip', 'truncate', 'stray-stx', 'undouble'),
    at: fc.nat(),
    bit: fc.integer({ min: 0, max: 7 }),
  })
  .map(({ frame, how, at, bit }) => {
    const bytes = Array.from(frame);
    const index = 1 + (at % (bytes.length - 1));
    if (how === 'flip') bytes[index]! ^= 1 << bit;
    else if (how === 'truncate') bytes.length = index;
    else if (how === 'stray-stx') bytes.splice(index, 0, 0x7f);
    else {
      const doubled = bytes.findIndex((b, i) => i > 0 && b === 0x7f && bytes[i + 1] === 0x7f);
      if (doubled > 0) bytes.splice(doubled, 1);
      else bytes.splice(index, 0, 0x7f);
    }
    return Uint8Array.from(bytes);
  });

/** Any bytes after the OK: known codes, unknown ones, data bytes out of place. */
const rawReplyArb = fc
  .record({
    seq: seqIdArb,
    body: fc.array(
      fc.oneof(
        fc.constantFrom(...WITH_CHANNEL, ...WITHOUT_DATA, ...WITH_VALUE),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 0, max: 255 }),
      ),
      { maxLength: 16 },
    ),
  })
  .map(({ seq, body }) => frameOf(seq, Uint8Array.from([Reply.OK, ...body])));

const segmentArb: fc.Arbitrary<Uint8Array[]> = fc.oneof(
  { arbitrary: rawReplyArb.map((f) => [f]), weight: 3 },
  { arbitrary: fc.uint8Array({ maxLength: 40 }).map((b) => [b]), weight: 2 },
  { arbitrary: validFrameArb.map((f) => [f]), weight: 3 },
  { arbitrary: journeyArb, weight: 3 },
  { arbitrary: damagedFrameArb.map((f) => [f]), weight: 3 },
);

const streamArb = fc.record({
  segments: fc.array(segmentArb, { minLength: 20, maxLength: 200, size: 'max' }),
  chunkSizes: fc.array(fc.integer({ min: 1, max: 24 }), { minLength: 1, maxLength: 16 }),
});

describe('poll receive path properties (docs/protocols/essp.md#credit-rules)', () => {
  it('for any byte stream: nothing throws, frames are real, every credit follows an escrow of its channel', async () => {
    let creditsSeen = 0;
    let framesSeen = 0;
    await fc.assert(
      fc.asyncProperty(streamArb, async ({ segments, chunkSizes }) => {
        const { cabinet, handle } = receiver();
        const wire = Uint8Array.from(segments.flat().flatMap((b) => Array.from(b)));
        const deframer = new SspDeframer();
        let delivered = 0;

        // The reference: the escrow reads seen so far in the stream, and which of them has paid.
        let lastEscrow: EscrowRead | null = null;
        let escrowIds = 0;
        const paid = new Set<number>();
        let calls: Array<{ channel: number; accepted: boolean }> = [];
        const credit = cabinet.creditBill.bind(cabinet);
        cabinet.creditBill = (bill) => {
          const accepted = credit(bill);
          calls.push({ channel: bill.channel, accepted });
          return accepted;
        };

        for (let at = 0, n = 0; at < wire.length; n++) {
          const size = chunkSizes[n % chunkSizes.length]!;
          const results = deframer.push(wire.subarray(at, at + size));
          at += size;
          for (const result of results) {
            if (result.kind !== 'frame') continue;
            delivered++;
            const { seqId, data } = result.frame;
            const encoded = encodeFrame(seqId, data);
            expect(contains(wire, encoded)).toBe(true);
            const body = destuff(encoded);
            const crc = referenceCrc([seqId, data.length, ...data]);
            expect(body[body.length - 2]! | (body[body.length - 1]! << 8)).toBe(crc);

            const parsed = parsePollReply(data);
            if (!parsed.ok) continue;
            const { events, unread } = parsed.value;
            calls = [];
            await handle(events, unread);

            // Match each creditBill call, in order, to a later credit event of its channel in this reply whose
            // last escrow read (in the whole stream) had the same channel; a new key needs an escrow not yet paid.
            let position = 0;
            let escrowAt: EscrowRead | null = lastEscrow;
            for (const call of calls) {
              let matched = false;
              for (; position < events.length && !matched; position++) {
                const e = events[position]!;
                if (e.code === Event.READ_NOTE && e.channel) escrowAt = { id: ++escrowIds, channel: e.channel };
                if (!CREDIT_EVENTS.has(e.code) || e.channel !== call.channel || escrowAt?.channel !== call.channel) {
                  continue;
                }
                if (!call.accepted)
                  matched = true; // a repeat of a key already credited: journaled once
                else if (!paid.has(escrowAt.id)) {
                  paid.add(escrowAt.id);
                  matched = true;
                }
              }
              expect(matched).toBe(true);
            }
            for (; position < events.length; position++) {
              const e = events[position]!;
              if (e.code === Event.READ_NOTE && e.channel) escrowAt = { id: ++escrowIds, channel: e.channel };
            }
            lastEscrow = escrowAt;
          }
        }
        expect(cabinet.credits.length).toBe(paid.size);
        expect(new Set(cabinet.credits.map((c) => c.eventKey)).size).toBe(cabinet.credits.length);
        creditsSeen += cabinet.credits.length;
        framesSeen += delivered;
      }),
      { numRuns: 300 },
    );
    // The paths were exercised: many frames got through, and some of them paid.
    expect(framesSeen).toBeGreaterThan(1_000);
    expect(creditsSeen).toBeGreaterThan(0);
    console.log(`fuzz: ${framesSeen} frames delivered, ${creditsSeen} credits`);
  });

  it('a valid frame, re-encoded and delivered in any chunks, parses back to the same events', () => {
    fc.assert(
      fc.property(
        seqIdArb,
        fc.array(eventArb, { maxLength: 100 }),
        fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 8 }),
        (seqId, events, chunkSizes) => {
          const wire = encodeFrame(seqId, encodePollEvents(events));
          const deframer = new SspDeframer();
          const results = [];
          for (let at = 0, n = 0; at < wire.length; n++) {
            const size = chunkSizes[n % chunkSizes.length]!;
            results.push(...deframer.push(wire.subarray(at, at + size)));
            at += size;
          }
          expect(results).toHaveLength(1);
          const [result] = results;
          if (result?.kind !== 'frame') throw new Error(`expected a frame, got ${JSON.stringify(result)}`);
          expect(result.frame.seqId).toBe(seqId);
          expect(parsePollReply(result.frame.data)).toEqual({ ok: true, value: { events, unread: null } });
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('on a clean line every escrow → stacking → CREDIT_NOTE is credited exactly once, even when repeated', async () => {
    const journey = fc.record({
      channel: fc.integer({ min: 1, max: 7 }),
      doubledInReply: fc.boolean(),
      ackLost: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(journey, { minLength: 1, maxLength: 60 }), async (journeys) => {
        const { cabinet, handle, line } = receiver();
        const deframer = new SspDeframer();
        let expected = 0;
        for (const { channel: ch, doubledInReply, ackLost } of journeys) {
          const replies = [
            [Reply.OK, Event.READ_NOTE, 0],
            [Reply.OK, Event.READ_NOTE, ch],
            [Reply.OK, Event.READ_NOTE, ch],
            [Reply.OK, Event.NOTE_STACKING],
            doubledInReply
              ? [Reply.OK, Event.CREDIT_NOTE, ch, Event.CREDIT_NOTE, ch, Event.NOTE_STACKED]
              : [Reply.OK, Event.CREDIT_NOTE, ch, Event.NOTE_STACKED],
          ];
          // A lost EVENT_ACK: the unit repeats the credit until an ACK gets through.
          if (ackLost) replies.push([Reply.OK, Event.CREDIT_NOTE, ch, Event.CREDIT_NOTE, ch]);
          expected += VALUES[ch - 1]!;
          for (const r of replies) {
            line.loseNextAck = ackLost && r[1] === Event.CREDIT_NOTE && r[r.length - 1] === Event.NOTE_STACKED;
            for (const result of deframer.push(encodeFrame(SEQ_FLAG, Uint8Array.from(r)))) {
              if (result.kind !== 'frame') throw new Error('clean line produced an error');
              const parsed = parsePollReply(result.frame.data);
              if (!parsed.ok) throw new Error(parsed.error);
              await handle(parsed.value.events, parsed.value.unread);
            }
          }
        }
        expect(cabinet.credits).toHaveLength(journeys.length);
        expect(cabinet.creditsMinor).toBe(expected);
        expect(cabinet.faults).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('a credit after its note was acknowledged, with no new escrow, is never credited and raises the cashbox fault', async () => {
    const afterAck = fc.record({
      channel: fc.integer({ min: 1, max: 7 }),
      again: fc.integer({ min: 1, max: 7 }),
      between: fc.array(fc.constantFrom(Event.NOTE_STACKING, Event.NOTE_STACKED, Event.DISABLED), { maxLength: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(afterAck, async ({ channel, again, between }) => {
        const { cabinet, handle, line } = receiver();
        for (const r of [
          [Event.READ_NOTE, channel],
          [Event.NOTE_STACKING],
          [Event.CREDIT_NOTE, channel, Event.NOTE_STACKED],
          between,
          [Event.CREDIT_NOTE, again],
        ]) {
          const parsed = parsePollReply(Uint8Array.from([Reply.OK, ...r]));
          if (!parsed.ok) throw new Error(parsed.error);
          await handle(parsed.value.events, parsed.value.unread);
        }
        expect(cabinet.credits.map((c) => c.channel)).toEqual([channel]);
        expect(cabinet.faults).toHaveLength(1);
        expect(cabinet.faults[0]).toMatchObject({
          deviceDetail: { code: 'acceptor-conditions', conditions: ['credit-anomaly'] },
        });
        expect(line.acks).toBe(2); // the refused credit is acknowledged once its fault is raised
      }),
      { numRuns: 200 },
    );
  });
});
