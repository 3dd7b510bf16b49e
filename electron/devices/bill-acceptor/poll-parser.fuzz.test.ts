/**
 * Fuzz test of the receive path: wire bytes → SspDeframer → parsePollReply → driver.handleEvents.
 * Over 10^5 generated frames (seeded, reproducible): random bytes, valid poll replies, corrupted frames (bit
 * flips), truncated frames and stuffing errors, in random chunk sizes.
 *
 * Rules checked (domain-notes §3 "Bill validator", §4):
 * - nothing throws out of the parser, whatever arrives;
 * - a credit is only ever made while handling a CRC-valid frame (checked again with an independent bitwise CRC)
 *   whose bytes appear verbatim on the wire and which carries CREDIT_NOTE / cleared-into-cashbox for that
 *   channel, after an earlier valid frame put a note of the same channel in escrow;
 * - never more credits than distinct escrows;
 * - on a clean line, every escrow → stacking → CREDIT_NOTE is credited exactly once (no missed credit).
 */
import { describe, expect, it } from 'vitest';
import { seededUniform } from '../../testing/fixtures.ts';
import { SspDeframer, encodeFrame, type SspFrame } from '../serial/ssp-framing.ts';
import { BillAcceptorDriver } from './bill-acceptor-driver.ts';
import { memoryStore } from './note-tracker.ts';
import { Event, Reply, parsePollReply, parseSetupReply, encodeSetupReply } from './ssp-protocol.ts';
import { fakeCabinet } from '../../testing/bill-acceptor-harness.ts';

const FRAMES = 100_000;
const KEY = '9A3F04C27E51B8D6';

