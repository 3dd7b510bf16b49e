/**
 * The one IPC contract shared by main, preload, the browser test host and the renderer.
 * Each request channel maps to a zod schema of its payload and the type of its answer.
 * Main validates every payload with these schemas; the renderer is untrusted.
 */
import { z } from 'zod';
import type { CabinetErrorCode, CabinetEvent, CabinetSnapshot } from '../core/cabinet/cabinet-api.ts';
import type { EventLogEntry } from '../core/model/event-log.ts';
import type { Handpay } from '../core/model/handpay.ts';
import type { Meters } from '../core/model/meters.ts';
import type { RoundRecord } from '../core/model/round-record.ts';
import { EVENT_CHANNEL_NAME, type ChannelName } from './channels.ts';

export { CHANNELS, TECHNICIAN_CHANNELS, isChannel } from './channels.ts';

const spot = z.enum(['player', 'banker', 'tie']);
/** Money crosses IPC as integer minor units only. */
const minor = z.number().int().positive().max(100_000_000_00);
const empty = z.object({}).strict();
const roundId = z.number().int().nonnegative();

export const RequestSchemas = {
  'cabinet:snapshot': empty,
  'bets:place': z.object({ spot, chipMinor: minor }).strict(),
  'bets:remove': z.object({ spot, chipMinor: minor }).strict(),
  'bets:undo': empty,
  'bets:clear': empty,
  'round:deal': empty,
  'round:rebet': z.object({ multiplier: z.union([z.literal(1), z.literal(2)]) }).strict(),
  'cashout:collect': empty,
  'paytable:get': empty,
  /** The player's own game history (seed 004: real money only). */
  'history:list': z.object({ limit: z.number().int().min(1).max(100) }).strict(),
  // Technician (operator key switch on; every entry/exit logged, domain-notes §3).
  'tech:meters': empty,
  'tech:recall': z
    .object({ fromRoundId: roundId.optional(), toRoundId: roundId.optional(), limit: z.number().int().min(1).max(500) })
    .strict(),
  'tech:events': z
    .object({ fromId: roundId.optional(), toId: roundId.optional(), limit: z.number().int().min(1).max(500) })
    .strict(),
  'tech:clear-handpay': empty,
  'tech:ram-clear': empty,
  'tech:door': z.object({ open: z.boolean() }).strict(),
  // Service panel of the embedded emulators (development and demo cabinets only).
  'service:insert-note': z.object({ channel: z.number().int().min(1).max(16) }).strict(),
} as const;

export type Channel = keyof typeof RequestSchemas;

/** Compile-time check: channels.ts (bundled into the preload) lists exactly the schema channels. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const channelListMatchesSchemas: Same<Channel, ChannelName> = true;
void channelListMatchesSchemas;
export type RequestOf<C extends Channel> = z.infer<(typeof RequestSchemas)[C]>;

export interface SpotFigures {
  readonly probability: number;
  /** Expected return per unit staked, stake included (exact analysis). */
  readonly rtp: number;
  /** Human payout, e.g. "1:1", "0.95:1", "8:1". */
  readonly pays: string;
}

export interface Paytable {
  readonly profileId: string;
  readonly decks: number;
  readonly spots: Readonly<Record<'player' | 'banker' | 'tie', SpotFigures>>;
  readonly limits: CabinetSnapshot['limits'];
}

export interface ResponseMap {
  'cabinet:snapshot': CabinetSnapshot;
  'bets:place': CabinetSnapshot;
  'bets:remove': CabinetSnapshot;
  'bets:undo': CabinetSnapshot;
  'bets:clear': CabinetSnapshot;
  'round:deal': RoundRecord;
  'round:rebet': RoundRecord;
  'cashout:collect': Handpay;
  'paytable:get': Paytable;
  'history:list': RoundRecord[];
  'tech:meters': Meters;
  'tech:recall': RoundRecord[];
  'tech:events': EventLogEntry[];
  'tech:clear-handpay': CabinetSnapshot;
  'tech:ram-clear': CabinetSnapshot;
  'tech:door': CabinetSnapshot;
  'service:insert-note': { accepted: boolean; detail: string };
}

export type IpcErrorCode = CabinetErrorCode | 'invalid-request' | 'unknown-channel' | 'forbidden' | 'internal';

export interface IpcError {
  readonly code: IpcErrorCode;
  readonly message: string;
  readonly limit?: { readonly name: string; readonly valueMinor: number };
}

/** Every answer is an envelope, so a refusal is data, never a thrown Error across the seam. */
export type IpcResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: IpcError };

/** Main → renderer push channel. */
export const EVENT_CHANNEL = EVENT_CHANNEL_NAME;
export type PushEvent = CabinetEvent;

/** What the preload exposes as `window.cabinet` (named functions only), and what the WebSocket client mimics. */
export interface CabinetBridge {
  invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<IpcResult<ResponseMap[C]>>;
  onEvent(listener: (event: PushEvent) => void): () => void;
}
