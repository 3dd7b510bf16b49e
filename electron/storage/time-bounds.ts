/**
 * Time bounds for the journal's searches. Every `at` column holds `Date.toISOString()` text
 * (UTC, milliseconds, "Z"), which sorts as the instants do; a bound given with an offset or
 * without milliseconds is brought to that form first, so "10:00:00Z" and "12:00:00+02:00" find
 * the same rows.
 */
import { JournalError } from '../core/model/journal-port.ts';

/** The earliest and latest text any stored `at` can hold. */
const EARLIEST = '0000-01-01T00:00:00.000Z';
const LATEST = '9999-12-31T23:59:59.999Z';

/** A bound as the column's text, or the open end when absent. */
export function timeBound(value: string | undefined, end: 'from' | 'to'): string {
  if (value === undefined) return end === 'from' ? EARLIEST : LATEST;
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) throw new JournalError(`"${value}" is not an ISO-8601 time`);
  return new Date(ms).toISOString();
}

/** The page size, clamped to 1..10,000 (100 when absent). */
export function pageLimit(limit: number | undefined): number {
  return Math.max(1, Math.min(limit ?? 100, 10_000));
}
