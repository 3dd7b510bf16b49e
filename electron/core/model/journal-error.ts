/**
 * The error of a broken storage rule, in a file of its own so the journal port (journal-port.ts) and the record
 * checks (record-check.ts) can both name it without importing each other.
 */

/** A storage rule was broken (a write outside a transaction, a round in the wrong state, ...). */
export class JournalError extends Error {
  override readonly name = 'JournalError';
}
