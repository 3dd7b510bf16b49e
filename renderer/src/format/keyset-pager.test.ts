import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundField, firstPage, hasNewer, newerPage, olderPage, type KeysetPager } from './keyset-pager.ts';

/** Main's answer for a bound: the `limit` largest keys at or below it, newest first (as tech:events answers). */
function pageOf(keys: readonly number[], pager: KeysetPager, limit: number): number[] {
  return keys.filter((k) => pager.bound === undefined || k <= pager.bound).slice(0, limit);
}

describe('keyset paging: older asks up to the last key shown minus one, newer goes back exactly', () => {
  it('paging older then newer again shows the same pages in reverse', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 200 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 30 }),
        fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: undefined }),
        (raw, limit, steps, start) => {
          const keys = [...raw].sort((a, b) => b - a);
          let pager = firstPage(start);
          const forward = [pageOf(keys, pager, limit)];
          for (let i = 0; i < steps; i++) {
            const last = forward[forward.length - 1]!.at(-1);
            if (last === undefined) break;
            pager = olderPage(pager, last);
            forward.push(pageOf(keys, pager, limit));
          }
          const back = [pageOf(keys, pager, limit)];
          while (hasNewer(pager)) {
            pager = newerPage(pager);
            back.push(pageOf(keys, pager, limit));
          }
          expect(back.reverse()).toEqual(forward);
          expect(pager).toEqual(firstPage(start));
        },
      ),
    );
  });

  it('every key is shown once on the way down: no page repeats or skips a row', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { maxLength: 120 }),
        fc.integer({ min: 1, max: 15 }),
        (raw, limit) => {
          const keys = [...raw].sort((a, b) => b - a);
          let pager = firstPage();
          const seen: number[] = [];
          for (let page = pageOf(keys, pager, limit); page.length > 0; page = pageOf(keys, pager, limit)) {
            seen.push(...page);
            pager = olderPage(pager, page.at(-1)!);
          }
          expect(seen).toEqual(keys);
        },
      ),
    );
  });

  it('newer on the newest page stays there, and a bound goes into a request only when there is one', () => {
    expect(newerPage(firstPage())).toEqual(firstPage());
    expect(hasNewer(firstPage(40))).toBe(false);
    expect(boundField('toId', firstPage())).toEqual({});
    expect(boundField('toRoundId', olderPage(firstPage(), 31))).toEqual({ toRoundId: 30 });
  });
});
