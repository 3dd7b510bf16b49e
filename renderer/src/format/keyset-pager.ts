/**
 * Keyset paging of a list main hands out newest first (the event log, game recall): a page is asked for by
 * an upper bound on its key ("rounds up to number N"), so rows written meanwhile never shift a page the
 * way an offset would. "Older" asks up to the last key shown minus one and remembers the page it left;
 * "newer" goes back to that page's own bound. Pure: the view keeps the pager and asks main for `bound`.
 */
export interface KeysetPager {
  /** The upper key bound of the page on show; undefined for the newest page. */
  readonly bound: number | undefined;
  /** The bounds of the pages before this one, oldest visit last, for "newer". */
  readonly before: readonly (number | undefined)[];
}

/** The newest page, or the page that starts at `bound` (a round number typed in), with nothing to go back to. */
export function firstPage(bound?: number): KeysetPager {
  return { bound, before: [] };
}

/** The page after the one on show, whose last row has key `lastKeyShown`. */
export function olderPage(pager: KeysetPager, lastKeyShown: number): KeysetPager {
  return { bound: lastKeyShown - 1, before: [...pager.before, pager.bound] };
}

/** The page before the one on show; the newest page stays where it is. */
export function newerPage(pager: KeysetPager): KeysetPager {
  if (pager.before.length === 0) return pager;
  return { bound: pager.before[pager.before.length - 1], before: pager.before.slice(0, -1) };
}

/** Whether "newer" has a page to go back to. */
export function hasNewer(pager: KeysetPager): boolean {
  return pager.before.length > 0;
}

/** A request's bound field, present only when the page has one: `{ ...boundField('toId', pager) }`. */
export function boundField<K extends string>(name: K, pager: KeysetPager): Partial<Record<K, number>> {
  return pager.bound === undefined ? {} : ({ [name]: pager.bound } as Partial<Record<K, number>>);
}
