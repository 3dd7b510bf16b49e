/**
 * The one IPC contract shared by main, preload, the browser test host and the renderer:
 * the production channel table. Each entry declares the channel's request schema (zod),
 * its response type, its role and its availability (see channel-spec.ts). Main validates
 * every payload with these schemas; the renderer is untrusted.
 *
 * Derived from the table: `CHANNELS`, `TECHNICIAN_CHANNELS`, `Channel`, `RequestOf`,
 * `ResponseOf`, the router's dispatch (router.ts) and the preload's allow-list (channels.ts,
 * written out as names at build time by scripts/build.ts).
 * Dev-only channels (the service panel, the browser host's test controls) are not here:
 * they live in dev-contract.ts and electron/host/test-channels.ts, which no production
 * entry point imports.
 *
 * Over 400 lines: it is the one channel table (schema, response, role, availability of every channel), kept
 * in one place so a reviewer reads the whole surface the renderer can reach in one file.
 */
import { z } from 'zod';
import type { CabinetErrorCode, CabinetEvent, CabinetSnapshot } from '../core/cabinet/cabinet-api.ts';
import { PLAYER_HISTORY_ROUNDS, type PlayerHistoryPage } from '../core/model/player-history-page.ts';
import { REALITY_CHECK_ANSWERS } from '../core/model/player-session.ts';
import type { ConfigApplyOutcome } from '../core/config/config-apply-outcome.ts';
import type { VenueConfigView } from '../core/config/config-secrets.ts';
import type { FieldIssue } from '../core/config/field-issue.ts';
import type { OfferedReturn } from '../core/config/side-bet-settings.ts';
import type { ConfigAuditEntry } from '../core/model/config-audit.ts';
import type { RefusalReason } from '../core/model/refusal-reason.ts';
import type { TechDiagnostics } from '../core/cabinet/diagnostics.ts';
import type { JournalExportFile } from '../core/cabinet/journal-export.ts';
import type { MetersPage } from '../core/cabinet/meters-page.ts';
import type { MetersCsv } from '../core/cabinet/meters-report.ts';
import { BET_SPOTS } from '../core/engine/bet-spot.ts';
import type { ReplayReport } from '../core/engine/replay.ts';
import type { Variant } from '../core/engine/rule-profile.ts';
import type { SideBet } from '../core/engine/side-bets.ts';
import type { EventLogEntry } from '../core/model/event-log.ts';
import type { Handpay } from '../core/model/handpay.ts';
import type { Meters } from '../core/model/meters.ts';
import type { RoundRecord } from '../core/model/round-record.ts';
import type { TiltKind } from '../core/model/tilt.ts';
import { TILT_CLEAR_RULE } from '../core/model/tilt-clear-role.ts';
import type { StaffErrorCode } from '../core/staff/staff-error.ts';
import { PIN_PATTERN, type StaffStatus } from '../core/staff/staff-status.ts';
import {
  answers,
  channelsWithRole,
  type ChannelTable,
  type RequestIn,
  type ResponseIn,
  type ResponseMapOf,
} from './channel-spec.ts';
import { EVENT_CHANNEL_NAME } from './event-channel.ts';
import type { JournalDamageView, JournalSalvageExport } from './journal-damage-view.ts';

/** A config change's answer: the new table state, and what the change did to the running devices. */
export type ConfigApplied = CabinetSnapshot & { readonly configApplied?: ConfigApplyOutcome };

export interface SpotFigures {
  readonly probability: number;
  /** Expected return per unit staked, stake included (exact analysis). */
  readonly rtp: number;
  /** Human payout, e.g. "1:1", "0.95:1", "8:1". */
  readonly pays: string;
}

/** A side bet the venue offers: its exact return per unit staked, stake included, and its printed pays. */
export interface SideBetFigures {
  readonly rtp: number;
  /** e.g. "11:1", "25/200:1" (side-bet-label.ts). */
  readonly pays: string;
}

export interface Paytable {
  readonly profileId: string;
  readonly decks: number;
  readonly variant: Variant;
  readonly spots: Readonly<Record<'player' | 'banker' | 'tie', SpotFigures>>;
  /** Each side bet the venue offers, in SIDE_BETS order; absent: not offered. */
  readonly sideBets: Readonly<Partial<Record<SideBet, SideBetFigures>>>;
  readonly limits: CabinetSnapshot['limits'];
}

