/**
 * ID-003 framing and CRC (docs/protocols/id003.md#framing, #crc-16kermit): the published check value, frames
 * from the open hosts, a resync after any noise that never throws and never invents a frame, and the parser
 * class on a serialport mock binding.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SerialPortMock } from 'serialport';
import { until } from '../../../testing/until.ts';
import { crc16Kermit } from './id003-crc.ts';
import {
  Id003Deframer,
  Id003Parser,
  encodeId003Frame,
  type Id003DeframeResult,
  type Id003Frame,
} from './id003-framing.ts';

const bytes = (hex: string) => Uint8Array.from(hex.split(' ').map((h) => parseInt(h, 16)));
const frames = (results: readonly Id003DeframeResult[]): Id003Frame[] =>
  results.flatMap((r) => (r.kind === 'frame' ? [r.frame] : []));
const wire = (results: readonly Id003DeframeResult[]) =>
  results.flatMap((r) => (r.kind === 'frame' ? [Array.from(r.wire)] : []));

/** The textbook bitwise definition, MSB-first on reversed bytes: an independent check of the reflected loop. */
function crcByDefinition(data: Uint8Array): number {
  const reverse = (value: number, width: number) => {
    let out = 0;
    for (let i = 0; i < width; i++) out |= ((value >> i) & 1) << (width - 1 - i);
    return out;
  };
  let crc = 0;
  for (const byte of data) {
    crc ^= reverse(byte, 8) << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return reverse(crc, 16);
}

describe('CRC-16/KERMIT', () => {
  it('has the published check value 0x2189 for "123456789"', () => {
    expect(crc16Kermit(new TextEncoder().encode('123456789'))).toBe(0x2189);
  });

  it('matches the bitwise definition (poly 0x1021 reflected, init 0) on any bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (data) => crc16Kermit(data) === crcByDefinition(data)));
  });
});

describe('ID-003 frames', () => {
  it('encodes the frames the open hosts send: status request, ACK, RESET, inhibit off', () => {
    expect(encodeId003Frame(0x11)).toEqual(bytes('fc 05 11 27 56'));
    expect(encodeId003Frame(0x50)).toEqual(bytes('fc 05 50 aa 05'));
    expect(encodeId003Frame(0x40)).toEqual(bytes('fc 05 40 2b 15'));
    expect(encodeId003Frame(0xc3, Uint8Array.of(0x00))).toEqual(bytes('fc 06 c3 00 04 d6'));
  });

  it('refuses a CMD that is not a byte and data that does not fit in LEN', () => {
    expect(() => encodeId003Frame(0x100)).toThrow(/CMD must be a byte/);
    expect(() => encodeId003Frame(0x13, new Uint8Array(251))).toThrow(/at most 250 data bytes/);
  });

  it('reads an escrow status split over chunks, LEN counting the whole frame', () => {
    const deframer = new Id003Deframer();
    const frame = encodeId003Frame(0x13, Uint8Array.of(0x63));
    expect(frame[1]).toBe(6);
    expect(deframer.push(frame.subarray(0, 1))).toEqual([]);
    expect(deframer.push(frame.subarray(1, 4))).toEqual([]);
    const out = frames(deframer.push(frame.subarray(4)));
    expect(out.map((f) => [f.cmd, Array.from(f.data)])).toEqual([[0x13, [0x63]]]);
  });

  it('drops a frame with a bad CRC and reads the next good one', () => {
    const bad = encodeId003Frame(0x15);
    bad[4]! ^= 0x01;
    const out = new Id003Deframer().push(Uint8Array.from([...bad, ...encodeId003Frame(0x16)]));
    expect(out.some((r) => r.kind === 'error' && r.reason === 'crc')).toBe(true);
    expect(frames(out).map((f) => f.cmd)).toEqual([0x16]);
  });

  it('a stray 0xFC announcing a long frame does not hold back the good frame behind it', () => {
    const out = new Id003Deframer().push(Uint8Array.from([0xfc, 0xf0, 0x01, ...encodeId003Frame(0x11)]));
    expect(frames(out).map((f) => f.cmd)).toEqual([0x11]);
    expect(out.some((r) => r.kind === 'error' && r.reason === 'resync')).toBe(true);
  });

  it('never throws, never holds more than a frame and a chunk, and delivers only frames that were on the wire', () => {
    const frameArb = fc
      .tuple(fc.integer({ min: 0, max: 255 }), fc.uint8Array({ maxLength: 12 }))
      .map(([cmd, data]) => encodeId003Frame(cmd, data));
    const pieceArb = fc.oneof(
      frameArb.map((f) => ({ frame: true, bytes: f })),
      fc.uint8Array({ minLength: 1, maxLength: 20 }).map((b) => ({ frame: false, bytes: b })),
    );
    fc.assert(
      fc.property(fc.array(pieceArb, { maxLength: 20 }), fc.integer({ min: 1, max: 17 }), (pieces, chunk) => {
        const stream = Uint8Array.from(pieces.flatMap((p) => [...p.bytes]));
        const deframer = new Id003Deframer();
        const results: Id003DeframeResult[] = [];
        for (let at = 0; at < stream.length; at += chunk) {
          results.push(...deframer.push(stream.subarray(at, at + chunk)));
          expect(deframer.pending).toBeLessThanOrEqual(255 + chunk);
        }
        const text = Array.from(stream).join(',');
        for (const w of wire(results)) expect(`,${text},`).toContain(`,${w.join(',')},`);
      }),
    );
  });

  it('finds every frame of a clean stream, however it is chunked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 255 }), fc.uint8Array({ maxLength: 8 })), { maxLength: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (specs, chunk) => {
          const encoded = specs.map(([cmd, data]) => encodeId003Frame(cmd, data));
          const stream = Uint8Array.from(encoded.flatMap((f) => [...f]));
          const deframer = new Id003Deframer();
          const results: Id003DeframeResult[] = [];
          for (let at = 0; at < stream.length; at += chunk)
            results.push(...deframer.push(stream.subarray(at, at + chunk)));
          expect(wire(results)).toEqual(encoded.map((f) => Array.from(f)));
        },
      ),
    );
  });

  it('the parser class reads frames through a serialport mock binding', async () => {
    SerialPortMock.binding.createPort('/dev/id003-mock', { echo: true, record: true });
    const port = new SerialPortMock({ path: '/dev/id003-mock', baudRate: 9600, parity: 'even' });
    await new Promise<void>((resolve, reject) => port.on('open', resolve).on('error', reject));
    const parser = port.pipe(new Id003Parser());
    const got: Id003DeframeResult[] = [];
    parser.on('data', (result: Id003DeframeResult) => got.push(result));
    const sent = [encodeId003Frame(0x11), Uint8Array.of(0x00, 0xfc), encodeId003Frame(0x13, Uint8Array.of(0x62))];
    for (const chunk of sent) {
      await new Promise<void>((resolve, reject) => port.write(Buffer.from(chunk), (e) => (e ? reject(e) : resolve())));
    }
    await until(() => frames(got).length === 2, 'the echoed frames');
    expect(frames(got).map((f) => [f.cmd, Array.from(f.data)])).toEqual([
      [0x11, []],
      [0x13, [0x62]],
    ]);
    await new Promise<void>((resolve) => port.close(() => resolve()));
    SerialPortMock.binding.reset();
  });
});
