import { describe, expect, it } from 'vitest';
import { SerialPortMock } from 'serialport';
import { SspDeframer, encodeFrame, type DeframeResult } from './ssp-framing.ts';
import { crc16 } from './ssp-crc.ts';
import { until } from '../../testing/until.ts';

/** Bitwise reference CRC, written independently of the table-driven one. */
function referenceCrc(bytes: number[]): number {
  let crc = 0xffff;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

const frames = (results: DeframeResult[]) => results.filter((r) => r.kind === 'frame').map((r) => r.frame);

describe('SSP framing (docs/protocols/essp.md#framing)', () => {
  it('encodes SYNC to the published bytes 7F 80 01 11 65 82 (CRC low byte first)', () => {
    expect(Array.from(encodeFrame(0x80, Uint8Array.of(0x11)))).toEqual([0x7f, 0x80, 0x01, 0x11, 0x65, 0x82]);
  });

  it('encodes the OK reply to SYNC to the published bytes 7F 80 01 F0 23 80', () => {
    expect(Array.from(encodeFrame(0x80, Uint8Array.of(0xf0)))).toEqual([0x7f, 0x80, 0x01, 0xf0, 0x23, 0x80]);
  });

  it('table CRC equals the bitwise definition (poly 0x8005, seed 0xFFFF)', () => {
    for (let n = 0; n < 200; n++) {
      const bytes = Array.from({ length: n % 40 }, (_, i) => (i * 37 + n * 11) & 0xff);
      expect(crc16(Uint8Array.from(bytes))).toBe(referenceCrc(bytes));
    }
  });

  it('doubles every 0x7F after the STX and the deframer undoes it', () => {
    const data = Uint8Array.of(0x7f, 0x01, 0x7f, 0x7f);
    const wire = encodeFrame(0x00, data);
    const body = Array.from(wire.slice(1));
    // no single 0x7F survives inside the body
    for (let i = 0; i < body.length; i++) {
      if (body[i] === 0x7f) {
        expect(body[i + 1]).toBe(0x7f);
        i++;
      }
    }
    const got = frames(new SspDeframer().push(wire));
    expect(got).toHaveLength(1);
    expect(Array.from(got[0]!.data)).toEqual(Array.from(data));
  });

  it('rejects a frame whose CRC is wrong and still reads the next good one', () => {
    const good = encodeFrame(0x80, Uint8Array.of(0xf0, 0xee, 0x02));
    const bad = Uint8Array.from(good);
    bad[4]! ^= 0x01;
    const results = new SspDeframer().push(Uint8Array.from([...bad, ...good]));
    expect(results.map((r) => r.kind)).toEqual(['error', 'frame']);
    expect(results[0]).toMatchObject({ reason: 'crc' });
  });

  it('resynchronises after garbage and after a truncated frame', () => {
    const good = encodeFrame(0x80, Uint8Array.of(0xf0));
    const truncated = encodeFrame(0x00, Uint8Array.of(0xf0, 1, 2, 3, 4)).slice(0, 5);
    const d = new SspDeframer();
    const results = [
      ...d.push(Uint8Array.of(0x01, 0x02, 0x03)),
      ...d.push(truncated),
      ...d.push(good.slice(0, 2)),
      ...d.push(good.slice(2)),
    ];
    expect(frames(results)).toHaveLength(1);
    expect(results.some((r) => r.kind === 'error' && r.reason === 'resync')).toBe(true);
  });

  it('refuses to build frames the protocol cannot carry', () => {
    expect(() => encodeFrame(0x80, new Uint8Array(0))).toThrow(/1\.\.255/);
    expect(() => encodeFrame(0x80, new Uint8Array(256))).toThrow(/1\.\.255/);
    expect(() => encodeFrame(0x7f, Uint8Array.of(1))).toThrow(/address/);
  });

  it('round-trips frames through a serialport mock binding, chunked arbitrarily', async () => {
    SerialPortMock.binding.createPort('/dev/ssp-mock', { echo: true, record: true });
    const port = new SerialPortMock({ path: '/dev/ssp-mock', baudRate: 9600, stopBits: 2 });
    await new Promise<void>((resolve, reject) => port.on('open', resolve).on('error', reject));
    const deframer = new SspDeframer();
    const got: DeframeResult[] = [];
    port.on('data', (chunk: Buffer) => got.push(...deframer.push(chunk)));
    const sent = [Uint8Array.of(0x11), Uint8Array.of(0x7f, 0x7f, 0x00), Uint8Array.of(0xf0, 0xef, 0x03)];
    for (const [i, data] of sent.entries()) {
      await new Promise<void>((resolve, reject) =>
        port.write(Buffer.from(encodeFrame(i % 2 ? 0x80 : 0x00, data)), (e) => (e ? reject(e) : resolve())),
      );
    }
    await until(() => frames(got).length === sent.length, 'the echoed frames');
    expect(frames(got).map((f) => Array.from(f.data))).toEqual(sent.map((d) => Array.from(d)));
    await new Promise<void>((resolve) => port.close(() => resolve()));
    SerialPortMock.binding.reset();
  });
});
