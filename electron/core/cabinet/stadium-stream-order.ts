/**
 * The table's stream in order (docs/stadium.md#gaps-and-replays): the first conclusion the stream gives this
 * terminal sets the baseline; after it, each stream conclusion must name the next round. A round already heard
 * from the stream, said again the same way, is a redelivery; said another way, or a round below the baseline
 * never heard, is a replay; a round above the next is a gap. A local timeout is no word of the stream's.
 */
import type { StreamWord } from '../model/stadium-journal.ts';
import type { CabinetContext } from './cabinet-context.ts';
import { CabinetError } from './cabinet-error.ts';

export type StreamOrder =
  | { readonly kind: 'next' }
  /** The stream said this of the round before: a redelivery after a lost ack. */
  | { readonly kind: 'seen' }
  | { readonly kind: 'doubtful'; readonly cause: 'round-gap' | 'round-replay' };

function sameWord(a: StreamWord, b: StreamWord): boolean {
  if (a.kind === 'void' || b.kind === 'void') return a.kind === b.kind;
  // A doubtful message said again (its cards, or none) is the same doubtful message.
  if (a.kind === 'doubtful') return JSON.stringify(a.cards) === JSON.stringify(b.cards);
  return a.kind === b.kind && JSON.stringify(a.cards) === JSON.stringify(b.cards);
}

export function checkStreamOrder(ctx: CabinetContext, table: string, round: number, word: StreamWord): StreamOrder {
  const rounds = ctx.journal.stadiumRounds;
  const heard = rounds.row(table, round)?.stream ?? null;
  if (heard !== null) return sameWord(heard, word) ? { kind: 'seen' } : { kind: 'doubtful', cause: 'round-replay' };
  const base = rounds.lastStreamRound(table);
  if (base === null || round === base + 1) return { kind: 'next' };
  return { kind: 'doubtful', cause: round > base + 1 ? 'round-gap' : 'round-replay' };
}

/** A table round is a whole number from 1 (docs/stadium.md#messages); anything else is refused, changing nothing. */
export function requireTableRound(round: number | null): void {
  if (round === null || (Number.isSafeInteger(round) && round >= 1)) return;
  throw new CabinetError('not-permitted', `a table round must be a whole number from 1, not ${String(round)}`);
}
