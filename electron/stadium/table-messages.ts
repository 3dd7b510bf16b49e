/**
 * What a stadium table says on the broker (docs/stadium.md#messages): the subjects of one table, its stream, and the
 * three message shapes as zod schemas, so a terminal reads exactly what the table writes. Every message is one JSON
 * object in UTF-8. `round` is the table's own round number, rising by one from 1; durations, never wall-clock
 * times, so no two machines' clocks need agree.
 */
import { z } from 'zod';
import { RANKS, SUITS } from '../core/cards/card.ts';

/** A table id is one NATS subject token and part of a stream name; the venue config's rule (stadium-config.ts). */
export { TABLE_ID, TABLE_ID_RULE } from '../core/config/stadium-config.ts';
import { TABLE_ID } from '../core/config/stadium-config.ts';

/** The subjects a table publishes on; a venue's permissions give each table only its own (docs/stadium.md#venue-set-up). */
export function tableSubjects(table: string): { open: string; result: string; void: string; all: string } {
  const base = `stadium.table.${table}`;
  return { open: `${base}.open`, result: `${base}.result`, void: `${base}.void`, all: `${base}.>` };
}

/** The JetStream stream that keeps one table's messages. */
export function tableStream(table: string): string {
  return `STADIUM_TABLE_${table}`;
}

/**
 * The broker's message id of a round's conclusion: its result and its void share it, so the stream keeps at most one
 * of the two for a round (docs/stadium.md#crashes).
 */
export function conclusionId(round: number): string {
  return String(round);
}

/** The open message's own id, so a re-published open is dropped too. */
export function openId(round: number): string {
  return `${round}-open`;
}

const round = z.number().int().min(1);
const table = z.string().regex(TABLE_ID);
const card = z.object({ rank: z.enum(RANKS), suit: z.enum(SUITS) }).strict();

export const TableOutcomeSchema = z
  .object({
    winner: z.enum(['player', 'banker', 'tie']),
    playerTotal: z.number().int().min(0).max(9),
    bankerTotal: z.number().int().min(0).max(9),
    natural: z.boolean(),
    playerPair: z.boolean(),
    bankerPair: z.boolean(),
  })
  .strict();
export type TableOutcome = z.infer<typeof TableOutcomeSchema>;

export const OpenMessageSchema = z.object({ table, round, closesInMs: z.number().int().min(1) }).strict();
export type OpenMessage = z.infer<typeof OpenMessageSchema>;

export const ResultMessageSchema = z
  .object({
    table,
    round,
    /** In deal order: P1, B1, P2, B2, then P3 and B3 when drawn. */
    cards: z.array(card).min(4).max(6),
    outcome: TableOutcomeSchema,
    /** Ed25519 over resultSigningBytes(), base64 (result-signature.ts). */
    signature: z.string().regex(/^[A-Za-z0-9+/]{86}==$/, 'signature must be 64 bytes in base64'),
  })
  .strict();
export type ResultMessage = z.infer<typeof ResultMessageSchema>;
export type UnsignedResult = Omit<ResultMessage, 'signature'>;

export const VoidMessageSchema = z.object({ table, round }).strict();
export type VoidMessage = z.infer<typeof VoidMessageSchema>;

export function encodeMessage(message: OpenMessage | ResultMessage | VoidMessage): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(message));
}