/** A main spot or a side bet; a side bet the venue does not offer is refused by the cabinet (side-bet-not-offered). */
const spot = z.enum(BET_SPOTS);
/** Money crosses IPC as integer minor units only. */
const minor = z.number().int().positive().max(100_000_000_00);
const empty = z.object({}).strict();
const roundId = z.number().int().nonnegative();
/** A submitted venue config must be an object; its fields are judged by the venue schema (invalid-config + fields). */
const venueConfigObject = z.record(z.string(), z.unknown());
/** A venue file is a few kilobytes; anything near this is not one. */
const MAX_VENUE_FILE_CHARS = 256 * 1024;

/** `tech:config:export`: the venue file (no secret, importable as is) and the audit trail as CSV. */
export interface ConfigExport {
  readonly fileName: string;
  readonly json: string;
  readonly audit: { readonly fileName: string; readonly csv: string };
}
/** An instant, ISO-8601 with Z or an offset; compared as instants, both bounds inclusive. */
const instant = z.iso.datetime({ offset: true });
/** An event-log kind as the cabinet writes them ('door', 'fault', 'tilt', 'clear', 'config', ...). */
const eventKind = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'kind must be a lowercase event kind such as "door"');
const staffRole = z.enum(['attendant', 'technician']);
/** A staff PIN: 4 to 8 digits (anything else is a bad request, not a wrong PIN). */
const pin = z.string().regex(PIN_PATTERN, 'a PIN is 4 to 8 digits');
const tiltKind = z.enum([
  'rng-fault',
  'device-fault',
  'memory-error',
  'door-open',
  'handpay-pending',
  'storage-fault',
  'program-fault',
  'stadium-fault',
]);

