import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLAYER_HISTORY_ROUNDS } from '../../../electron/core/model/player-history-page.ts';
import { clampPage, HISTORY_ROWS_PER_PAGE, pageCount, pageOf, pageRequest } from './history-page.ts';

describe('paging the game history', () => {
  it('a full history of 100 rounds is 13 pages in landscape and 10 in portrait; an empty one is 1 page', () => {
    expect(pageCount(100, HISTORY_ROWS_PER_PAGE.landscape)).toBe(13);
    expect(pageCount(100, HISTORY_ROWS_PER_PAGE.portrait)).toBe(10);
    expect(pageCount(0, 8)).toBe(1);
    expect(pageCount(8, 8)).toBe(1);
    expect(pageCount(9, 8)).toBe(2);
  });

  it('portrait holds more rows than landscape', () => {
    expect(HISTORY_ROWS_PER_PAGE.portrait).toBeGreaterThan(HISTORY_ROWS_PER_PAGE.landscape);
  });

  it('the pages together ask for each round of the window exactly once, and never past it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: PLAYER_HISTORY_ROUNDS }), fc.integer({ min: 1, max: 20 }), (total, per) => {
        const asked: number[] = [];
        for (let page = 0; page < pageCount(total, per); page++) {
          const { offset, limit } = pageRequest(page, per);
          expect(offset).toBeGreaterThanOrEqual(0);
          expect(offset + limit).toBeLessThanOrEqual(PLAYER_HISTORY_ROUNDS);
          for (let i = offset; i < Math.min(offset + limit, total); i++) asked.push(i);
        }
        expect(asked).toEqual([...Array(total).keys()]);
      }),
    );
  });

  it('a page that no longer exists becomes the nearest one that does', () => {
    expect(clampPage(12, 20, 8)).toBe(2);
    expect(clampPage(-1, 20, 8)).toBe(0);
    expect(clampPage(5, 0, 8)).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 50 }),
        fc.nat(PLAYER_HISTORY_ROUNDS),
        fc.integer({ min: 1, max: 20 }),
        (p, total, per) => {
          const c = clampPage(p, total, per);
          expect(c).toBeGreaterThanOrEqual(0);
          expect(c).toBeLessThan(pageCount(total, per));
        },
      ),
    );
  });

  it('after the screen turns, the page shown still holds the first round that was in view', () => {
    const landscapePage = 3; // rounds 24–31 at 8 a page
    const first = pageRequest(landscapePage, 8).offset;
    const portraitPage = pageOf(first, 10);
    const { offset, limit } = pageRequest(portraitPage, 10);
    expect(first).toBeGreaterThanOrEqual(offset);
    expect(first).toBeLessThan(offset + limit);
  });

  it('refuses a page size it cannot ask main for, saying what is allowed', () => {
    expect(() => pageCount(10, 0)).toThrow(/1 to 100/);
    expect(() => pageRequest(0, 101)).toThrow(/1 to 100/);
    expect(() => pageOf(0, 2.5)).toThrow(/whole number/);
  });
});
