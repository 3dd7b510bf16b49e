/**
 * The condition bookkeeping both drivers share (docs/cabinet-rules.md#door-and-tilt): the cabinet hears of a
 * condition once when it becomes active, a tilt lasts while the unit reports it, a latched condition stays
 * until the driver drops it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConditionSet } from './condition-set.ts';

type Demo = 'jam' | 'door-open' | 'fraud' | 'no-channels';
const ALL: readonly Demo[] = ['jam', 'door-open', 'fraud', 'no-channels'];
const TEXTS: Record<Demo, string> = {
  jam: 'note jammed',
  'door-open': 'door open',
  fraud: 'fraud attempt',
  'no-channels': 'no channel accepted',
};
const LATCHED = new Set<Demo>(['fraud', 'no-channels']);

function rig() {
  const raised: Array<{ condition: Demo; reason: string }> = [];
  const cleared: Demo[] = [];
  let changes = 0;
  const set = new ConditionSet<Demo>(
    { texts: TEXTS, latched: LATCHED },
    {
      raised: (condition, reason) => raised.push({ condition, reason }),
      cleared: (condition) => cleared.push(condition),
      changed: () => void changes++,
    },
  );
  return { set, raised, cleared, changes: () => changes };
}

describe('the conditions of an acceptor', () => {
  it('tells the cabinet of a condition once, however many replies report it', () => {
    const { set, raised } = rig();
    for (let i = 0; i < 3; i++) set.update(new Set<Demo>(['jam']));
    expect(raised).toEqual([{ condition: 'jam', reason: 'note jammed' }]);
    expect(set.has('jam')).toBe(true);
  });

  it('clears a tilt on the first reply that no longer reports it', () => {
    const { set, cleared } = rig();
    set.update(new Set<Demo>(['jam', 'door-open']));
    set.update(new Set<Demo>(['door-open']));
    expect(cleared).toEqual(['jam']);
    expect(set.list()).toEqual(['door-open']);
  });

  it('keeps a latched condition after the unit stops reporting it, until the driver drops it', () => {
    const { set, cleared } = rig();
    set.raise('fraud', 'fraud attempt (channel 3)');
    set.update(new Set());
    expect(set.has('fraud')).toBe(true);
    set.drop(['fraud']);
    expect(set.active).toBe(false);
    expect(cleared).toEqual([]);
  });

  it('words the active conditions in the order they were raised, and a fault with its own reason', () => {
    const { set, raised } = rig();
    set.raise('no-channels', 'no channel accepted (unit USD, venue EUR)');
    set.update(new Set<Demo>(['jam']));
    expect(set.describe()).toBe('no channel accepted; note jammed');
    expect(raised.map((r) => r.reason)).toEqual(['no channel accepted (unit USD, venue EUR)', 'note jammed']);
  });

  it('reports no change when a drop finds nothing to drop', () => {
    const { set, changes } = rig();
    set.drop(['fraud', 'jam']);
    expect(changes()).toBe(0);
  });

  it('whatever the replies, raises and drops: active is what the rule says, each becoming active told once', () => {
    type Step =
      | { readonly kind: 'reply'; readonly seen: readonly Demo[] }
      | { readonly kind: 'raise'; readonly condition: Demo }
      | { readonly kind: 'drop'; readonly conditions: readonly Demo[] };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant('reply' as const), seen: fc.subarray([...ALL]) }),
      fc.record({ kind: fc.constant('raise' as const), condition: fc.constantFrom(...ALL) }),
      fc.record({ kind: fc.constant('drop' as const), conditions: fc.subarray([...ALL]) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const { set, raised, cleared } = rig();
        const expected = new Set<Demo>();
        let becameActive = 0;
        let tiltsEnded = 0;
        const activate = (c: Demo) => {
          if (expected.has(c)) return;
          expected.add(c);
          becameActive++;
        };
        for (const s of steps) {
          if (s.kind === 'reply') {
            for (const c of s.seen) activate(c);
            for (const c of [...expected]) {
              if (LATCHED.has(c) || s.seen.includes(c)) continue;
              expected.delete(c);
              tiltsEnded++;
            }
            set.update(new Set(s.seen));
          } else if (s.kind === 'raise') {
            activate(s.condition);
            set.raise(s.condition);
          } else {
            for (const c of s.conditions) expected.delete(c);
            set.drop(s.conditions);
          }
          expect(new Set(set.list())).toEqual(expected);
          expect(set.active).toBe(expected.size > 0);
        }
        expect(raised).toHaveLength(becameActive);
        expect(cleared).toHaveLength(tiltsEnded);
        expect(cleared.every((c) => !LATCHED.has(c))).toBe(true);
      }),
    );
  });
});