export const CHANNEL_TABLE = {
  'cabinet:snapshot': {
    role: 'player',
    availability: 'production',
    readOnly: true,
    request: empty,
    response: answers<CabinetSnapshot>(),
  },
  'bets:place': {
    role: 'player',
    availability: 'production',
    request: z.object({ spot, chipMinor: minor }).strict(),
    response: answers<CabinetSnapshot>(),
  },
  'bets:remove': {
    role: 'player',
    availability: 'production',
    request: z.object({ spot, chipMinor: minor }).strict(),
    response: answers<CabinetSnapshot>(),
  },
  'bets:undo': { role: 'player', availability: 'production', request: empty, response: answers<CabinetSnapshot>() },
  'bets:clear': { role: 'player', availability: 'production', request: empty, response: answers<CabinetSnapshot>() },
  'round:deal': { role: 'player', availability: 'production', request: empty, response: answers<RoundRecord>() },
  'round:rebet': {
    role: 'player',
    availability: 'production',
    request: z.object({ multiplier: z.union([z.literal(1), z.literal(2)]) }).strict(),
    response: answers<RoundRecord>(),
  },
  'round:skip': {
    role: 'player',
    availability: 'production',
    request: z.object({ skip: z.boolean() }).strict(),
    response: answers<CabinetSnapshot>(),
  },
  'cashout:collect': { role: 'player', availability: 'production', request: empty, response: answers<Handpay>() },
  /**
   * The player's answer to the open reality check (docs/responsible-gaming.md#the-reality-check): `continue` plays on,
   * `cash-out` also collects. Anything else is an invalid request that reaches no cabinet.
   */
  'session:reality-check': {
    role: 'player',
    availability: 'production',
    request: z
      .object({ answer: z.enum(REALITY_CHECK_ANSWERS, { error: 'answer must be continue or cash-out' }) })
      .strict(),
    response: answers<CabinetSnapshot>(),
  },
  'paytable:get': {
    role: 'player',
    availability: 'production',
    readOnly: true,
    request: empty,
    response: answers<Paytable>(),
  },
  /**
   * The player's own game history, a page at a time, newest first: real money only, hidden in demo mode
   * (docs/rules.md#game-history; electron/core/cabinet/player-history.ts). It reaches back
   * PLAYER_HISTORY_ROUNDS rounds, so no page starts or reaches past that.
   */
  'history:list': {
    role: 'player',
    availability: 'production',
    readOnly: true,
    request: z
      .object({
        offset: z
          .number()
          .int()
          .min(0)
          .max(PLAYER_HISTORY_ROUNDS - 1),
        limit: z.number().int().min(1).max(PLAYER_HISTORY_ROUNDS),
      })
      .strict(),
    response: answers<PlayerHistoryPage>(),
  },
  /** Staff access as the screen may know it (keys, session, lockouts); never a secret. */
  'staff:status': {
    role: 'player',
    availability: 'production',
    readOnly: true,
    request: empty,
    response: answers<StaffStatus>(),
  },
  // The staff menu (docs/cabinet-rules.md#operator-menu-and-key-switch): the session is main's, the
  // renderer holds no token; every sign-in, sign-out, failure and lockout is logged with the role.
  'staff:sign-in': {
    role: 'staff-access',
    availability: 'production',
    whileMoney: 'allowed',
    request: z.object({ role: staffRole, pin }).strict(),
    response: answers<StaffStatus>(),
  },
  'staff:sign-out': {
    role: 'staff-access',
    availability: 'production',
    whileMoney: 'allowed',
    request: empty,
    response: answers<StaffStatus>(),
  },
  'tech:meters': {
    role: 'attendant',
    availability: 'production',
    whileMoney: 'allowed',
    request: empty,
    response: answers<Meters>(),
  },
  /**
   * The meters as a lab's CSV or as a printable HTML page of the same rows (docs/cabinet-rules.md#meters;
   * layouts in electron/core/cabinet/meters-report.ts and meters-page.ts). The answer carries `csv` or `html`
   * as asked.
   */
  'tech:meters:export': {
    role: 'attendant',
    availability: 'production',
    whileMoney: 'allowed',
    request: z.object({ format: z.enum(['csv', 'html']) }).strict(),
    response: answers<MetersCsv | MetersPage>(),
  },
  /**
   * Game recall by round number and lock time, newest first; page back with toRoundId = the
   * last round shown − 1 (docs/cabinet-rules.md#game-recall: every round is kept).
   */
  'tech:recall': {
    role: 'technician',
    availability: 'production',
    whileMoney: 'allowed',
    request: z
      .object({
        fromRoundId: roundId.optional(),
        toRoundId: roundId.optional(),
        fromTime: instant.optional(),
        toTime: instant.optional(),
        limit: z.number().int().min(1).max(500),
      })
      .strict(),
    response: answers<RoundRecord[]>(),
  },
  /** Deals a recorded round's cards through the engine again and compares outcome and payouts. */
  'tech:recall:replay': {
    role: 'technician',
    availability: 'production',
    whileMoney: 'allowed',
    request: z.object({ roundId: roundId.min(1) }).strict(),
    response: answers<ReplayReport>(),
  },
  /**
   * The whole game recall as one JSON file with a header (electron/core/cabinet/journal-export.ts), built in
   * main a page at a time: the record kept before a RAM clear (docs/cabinet-rules.md#critical-memory).
   */
  'tech:recall:export': {
    role: 'technician',
    availability: 'production',
    whileMoney: 'allowed',
    request: empty,
    response: answers<JournalExportFile>(),
  },
  /** The event log by id, kind and time, newest first; page back with toId = the last id shown − 1. */
  'tech:events': {
    role: 'technician',
    availability: 'production',
    whileMoney: 'allowed',
    request: z
      .object({
        fromId: roundId.optional(),
        toId: roundId.optional(),
        kind: eventKind.optional(),
        fromTime: instant.optional(),
        toTime: instant.optional(),
        limit: z.number().int().min(1).max(500),
      })
      .strict(),
    response: answers<EventLogEntry[]>(),
  },
  /** The whole event log as one file: JSON with a header, or CSV (electron/core/cabinet/journal-export.ts). */
  'tech:events:export': {
    role: 'technician',
    availability: 'production',
    whileMoney: 'allowed',
    request: z.object({ format: z.enum(['json', 'csv']) }).strict(),
    response: answers<JournalExportFile>(),
  },
  /**
   * The archive of old rounds or events as one JSON file, rows with their chain digests, read a page at a time
   * (electron/core/cabinet/journal-archive-export.ts, docs/cabinet-rules.md#retention-and-archive).
   */
  'tech:archive:export': {
    role: 'technician',
    availability: 'production',
    whileMoney: 'allowed',
    request: z.object({ part: z.enum(['rounds', 'events']) }).strict(),
    response: answers<JournalExportFile>(),
  },
  /** Bill acceptor, RNG and the door and key inputs (electron/core/cabinet/diagnostics.ts). */
  'tech:diagnostics': {
    role: 'technician',
    availability: 'production',
    whileMoney: 'allowed',
    request: empty,
    response: answers<TechDiagnostics>(),
  },
  /** Note test mode: while on, a note is read and handed back, never stacked or credited. */
  'tech:bill-test-mode': {
    role: 'technician',
    availability: 'production',
    whileMoney: 'allowed',
    request: z.object({ on: z.boolean() }).strict(),
    response: answers<TechDiagnostics>(),
  },
  /** Pays the pending handpay by hand; the record keeps the amount and the role that paid it. */
  'tech:clear-handpay': {
    role: 'attendant',
    availability: 'production',
    whileMoney: 'allowed',
    request: empty,
    response: answers<CabinetSnapshot>(),
  },
  /**
   * Clears a latched tilt whose condition has gone; otherwise `not-permitted` saying why. An attendant
   * only a door, a handpay or a jammed note (`tiltRoles`); beyond it `wrong-role`.
   */
  'tech:clear-tilt': {
    role: 'attendant',
    tiltRoles: TILT_CLEAR_RULE,
    availability: 'production',
    whileMoney: 'allowed',
    request: z.object({ kind: tiltKind, source: z.string().min(1).max(64) }).strict(),
    response: answers<CabinetSnapshot>(),
  },
  'tech:ram-clear': {
    role: 'technician',
    availability: 'production',
    whileMoney: 'refused-unless-memory-error',
    request: z.object({ confirm: z.literal('RAM CLEAR') }).strict(),
    response: answers<CabinetSnapshot>(),
  },
  /** Starts the roads afresh after the newest round; the reset is an event row, so it survives a restart. */
  'tech:roads:reset': {
    role: 'technician',
    availability: 'production',
    whileMoney: 'allowed',
    request: empty,
    response: answers<CabinetSnapshot>(),
  },
  // Venue configuration at the cabinet (docs/venue-config.md). The config itself is judged by the
  // one venue schema in the handler, so a bad field answers `invalid-config` with `fields`.
  'tech:config:get': {
    role: 'technician',
    availability: 'production',
    whileMoney: 'allowed',
    request: empty,
    response: answers<{ config: VenueConfigView }>(),
  },
  'tech:config:validate': {
    role: 'technician',
    availability: 'production',
    whileMoney: 'allowed',
    request: z.object({ config: venueConfigObject }).strict(),
    /** A valid candidate's exact returns, every bet it offers, before it is applied (side-bet-settings.ts). */
    response: answers<{ ok: true; returns: readonly OfferedReturn[] }>(),
  },
  'tech:config:apply': {
    role: 'technician',
    availability: 'production',
    whileMoney: 'per-setting',
    request: z.object({ config: venueConfigObject }).strict(),
    response: answers<ConfigApplied>(),
  },
  'tech:config:audit': {
    role: 'technician',
    availability: 'production',
    whileMoney: 'allowed',
    request: z.object({ limit: z.number().int().min(1).max(500), beforeId: roundId.optional() }).strict(),
    response: answers<ConfigAuditEntry[]>(),
  },
  'tech:config:export': {
    role: 'technician',
    availability: 'production',
    whileMoney: 'allowed',
    request: empty,
    response: answers<ConfigExport>(),
  },
  'tech:config:import': {
    role: 'technician',
    availability: 'production',
    whileMoney: 'per-setting',
    request: z.object({ json: z.string().max(MAX_VENUE_FILE_CHARS) }).strict(),
    response: answers<ConfigApplied>(),
  },
  /**
   * The journal found damaged at start-up, kept aside until the RAM clear, or null
   * (docs/cabinet-rules.md#damaged-journal).
   */
  'tech:journal-damage': {
    role: 'technician',
    availability: 'production',
    whileMoney: 'allowed',
    request: empty,
    response: answers<JournalDamageView | null>(),
  },
  /** A fresh best-effort export of every row still readable in the damaged journal, written beside it. */
  'tech:journal-damage:export': {
    role: 'technician',
    availability: 'production',
    whileMoney: 'allowed',
    request: empty,
    response: answers<JournalSalvageExport>(),
  },
} as const satisfies ChannelTable<'production'>;