function referenceCrc(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** Frame bytes after the STX with every doubled 0x7F collapsed. */
function destuff(wire: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 1; i < wire.length; i++) {
    out.push(wire[i]!);
    if (wire[i] === 0x7f) i++;
  }
  return out;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

function setup() {
  const parsed = parseSetupReply(
    encodeSetupReply({
      firmware: '0410',
      countryCode: 'EUR',
      channelValuesMajor: [5, 10, 20, 50, 100, 200, 500],
      realValueMultiplier: 100,
      protocolVersion: 7,
    }),
  );
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

function rig() {
  const cabinet = fakeCabinet();
  cabinet.creditLimitMinor = Number.MAX_SAFE_INTEGER;
  const driver = new BillAcceptorDriver({
    portPath: '/dev/fuzz',
    cabinet,
    open: async () => {
      throw new Error('no line in the fuzz test');
    },
    store: memoryStore(),
    config: { fixedKeyHex: KEY },
  });
  driver.primeForTest(setup(), '4242');
  const master = { command: async () => new Uint8Array(0) };
  return { cabinet, driver, master };
}

describe('poll receive path under fuzzing (domain-notes §3 "Bill validator", §4)', () => {
  it(`never throws and never credits without a valid CREDIT_NOTE after escrow, over ${FRAMES} frames`, async () => {
    const random = seededUniform(20261201);
    const int = (n: number) => Math.floor(random() * n);
    const { cabinet, driver, master } = rig();
    const deframer = new SspDeframer();
    const wire: number[] = [];
    const channelOf = () => (random() < 0.9 ? 1 + int(7) : int(256));

    const validPayload = (): number[] => {
      const ch = channelOf();
      switch (int(10)) {
        case 0:
          return [Reply.OK, Event.READ_NOTE, 0];
        case 1:
        case 2:
          return [Reply.OK, Event.READ_NOTE, ch];
        case 3:
          return [Reply.OK, Event.NOTE_STACKING];
        case 4:
        case 5:
          return [Reply.OK, Event.CREDIT_NOTE, ch, Event.NOTE_STACKED];
        case 6:
          return [Reply.OK, Event.NOTE_CLEARED_INTO_CASHBOX, ch];
        case 7:
          return [Reply.OK, Event.NOTE_REJECTED];
        case 8:
          return [Reply.OK, 0x7f, Event.CREDIT_NOTE, 0x7f]; // unknown event carrying 0x7F bytes: stuffing
        default: {
          const length = int(12);
          return [int(4) === 0 ? int(256) : Reply.OK, ...Array.from({ length }, () => int(256))];
        }
      }
    };

    let kinds = { valid: 0, corrupted: 0, truncated: 0, stuffing: 0, random: 0 };
    let delivered = 0;
    let creditsFromValidFrames = 0;
    let escrows = 0;
    let lastEscrowChannel: number | null = null;
    const creditFrames: Array<{ channel: number; frame: SspFrame }> = [];
    const originalCredit = cabinet.creditBill.bind(cabinet);
    let current: SspFrame | null = null;
    cabinet.creditBill = (credit) => {
      // The credit must come from the frame being handled, which must carry a credit event of this channel.
      const frame = current!;
      const data = Array.from(frame.data);
      const carries = data.some(
        (b, i) => (b === Event.CREDIT_NOTE || b === Event.NOTE_CLEARED_INTO_CASHBOX) && data[i + 1] === credit.channel,
      );
      expect(carries).toBe(true);
      expect(lastEscrowChannel).toBe(credit.channel);
      creditFrames.push({ channel: credit.channel, frame });
      const ok = originalCredit(credit);
      if (ok) creditsFromValidFrames++;
      return ok;
    };

    const started = performance.now();
    for (let n = 0; n < FRAMES; n++) {
      const payload = Uint8Array.from(validPayload().slice(0, 255));
      const seq = int(2) ? 0x80 : 0x00;
      let bytes = encodeFrame(seq, payload.length ? payload : Uint8Array.of(Reply.OK));
      const roll = random();
      if (roll < 0.4) {
        kinds.valid++;
      } else if (roll < 0.55) {
        kinds.corrupted++;
        bytes = Uint8Array.from(bytes);
        const at = 1 + int(bytes.length - 1);
        bytes[at]! ^= 1 << int(8);
      } else if (roll < 0.7) {
        kinds.truncated++;
        bytes = bytes.slice(0, 1 + int(bytes.length - 1));
      } else if (roll < 0.85) {
        kinds.stuffing++;
        const list = Array.from(bytes);
        const doubled = list.findIndex((b, i) => i > 0 && b === 0x7f && list[i + 1] === 0x7f);
        if (doubled > 0 && int(2))
          list.splice(doubled, 1); // an undoubled 0x7F inside the frame
        else list.splice(1 + int(list.length - 1), 0, 0x7f); // a stray 0x7F
        bytes = Uint8Array.from(list);
      } else {
        kinds.random++;
        bytes = Uint8Array.from({ length: int(40) }, () => int(256));
      }
      wire.push(...bytes);
      // arbitrary chunking
      for (let at = 0; at < bytes.length;) {
        const size = 1 + int(16);
        const results = deframer.push(bytes.subarray(at, at + size));
        at += size;
        for (const result of results) {
          if (result.kind !== 'frame') continue;
          delivered++;
          const frame = result.frame;
          const raw = Uint8Array.from([frame.seqId, frame.data.length, ...frame.data]);
          const crc = referenceCrc(raw);
          const body = destuff(encodeFrame(frame.seqId, frame.data));
          expect(body[body.length - 2]! | (body[body.length - 1]! << 8)).toBe(crc);
          const parsed = parsePollReply(frame.data);
          if (!parsed.ok) continue;
          for (const e of parsed.value) {
            if (e.code === Event.READ_NOTE && e.channel) {
              if (lastEscrowChannel !== e.channel || escrows === 0) escrows++;
              lastEscrowChannel = e.channel;
            }
          }
          current = frame;
          await driver.handleEvents(master, parsed.value);
          current = null;
          for (const e of parsed.value) {
            if (e.code === Event.NOTE_REJECTED) lastEscrowChannel = null;
          }
        }
      }
    }
    const elapsed = performance.now() - started;
    // Every credit frame appears verbatim on the wire (re-encoded), i.e. it was really sent, not stitched.
    const wireBytes = Uint8Array.from(wire);
    for (const { frame } of creditFrames.slice(0, 200))
      expect(indexOf(wireBytes, encodeFrame(frame.seqId, frame.data))).toBe(true);
    expect(creditsFromValidFrames).toBeLessThanOrEqual(escrows);
    expect(kinds.valid + kinds.corrupted + kinds.truncated + kinds.stuffing + kinds.random).toBe(FRAMES);
    expect(delivered).toBeGreaterThan(FRAMES * 0.3);
    expect(creditsFromValidFrames).toBeGreaterThan(0); // the path was exercised
    console.log(
      `fuzz: ${FRAMES} frames (${JSON.stringify(kinds)}), ${delivered} delivered, ${creditsFromValidFrames} credits, ` +
        `${Math.round((FRAMES / elapsed) * 1000)} frames/s`,
    );
    kinds = { valid: 0, corrupted: 0, truncated: 0, stuffing: 0, random: 0 };
  });

  it('on a clean line every escrow → stacking → CREDIT_NOTE is credited exactly once, even when repeated', async () => {
    const { cabinet, driver, master } = rig();
    const random = seededUniform(7);
    const deframer = new SspDeframer();
    let expected = 0;
    for (let n = 0; n < 5_000; n++) {
      const ch = 1 + Math.floor(random() * 7);
      const replies = [
        [Reply.OK, Event.READ_NOTE, 0],
        [Reply.OK, Event.READ_NOTE, ch],
        [Reply.OK, Event.READ_NOTE, ch],
        [Reply.OK, Event.NOTE_STACKING],
        random() < 0.3
          ? [Reply.OK, Event.CREDIT_NOTE, ch, Event.CREDIT_NOTE, ch, Event.NOTE_STACKED] // duplicated in one reply
          : [Reply.OK, Event.CREDIT_NOTE, ch, Event.NOTE_STACKED],
      ];
      if (random() < 0.3) replies.push([Reply.OK, Event.CREDIT_NOTE, ch, Event.CREDIT_NOTE, ch]); // duplicates
      expected += [500, 1000, 2000, 5000, 10000, 20000, 50000][ch - 1]!;
      for (const r of replies) {
        for (const result of deframer.push(encodeFrame(0x80, Uint8Array.from(r)))) {
          if (result.kind !== 'frame') throw new Error('clean line produced an error');
          const parsed = parsePollReply(result.frame.data);
          if (!parsed.ok) throw new Error(parsed.error);
          await driver.handleEvents(master, parsed.value);
        }
      }
    }
    expect(cabinet.credits).toHaveLength(5_000);
    expect(cabinet.creditsMinor).toBe(expected);
    expect(cabinet.faults).toEqual([]);
  });
});
