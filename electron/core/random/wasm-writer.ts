/**
 * A small writer of WebAssembly binaries: just the sections and instructions the multi-lane SHA-256
 * (sha256x4-module.ts) needs, named as in the WebAssembly core and SIMD specifications.
 *
 * Why our own instead of a toolchain (docs/rng.md#lockstep-instances): the module is built from this
 * TypeScript source each time the process starts, so the bytes the cabinet runs cannot drift from the
 * reviewed source, and neither Node nor Electron needs a compiler, a committed binary or a build step.
 * The SHA-256 rounds are unrolled by ordinary loops in the builder instead of being written out by hand.
 */

export type Bytes = readonly number[];

/** Value types (binary encoding). */
export const I32 = 0x7f;
export const V128 = 0x7b;

/** Unsigned LEB128. */
export function uleb(value: number): number[] {
  const out: number[] = [];
  let v = value >>> 0;
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v !== 0) byte |= 0x80;
    out.push(byte);
  } while (v !== 0);
  return out;
}

/** Signed LEB128 of a 32-bit integer. */
export function sleb(value: number): number[] {
  const out: number[] = [];
  let v = value | 0;
  for (;;) {
    const byte = v & 0x7f;
    v >>= 7;
    const done = (v === 0 && (byte & 0x40) === 0) || (v === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

const simd = (code: number): number[] => [0xfd, ...uleb(code)];
/** A memory argument for v128 loads and stores: 16-byte alignment, a constant offset. */
const memarg128 = (offset: number): number[] => [4, ...uleb(offset)];

/** Instructions, each as its bytes; operands come first on the stack (write them before). */
export const op = {
  localGet: (index: number): Bytes => [0x20, ...uleb(index)],
  localSet: (index: number): Bytes => [0x21, ...uleb(index)],
  localTee: (index: number): Bytes => [0x22, ...uleb(index)],
  i32Const: (value: number): Bytes => [0x41, ...sleb(value)],
  v128Load: (offset: number): Bytes => [...simd(0x00), ...memarg128(offset)],
  v128Store: (offset: number): Bytes => [...simd(0x0b), ...memarg128(offset)],
  /** A v128 holding `value` in each of its four 32-bit lanes. */
  i32x4Const: (value: number): Bytes => {
    const lane = [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff];
    return [...simd(0x0c), ...lane, ...lane, ...lane, ...lane];
  },
  /** Replaces lane `lane` of the v128 operand with the 32-bit word at address + offset. */
  v128Load32Lane: (offset: number, lane: number): Bytes => [...simd(0x56), 2, ...uleb(offset), lane],
  /** Stores lane `lane` of the v128 operand as a 32-bit word at address + offset. */
  v128Store32Lane: (offset: number, lane: number): Bytes => [...simd(0x5a), 2, ...uleb(offset), lane],
  /** Byte `i` of the result is byte `lanes[i]` of the two operands (0–15 the first, 16–31 the second). */
  i8x16Shuffle: (lanes: readonly number[]): Bytes => [...simd(0x0d), ...lanes],
  v128And: simd(0x4e) as Bytes,
  v128Or: simd(0x50) as Bytes,
  v128Xor: simd(0x51) as Bytes,
  /** bitselect(v1, v2, c) = (v1 & c) | (v2 & ~c). */
  v128Bitselect: simd(0x52) as Bytes,
  i32x4Shl: simd(0xab) as Bytes,
  i32x4ShrU: simd(0xad) as Bytes,
  i32x4Add: simd(0xae) as Bytes,
};

export interface WasmFunction {
  readonly name: string;
  readonly params: readonly number[];
  /** Extra locals after the parameters, by type. */
  readonly locals: readonly number[];
  readonly body: Bytes;
}

const vector = (items: readonly Bytes[]): number[] => [...uleb(items.length), ...items.flat()];
const section = (id: number, content: Bytes): number[] => [id, ...uleb(content.length), ...content];
const name = (text: string): number[] => vector([...new TextEncoder().encode(text)].map((b) => [b]));

/**
 * A module with one memory of `memoryPages` × 64 KiB exported as "memory", and the given functions
 * (no results), each exported under its name.
 */
export function wasmModule(memoryPages: number, functions: readonly WasmFunction[]): Uint8Array {
  const types = functions.map((f) => [0x60, ...vector(f.params.map((t) => [t])), 0x00]);
  const exports = [
    [...name('memory'), 0x02, ...uleb(0)],
    ...functions.map((f, index) => [...name(f.name), 0x00, ...uleb(index)]),
  ];
  const codes = functions.map((f) => {
    // Locals in runs of one type: (count, type)*.
    const runs: number[][] = [];
    for (const type of f.locals) {
      const last = runs.at(-1);
      if (last !== undefined && last[1] === type) last[0]!++;
      else runs.push([1, type]);
    }
    const code = [...uleb(runs.length), ...runs.flatMap(([count, type]) => [...uleb(count!), type!]), ...f.body, 0x0b];
    return [...uleb(code.length), ...code];
  });
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector(types)),
    ...section(3, vector(functions.map((_, index) => uleb(index)))),
    ...section(5, vector([[0x00, ...uleb(memoryPages)]])),
    ...section(7, vector(exports)),
    ...section(10, vector(codes)),
  ]);
}
