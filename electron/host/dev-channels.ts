/**
 * The dev-only channel tables, in the same shape as the production table (contract.ts),
 * every entry `availability: 'dev'`. They are merged into a router only by the browser test
 * host and by the unpackaged Electron dev path (dev-shell.ts, a bundle electron-builder
 * leaves out); the packaged main and preload contain none of these names (dist:check).
 *  - SERVICE_CHANNEL_TABLE: the embedded emulators' service panel (`npm start`, the host).
 *  - TEST_CHANNEL_TABLE: the browser host's e2e controls (`--test-controls` only).
 */
import { z } from 'zod';
import {
  answers,
  type CabinetBridge,
  type ChannelTable,
  type ProductionTable,
  type RequestIn,
  type ResponseIn,
} from '../ipc/contract.ts';
import { MAX_DECKS } from '../core/engine/shoe.ts';
import { checkForcedRound, parseForcedCards } from '../testing/forced-card-source.ts';

const noteChannel = z.number().int().min(1).max(16);
const empty = z.object({}).strict();

export interface NoteAnswer {
  readonly accepted: boolean;
  readonly detail: string;
}

export const SERVICE_CHANNEL_TABLE = {
  'service:insert-note': {
    role: 'service',
    availability: 'dev',
    request: z.object({ channel: noteChannel }).strict(),
    response: answers<NoteAnswer>(),
  },
} as const satisfies ChannelTable<'dev'>;

/**
 * One whole round's cards in deal order, in the round CLI's notation ("K", "KH", "10d"; see
 * electron/testing/forced-card-source.ts). Whether the shoe holds them is checked against
 * the running deck count when they are armed.
 */
const forcedCards = z
  .array(z.string().min(1).max(4))
  .min(4)
  .max(6)
  .superRefine((labels, context) => {
    try {
      checkForcedRound(parseForcedCards(labels), MAX_DECKS);
    } catch (error) {
      context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
    }
  });

export const TEST_CHANNEL_TABLE = {
  'test:rng-unplug': {
    role: 'test',
    availability: 'dev',
    request: z.object({ duringNextDeal: z.boolean().optional() }).strict(),
    response: answers<{ armed?: boolean }>(),
  },
  'test:rng-replug': { role: 'test', availability: 'dev', request: empty, response: answers<object>() },
  'test:bill-unplug': { role: 'test', availability: 'dev', request: empty, response: answers<object>() },
  'test:bill-replug': { role: 'test', availability: 'dev', request: empty, response: answers<object>() },
  'test:insert-note': {
    role: 'test',
    availability: 'dev',
    request: z.object({ channel: noteChannel }).strict(),
    response: answers<NoteAnswer>(),
  },
  'test:operator-key': {
    role: 'test',
    availability: 'dev',
    request: z.object({ on: z.boolean() }).strict(),
    response: answers<{ on: boolean }>(),
  },
  /** The next round deals exactly these cards (the forced-card source). */
  'test:force-cards': {
    role: 'test',
    availability: 'dev',
    request: z.object({ cards: forcedCards }).strict(),
    response: answers<{ armed: string[] }>(),
  },
} as const satisfies ChannelTable<'dev'>;

export type ServiceTable = typeof SERVICE_CHANNEL_TABLE;
export type TestTable = typeof TEST_CHANNEL_TABLE;

/** What a development cabinet's touchscreen speaks: the production table plus the service panel. */
export type DevKioskTable = ProductionTable & ServiceTable;
export type DevKioskChannel = keyof DevKioskTable;
export type DevKioskRequestOf<C extends DevKioskChannel> = RequestIn<DevKioskTable, C>;
export type DevKioskResponseOf<C extends DevKioskChannel> = ResponseIn<DevKioskTable, C>;
export type DevKioskBridge = CabinetBridge<DevKioskTable>;
