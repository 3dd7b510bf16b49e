import fc from 'fast-check';
import { describe, expect, it, onTestFinished } from 'vitest';
import { canonicalJson } from '../core/integrity/canonical-json.ts';
import { corruptCriticalCopy } from '../testing/journal-damage.ts';
import { sampleCriticalState, tempJournal } from '../testing/journal-fixtures.ts';
import { encodeCritical } from './critical-memory-store.ts';

function journal() {
  const t = tempJournal();
  onTestFinished(t.cleanup);
  return t;
}

/** The same value with the keys of every object in reverse order. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .reverse()
        .map(([k, v]) => [k, reversedKeys(v)]),
    );
  }
  return value;
}

describe('critical memory', () => {
  it('both copies are written in the transaction and read back', () => {
    const { journal: j } = journal();
    expect(j.readCriticalCopies()).toMatchObject({
      a: { copy: 'a', state: null, problem: 'missing' },
      b: { copy: 'b', state: null, problem: 'missing' },
      exists: false,
    });
    const state = sampleCriticalState();
    j.transaction(() => j.writeCritical(state));
    const read = j.readCriticalCopies();
    expect(read.exists).toBe(true);
    expect(read.a.state).toEqual(state);
    expect(read.b.state).toEqual(state);
  });

  it('each copy carries a SHA-256 that detects a changed byte, a bad checksum or a missing copy', () => {
    const { journal: j, path } = journal();
    const state = sampleCriticalState();
    j.transaction(() => j.writeCritical(state));
    corruptCriticalCopy(path, 'a');
    let read = j.readCriticalCopies();
    expect(read.a.problem).toBe('checksum-mismatch');
    expect(read.b.state).toEqual(state);
    corruptCriticalCopy(path, 'b', 'bad-checksum');
    expect(j.readCriticalCopies().b.problem).toBe('checksum-mismatch');
    corruptCriticalCopy(path, 'b', 'delete');
    read = j.readCriticalCopies();
    expect(read.b.problem).toBe('missing');
    expect(read.exists).toBe(true);
    expect(() => corruptCriticalCopy(path, 'b', 'delete')).toThrow(/nothing to damage/);
    // One copy is rebuilt from a good state.
    j.transaction(() => j.writeCriticalCopy('a', state));
    j.transaction(() => j.writeCriticalCopy('b', state));
    read = j.readCriticalCopies();
    expect([read.a.problem, read.b.problem]).toEqual([null, null]);
  });

  it('canonical JSON does not depend on key order', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: [3, { f: 1, e: 2 }] } })).toBe(
      '{"a":{"c":[3,{"e":2,"f":1}],"d":2},"b":1}',
    );
  });

  it('property: the stored form of a value and its SHA-256 do not depend on key order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(canonicalJson(reversedKeys(value))).toBe(text);
        expect(canonicalJson(JSON.parse(text))).toBe(text);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.option(fc.nat(), { nil: null }), (seq, credits, open) => {
        const state = sampleCriticalState({ seq, creditsMinor: credits, openRoundId: open });
        expect(encodeCritical(reversedKeys(state) as typeof state)).toEqual(encodeCritical(state));
      }),
      { numRuns: 200 },
    );
  });
});
