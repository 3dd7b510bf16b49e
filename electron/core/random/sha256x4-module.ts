/**
 * Four SHA-256 compressions at once (FIPS 180-4 §6.2.2), one per 32-bit lane of WebAssembly SIMD
 * (docs/rng.md#lockstep-instances). Each lane is a separate computation on its own state and block;
 * the lanes never mix (only lane-wise adds, shifts and bitwise operations are used).
 *
 * Memory layout, "lane-interleaved": a state is 8 × 16 bytes, word i of lane L at 16·i + 4·L; a
 * block is 16 × 16 bytes, word j of lane L at 16·j + 4·L. Words are numbers in the memory's own
 * (little-endian) order, so callers write them with an Int32Array, already read big-endian from the
 * message bytes as FIPS 180-4 asks.
 *
 * The rounds are unrolled by the builder below (a plain loop over t), so the eight working variables
 * rename instead of moving and the schedule lives in sixteen locals, as in sha256-compress.ts.
 * Ch(e, f, g) = bitselect(f, g, e) and Maj(a, b, c) = bitselect(c, a, a ^ b) are the same functions
 * written with the SIMD bit select. Checked against the FIPS 180-4 examples and the TypeScript
 * compression lane by lane in sha256x4.test.ts.
 */
import { I32, V128, op, wasmModule, type Bytes } from './wasm-writer.ts';

/** FIPS 180-4 §4.2.2: the 64 round constants. */
const K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
];

/** Bytes of one lane-interleaved state (8 words × 4 lanes) and block (16 words × 4 lanes). */
export const STATE4_BYTES = 8 * 16;
export const BLOCK4_BYTES = 16 * 16;

// Locals of compress4: the two parameters, then a..h, w0..w15, t1, t2.
const STATE = 0;
const BLOCK = 1;
const VAR = 2; // a = VAR + 0 … h = VAR + 7
const W = 10; // w0 = W + 0 … w15 = W + 15
const T1 = 26;
const T2 = 27;

const get = op.localGet;
const add = (...terms: Bytes[]): Bytes => [
  ...terms[0]!,
  ...terms.slice(1).flatMap((term) => [...term, ...op.i32x4Add]),
];
const xor3 = (x: Bytes, y: Bytes, z: Bytes): Bytes => [...x, ...y, ...op.v128Xor, ...z, ...op.v128Xor];
const shr = (local: number, n: number): Bytes => [...get(local), ...op.i32Const(n), ...op.i32x4ShrU];
const rotr = (local: number, n: number): Bytes => [
  ...shr(local, n),
  ...get(local),
  ...op.i32Const(32 - n),
  ...op.i32x4Shl,
  ...op.v128Or,
];
const bigSigma0 = (x: number) => xor3(rotr(x, 2), rotr(x, 13), rotr(x, 22));
const bigSigma1 = (x: number) => xor3(rotr(x, 6), rotr(x, 11), rotr(x, 25));
const smallSigma0 = (x: number) => xor3(rotr(x, 7), rotr(x, 18), shr(x, 3));
const smallSigma1 = (x: number) => xor3(rotr(x, 17), rotr(x, 19), shr(x, 10));

function compress4Body(): Bytes {
  const body: number[] = [];
  for (let j = 0; j < 16; j++) body.push(...get(BLOCK), ...op.v128Load(16 * j), ...op.localSet(W + j));
  for (let i = 0; i < 8; i++) body.push(...get(STATE), ...op.v128Load(16 * i), ...op.localSet(VAR + i));
  // v[0..7] name the locals holding a..h in this round; they rotate one place per round.
  let v = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => VAR + i);
  for (let t = 0; t < 64; t++) {
    const w = W + (t % 16);
    if (t >= 16) {
      const wm2 = W + ((t - 2) % 16);
      const wm7 = W + ((t - 7) % 16);
      const wm15 = W + ((t - 15) % 16);
      body.push(...add(smallSigma1(wm2), get(wm7), smallSigma0(wm15), get(w)), ...op.localSet(w));
    }
    const [a, b, c, d, e, f, g, h] = v as [number, number, number, number, number, number, number, number];
    const ch = [...get(f), ...get(g), ...get(e), ...op.v128Bitselect];
    body.push(...add(get(h), bigSigma1(e), ch, op.i32x4Const(K[t]!), get(w)), ...op.localSet(T1));
    const maj = [...get(c), ...get(a), ...get(a), ...get(b), ...op.v128Xor, ...op.v128Bitselect];
    body.push(...add(bigSigma0(a), maj), ...op.localSet(T2));
    body.push(...add(get(d), get(T1)), ...op.localSet(d));
    body.push(...add(get(T1), get(T2)), ...op.localSet(h));
    v = [h, a, b, c, d, e, f, g];
  }
  for (let i = 0; i < 8; i++) {
    body.push(...get(STATE), ...get(STATE), ...op.v128Load(16 * i), ...get(VAR + i), ...op.i32x4Add);
    body.push(...op.v128Store(16 * i));
  }
  return body;
}

