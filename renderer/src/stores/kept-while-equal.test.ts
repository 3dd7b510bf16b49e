import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextTick, shallowRef, watch } from 'vue';
import { keptWhileEqual } from './kept-while-equal.ts';

describe('a setting kept while its content is the same', () => {
  it('for any plain data: a fresh copy keeps the value it had, different content takes the new one', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (first, second) => {
        const source = shallowRef<unknown>(first);
        const kept = keptWhileEqual(() => source.value);
        const before = kept.value;
        source.value = structuredClone(first);
        expect(kept.value).toBe(before);
        source.value = second;
        if (JSON.stringify(second) === JSON.stringify(first)) expect(kept.value).toBe(before);
        else expect(kept.value).toBe(second);
      }),
    );
  });

  it('a reader is not woken by a fresh copy, only by a change', async () => {
    const source = shallowRef({ code: 'EUR', minorDigits: 2 });
    const kept = keptWhileEqual(() => source.value);
    let woken = 0;
    watch(kept, () => woken++);
    source.value = { code: 'EUR', minorDigits: 2 };
    await nextTick();
    expect(woken).toBe(0);
    source.value = { code: 'SEK', minorDigits: 2 };
    await nextTick();
    expect(woken).toBe(1);
  });
});
