/**
 * Generates the kiosk icons (build/icons/<size>x<size>.png) with plain code: a green
 * felt disc with a gold ring and two card shapes. Run: node build/make-icons.ts
 * (the PNGs are committed; rerun only to change the design).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])), 0);
  return Buffer.concat([head, data, crc]);
}

type Rgba = [number, number, number, number];
function pixel(x: number, y: number, size: number): Rgba {
  const u = (x + 0.5) / size - 0.5;
  const v = (y + 0.5) / size - 0.5;
  const r = Math.hypot(u, v);
  if (r > 0.48) return [0, 0, 0, 0];
  if (r > 0.44) return [212, 175, 55, 255]; // gold ring
  const card = (cx: number, cy: number, tilt: number): boolean => {
    const cu = (u - cx) * Math.cos(tilt) + (v - cy) * Math.sin(tilt);
    const cv = -(u - cx) * Math.sin(tilt) + (v - cy) * Math.cos(tilt);
    return Math.abs(cu) < 0.11 && Math.abs(cv) < 0.16;
  };
  if (card(0.07, 0, 0.25)) return Math.hypot(u - 0.09, v + 0.02) < 0.045 ? [180, 20, 40, 255] : [250, 250, 245, 255];
  if (card(-0.07, 0, -0.25)) return Math.hypot(u + 0.09, v + 0.02) < 0.045 ? [20, 20, 20, 255] : [240, 240, 235, 255];
  return [11, 90 - Math.round(r * 60), 56, 255]; // felt
}

export function iconPng(size: number): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) raw.set(pixel(x, y, size), y * (size * 4 + 1) + 1 + x * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

if (import.meta.main) {
  for (const size of [16, 32, 48, 64, 128, 256, 512]) {
    writeFileSync(path.join(import.meta.dirname, 'icons', `${size}x${size}.png`), iconPng(size));
  }
  writeFileSync(path.join(import.meta.dirname, 'icon.png'), iconPng(512));
  process.stdout.write('icons written to build/icons/ and build/icon.png\n');
}