/** Reverses the bytes of each 32-bit lane: big-endian message words to numbers and back. */
const BYTE_SWAP = [3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12];

/**
 * load4(block, message): block j of lane L ← the big-endian word at message + L·LANE_STRIDE + 4·j, for
 * four lanes' messages kept as plain bytes, LANE_STRIDE apart.
 */
function load4Body(): Bytes {
  const [block, message, v] = [0, 1, 2];
  const body: number[] = [];
  for (let j = 0; j < 16; j++) {
    for (let lane = 0; lane < 4; lane++) {
      body.push(...get(message), ...get(v), ...op.v128Load32Lane(lane * LANE_STRIDE + 4 * j, lane), ...op.localSet(v));
    }
    body.push(...get(block), ...get(v), ...get(v), ...op.i8x16Shuffle(BYTE_SWAP), ...op.v128Store(16 * j));
  }
  return body;
}

/** digest4(state, out): lane L's eight state words as 32 big-endian bytes at out + 32·L. */
function digest4Body(): Bytes {
  const [state, out, v] = [0, 1, 2];
  const body: number[] = [];
  for (let i = 0; i < 8; i++) {
    body.push(...get(state), ...op.v128Load(16 * i), ...op.localTee(v), ...get(v), ...op.i8x16Shuffle(BYTE_SWAP));
    body.push(...op.localSet(v));
    for (let lane = 0; lane < 4; lane++)
      body.push(...get(out), ...get(v), ...op.v128Store32Lane(32 * lane + 4 * i, lane));
  }
  return body;
}

/** Bytes between the lanes' messages for load4. */
export const LANE_STRIDE = 8192;

/** The module's bytes: memory (1 page) and compress4(state, block), load4(block, message), digest4(state, out). */
export function sha256x4ModuleBytes(): Uint8Array {
  return wasmModule(1, [
    { name: 'compress4', params: [I32, I32], locals: new Array<number>(26).fill(V128), body: compress4Body() },
    { name: 'load4', params: [I32, I32], locals: [V128], body: load4Body() },
    { name: 'digest4', params: [I32, I32], locals: [V128], body: digest4Body() },
  ]);
}

export interface Sha256x4 {
  /** The module's memory as 32-bit words (index = byte offset / 4). */
  readonly words: Int32Array;
  /** The module's memory as bytes. */
  readonly bytes: Uint8Array;
  /** Compresses the lane-interleaved block at `blockOffset` into the state at `stateOffset` (bytes, 16-aligned). */
  compress4(stateOffset: number, blockOffset: number): void;
  /** The lane-interleaved block at `blockOffset` from four byte messages at `messageOffset`, LANE_STRIDE apart. */
  load4(blockOffset: number, messageOffset: number): void;
  /** Each lane's state at `stateOffset` as 32 big-endian bytes at `outOffset` + 32·lane. */
  digest4(stateOffset: number, outOffset: number): void;
}

/**
 * The WebAssembly API as this file uses it: Node 24 and Electron's main process have it, but the
 * project's TypeScript lib (ES2023 with Node's types) does not describe it.
 */
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}
const wasm = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;

let compiled: object | null = null;

/** A new instance with its own 64 KiB memory (synchronous: the module is about 18 KB). */
export function createSha256x4(): Sha256x4 {
  compiled ??= new wasm.Module(sha256x4ModuleBytes());
  const instance = new wasm.Instance(compiled);
  type Call = (first: number, second: number) => void;
  const exports = instance.exports as { memory: { buffer: ArrayBuffer }; compress4: Call; load4: Call; digest4: Call };
  const buffer = exports.memory.buffer;
  return {
    words: new Int32Array(buffer),
    bytes: new Uint8Array(buffer),
    compress4: exports.compress4,
    load4: exports.load4,
    digest4: exports.digest4,
  };
}
