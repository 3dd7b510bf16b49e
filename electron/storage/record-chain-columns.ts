/**
 * What each record chain covers (docs/cabinet-rules.md#verified-records): its table, its id column
 * and every other column in the order the digest encodes them. A column added to one of these
 * tables by a later migration is covered only once it is listed here (and existing rows re-chained).
 */
import type { ChainedTable } from '../core/model/record-check.ts';

export interface ChainDef {
  readonly table: ChainedTable;
  readonly idColumn: string;
  /** Every column but the digest, in the order they are encoded. */
  readonly columns: readonly string[];
}

export const CHAINS: Readonly<Record<ChainedTable, ChainDef>> = {
  ledger: {
    table: 'ledger',
    idColumn: 'id',
    columns: [
      'id',
      'at',
      'kind',
      'demo',
      'delta_minor',
      'round_id',
      'spot',
      'event_key',
      'denomination_minor',
      'balance_after_minor',
    ],
  },
  rounds: {
    table: 'rounds',
    idColumn: 'round_id',
    columns: [
      'round_id',
      'status',
      'demo',
      'bets_json',
      'stake_minor',
      'cards_json',
      'outcome_json',
      'returns_json',
      'return_minor',
      'credits_before_minor',
      'credits_after_minor',
      'started_at',
      'dealt_at',
      'ended_at',
      'refunded_minor',
      'profile_json',
      'void_code',
      'void_params_json',
    ],
  },
  events: { table: 'events', idColumn: 'id', columns: ['id', 'at', 'kind', 'code', 'params_json'] },
};