export type ProductionTable = typeof CHANNEL_TABLE;
export type Channel = keyof ProductionTable;
export type RequestOf<C extends Channel> = RequestIn<ProductionTable, C>;
export type ResponseOf<C extends Channel> = ResponseIn<ProductionTable, C>;
/** Every channel's answer type, by name. */
export type ResponseMap = ResponseMapOf<ProductionTable>;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Every production channel, in table order: also the preload's allow-list (channels.ts). */
export const CHANNELS = Object.keys(CHANNEL_TABLE) as Channel[];

/** Technician-only channels: answered only with the key on and a technician session open. */
export const TECHNICIAN_CHANNELS: ReadonlySet<string> = new Set(channelsWithRole(CHANNEL_TABLE, 'technician'));
/** Attendant channels: answered with the key on and an attendant or technician session open. */
export const ATTENDANT_CHANNELS: ReadonlySet<string> = new Set(channelsWithRole(CHANNEL_TABLE, 'attendant'));

/** Compile-time check: the request schema's tilt kinds are exactly the cabinet's. */
const tiltKindsMatch: Same<z.infer<typeof tiltKind>, TiltKind> = true;
void tiltKindsMatch;

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && Object.hasOwn(CHANNEL_TABLE, value);
}

/**
 * Staff refusals (StaffErrorCode, docs/cabinet-rules.md#operator-menu-and-key-switch): `key-off`,
 * `signed-out` (no open session), `wrong-role`, `wrong-pin`, `locked-out` (with `until`), `no-pin` (the role
 * has no provisioned PIN), `not-recorded` (the journal refused to record a sign-in) and `menu-open` (a player
 * channel that changes something while a staff session is open).
 */
