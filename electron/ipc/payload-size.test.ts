import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exceedsPayloadLimit, MAX_IPC_REQUEST_BYTES, MAX_IPC_REQUEST_DEPTH } from './payload-size.ts';

const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

describe('the IPC payload size limit', () => {
  it('lets every request JSON can carry within the limit through, and refuses one clearly past it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const size = jsonBytes(value);
        // The walk counts numbers and separators generously, never less than JSON would take.
        if (exceedsPayloadLimit(value, 200)) expect(size * 4 + 400).toBeGreaterThan(200);
        if (size > 200) expect(exceedsPayloadLimit(value, 200)).toBe(true);
      }),
    );
  });

  it('refuses a 100 MB string, an array of a million numbers and a deep object without walking all of them', () => {
    expect(exceedsPayloadLimit({ note: 'x'.repeat(100_000_000) })).toBe(true);
    expect(exceedsPayloadLimit(new Array(MAX_IPC_REQUEST_BYTES).fill(0))).toBe(true);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { d: deep };
    expect(exceedsPayloadLimit(deep)).toBe(true);
  });

  it('counts UTF-8 bytes, not characters', () => {
    const euro = '€'.repeat(MAX_IPC_REQUEST_BYTES / 3 + 10);
    expect(euro.length).toBeLessThan(MAX_IPC_REQUEST_BYTES);
    expect(exceedsPayloadLimit({ text: euro })).toBe(true);
  });

  it('refuses nesting deeper than any request has, and passes the depth a venue config needs', () => {
    const nest = (levels: number): unknown => {
      let value: unknown = 1;
      for (let i = 0; i < levels; i++) value = { d: value };
      return value;
    };
    expect(exceedsPayloadLimit(nest(MAX_IPC_REQUEST_DEPTH))).toBe(false);
    expect(exceedsPayloadLimit(nest(MAX_IPC_REQUEST_DEPTH + 2))).toBe(true);
  });

  it('refuses what JSON cannot carry: cycles, functions, bigints', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(exceedsPayloadLimit(cycle)).toBe(true);
    expect(exceedsPayloadLimit({ f: () => 1 })).toBe(true);
    expect(exceedsPayloadLimit({ n: 1n })).toBe(true);
  });

  it('passes the ordinary requests: a bet, an empty request, a shared sub-object twice', () => {
    const spot = { spot: 'player', chipMinor: 500 };
    expect(exceedsPayloadLimit(spot)).toBe(false);
    expect(exceedsPayloadLimit(undefined)).toBe(false);
    expect(exceedsPayloadLimit({ a: spot, b: spot })).toBe(false);
  });
});