export type IpcErrorCode =
  | CabinetErrorCode
  | StaffErrorCode
  | 'invalid-request'
  | 'payload-too-large'
  | 'unknown-channel'
  | 'forbidden'
  | 'internal';

/**
 * `IpcError.reason`: why a refusal was made, as a code with its parameters (core/model/refusal-reason.ts).
 * Main checks each reason against this schema before it leaves (router.ts); one that does not fit is dropped
 * and the refusal still carries its code.
 */
export const refusalReasonSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('note-in-escrow'), device: z.literal('bill-acceptor') }).strict(),
  z.object({ code: z.literal('credit-pending'), device: z.literal('bill-acceptor') }).strict(),
  z
    .object({
      code: z.literal('money-on-cabinet'),
      creditsMinor: z.number().int(),
      openRounds: z.number().int().nonnegative(),
      unpaidHandpays: z.number().int().nonnegative(),
      settings: z.array(z.string()).readonly(),
    })
    .strict(),
  z.object({ code: z.literal('restart-only'), settings: z.array(z.string()).readonly() }).strict(),
  z
    .object({
      code: z.literal('session-loss-limit-reached'),
      lossMinor: z.number().int(),
      limitMinor: z.number().int(),
    })
    .strict(),
  z
    .object({
      code: z.literal('session-time-limit-reached'),
      minutes: z.number().int().nonnegative(),
      limitMinutes: z.number().int().nonnegative(),
    })
    .strict(),
  z
    .object({ code: z.literal('session-loss-limit-ahead'), stakeMinor: z.number().int(), leftMinor: z.number().int() })
    .strict(),
]);

/** Compile-time check: the schema's reasons are exactly the model's. */
const refusalReasonsMatch: Same<z.infer<typeof refusalReasonSchema>, RefusalReason> = true;
void refusalReasonsMatch;

export interface IpcError {
  readonly code: IpcErrorCode;
  /** Main's own words, for the logs; a translated screen words the code (and `reason`) instead. */
  readonly message: string;
  /** `not-permitted`: why, as a code with its parameters, for the technician's language. */
  readonly reason?: RefusalReason;
  readonly limit?: { readonly name: string; readonly valueMinor: number };
  /** `invalid-config`: each bad field, structured so the screen shows it in the technician's language. */
  readonly fields?: readonly FieldIssue[];
  /** `locked-out`: when the lockout ends (ISO-8601). */
  readonly until?: string;
}

export type { ConfigAuditEntry, FieldIssue, JournalExportFile, RefusalReason, VenueConfigView };
export type { JournalDamageView, JournalSalvageExport } from './journal-damage-view.ts';

/** Every answer is an envelope, so a refusal is data, never a thrown Error across the seam. */
export type IpcResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: IpcError };

/** Main → renderer push channel. */
export const EVENT_CHANNEL = EVENT_CHANNEL_NAME;
/** Cabinet events, and staff access on every change (keys, door, session, lockouts). */
export type PushEvent = CabinetEvent | { readonly type: 'staff'; readonly status: StaffStatus };

/**
 * What the preload exposes as `window.cabinet` (invoke and onEvent, nothing else), and what
 * the WebSocket client mimics. `T` is the channel table it speaks: the production one by default.
 */
export interface CabinetBridge<T extends ChannelTable = ProductionTable> {
  invoke<C extends keyof T & string>(channel: C, request: RequestIn<T, C>): Promise<IpcResult<ResponseIn<T, C>>>;
  onEvent(listener: (event: PushEvent) => void): () => void;
}

export { answers, channelsWithRole };
export type {
  ChannelRole,
  ChannelSpec,
  ChannelTable,
  RequestIn,
  RequestMapOf,
  ResponseIn,
  ResponseMapOf,
} from './channel-spec.ts';
