/**
 * The cabinet as every outer layer sees it: the IPC router, the browser test
 * host, the hardware bridge and the chaos child all program against this
 * interface, never against the concrete class. Money is integer minor units.
 *
 * Ordering rule for every method that changes state: the change is committed
 * to the journal first, then the method returns and events are emitted.
 */
import type { MoneyOnCabinet, WhileMoney } from '../model/money-rule.ts';
import type { ArchiveChainState, ArchivedChain, ArchivedRow } from '../model/journal-archive.ts';
import type { LANGUAGES, VenueConfig } from '../config/venue-config.ts';
import type { RuleProfile } from '../engine/rule-profile.ts';
import type { BetSpot } from '../engine/bet-spot.ts';
import type { Bets, Spot } from '../engine/settlement.ts';
import type { SideBet } from '../engine/side-bets.ts';
import type { MinorUnits } from '../money/minor-units.ts';
import type { ConfigAuditEntry } from '../model/config-audit.ts';
import type { DamagedJournalOwed } from '../model/damaged-journal-owed.ts';
import type { DeviceDetail } from '../model/device-detail.ts';
import type { EventLogEntry } from '../model/event-log.ts';
import type { TiltReason } from '../model/journal-message.ts';
import type { Handpay } from '../model/handpay.ts';
import type { EventQuery, RecallQuery } from '../model/journal-port.ts';
import type { Meters } from '../model/meters.ts';
import type { PlayerHistoryPage, PlayerHistoryQuery } from '../model/player-history-page.ts';
import type { RoundRecord } from '../model/round-record.ts';
import type { RealityCheckAnswer, SessionView } from '../model/player-session.ts';
import type { StadiumTerminalPort, StadiumView } from '../model/stadium-terminal.ts';
import type { Tilt, TiltKind } from '../model/tilt.ts';
import type { RoadOutcome } from '../roads/road-types.ts';
import type { StaffRole } from '../staff/staff-status.ts';

/** The round lifecycle (round-machine.ts): idle → betting → locked (debited) → dealt (cards recorded) → settled → idle. */
export type RoundPhase = 'idle' | 'betting' | 'locked' | 'dealt' | 'settled';

export interface SpotLimit {
  readonly minMinor: MinorUnits;
  readonly maxMinor: MinorUnits;
}

export interface TableLimits {
  readonly spots: Readonly<Record<Spot, SpotLimit>>;
  /** The side bets the venue offers, each with its limits; a bet not listed is not offered. */
  readonly sideBets: Readonly<Partial<Record<SideBet, SpotLimit>>>;
  readonly tableMaxMinor: MinorUnits;
  readonly chipDenominationsMinor: readonly MinorUnits[];
  /** Credits above this are refused at the bill acceptor (escrow reject). */
  readonly creditLimitMinor: MinorUnits;
  /** The most a round may win (returns − stakes) for the layout on the table. */
  readonly maxWinPerRoundMinor: MinorUnits;
}

/**
 * How the player's table presents itself, from the venue config (docs/venue-config.md#the-players-table):
 * the renderer formats every amount with this currency and runs its idle timers from these seconds. It
 * only displays; main decides everything that moves money.
 */
export interface TableDisplay {
  /** ISO 4217 code and the digits after the decimal point (EUR 2, JPY 0, KWD 3). */
  readonly currency: { readonly code: string; readonly minorDigits: number };
  /** Seconds on an empty table before the attract loop. */
  readonly attractIdleS: number;
  /** Seconds without a touch before a player with bets or credit is asked whether they are still playing. */
  readonly playerInactivityS: number;
  /** The language a player who has not chosen one sees. */
  readonly defaultLanguage: (typeof LANGUAGES)[number];
  /** Whether a player who has not switched them sees the roads (docs/roads.md#implementation-status). */
  readonly roadsShown: boolean;
  /** Whether players may squeeze their hand, and the seconds before its cards turn by themselves (docs/squeeze.md). */
  readonly squeeze: TableSqueeze;
  /** The sound a new player's session starts with (docs/sound.md#venue-defaults). */
  readonly sound: TableSound;
}

/** The venue's squeeze setting as the table needs it (docs/squeeze.md#venue-settings). */
export interface TableSqueeze {
  readonly offered: boolean;
  readonly timeLimitS: number;
}

/** The venue's sound defaults: all sound, effects, music, and the volume from 0 to 100. */
export interface TableSound {
  readonly soundOn: boolean;
  readonly effectsOn: boolean;
  readonly musicOn: boolean;
  readonly volumePercent: number;
}

/** key-switch, door-switch: the GPIO inputs (electron/devices/switches/), reported only when a file is configured. */
export type DeviceName = 'rng' | 'bill-acceptor' | 'key-switch' | 'door-switch';
export type DeviceHealth = 'connected' | 'healthy' | 'fault' | 'disconnected' | 'not-configured';
export interface DeviceStatus {
  readonly device: DeviceName;
  readonly health: DeviceHealth;
  readonly detail: string; // e.g. "emulator on /tmp/ttyRNG", "OS entropy only", "stacker full"
  /** What the device says as a code with typed parameters: the screens word this, never `detail`. */
  readonly detailCode: DeviceDetail;
  /**
   * The bill acceptor only: a note it is reading or holds in escrow, from the moment it reports one until the
   * credit is committed or the note is rejected or returned; absent or null when there is none.
   */
  readonly note?: NoteInAcceptor | null;
}

/** Where an inserted note is before it becomes credit (docs/cabinet-rules.md#bill-validator). */
export type NoteInAcceptor = 'reading' | 'escrow';

export interface CabinetSnapshot {
  readonly creditsMinor: MinorUnits;
  /** Demo credits are separate and never metered. */
  readonly demo: boolean;
  readonly phase: RoundPhase;
  /** The layout on the table, not yet debited. */
  readonly tableBets: Bets;
  readonly tableTotalMinor: MinorUnits;
  /** Credits the player can still stake: creditsMinor − tableTotalMinor. */
  readonly availableMinor: MinorUnits;
  readonly lastWinMinor: MinorUnits;
  /** Bets of the last settled round, for REBET; null if none. */
  readonly rebetBets: Bets | null;
  readonly tilts: readonly Tilt[];
  /**
   * The cash-out waiting to be paid by hand, from the journal, so the player's lock screen and the
   * staff menu show its amount also after a restart; null once a staff member paid it.
   */
  readonly pendingHandpay: Handpay | null;
  readonly lastRound: RoundRecord | null;
  readonly limits: TableLimits;
  readonly profile: RuleProfile;
  readonly devices: readonly DeviceStatus[];
  /** Currency, idle timers and default language for the player's table; follows a config change at once. */
  readonly display: TableDisplay;
  /** The notes the bill acceptor takes (the venue's enabled billChannels), so a screen can name their values. */
  readonly billNotes: readonly BillNote[];
  /**
   * The rounds the roads span, oldest first: the latest `roads.windowRounds` settled rounds of the wallet in
   * play (demo rounds in demo mode), after the last roads reset or RAM clear (road-window.ts). The screen
   * draws its roads from these and nothing else.
   */
  readonly roads: readonly RoadOutcome[];
  /** The shared table this terminal plays at (docs/stadium.md#terminals); null for a cabinet that plays alone. */
  readonly stadium: StadiumView | null;
  /** The player session, its reality check and limit (docs/responsible-gaming.md); null when none is kept. */
  readonly session: SessionView | null;
}

/** One enabled bill channel of the venue config (docs/venue-config.md). */
export interface BillNote {
  readonly channel: number;
  readonly valueMinor: MinorUnits;
}

export type { CabinetErrorCode, CabinetErrorInfo } from './cabinet-error.ts';

/** Round progress as it happens; cards only after they are durable. */
export type CabinetEvent =
  | { readonly type: 'state'; readonly snapshot: CabinetSnapshot }
  | { readonly type: 'round-dealt'; readonly round: RoundRecord }
  | { readonly type: 'round-settled'; readonly round: RoundRecord }
  | { readonly type: 'round-voided'; readonly round: RoundRecord }
  | { readonly type: 'tilt'; readonly tilts: readonly Tilt[] }
  | { readonly type: 'device'; readonly status: DeviceStatus }
  | { readonly type: 'bill-credited'; readonly valueMinor: MinorUnits; readonly creditsMinor: MinorUnits };

export interface BillCredit {
  readonly valueMinor: MinorUnits;
  readonly channel: number;
  /** Unique per physical note event, so a repeated CREDIT_NOTE is journaled once. */
  readonly eventKey: string;
}

/** What the player's touchscreen may ask for (through the IPC router). */
export interface PlayerPort {
  snapshot(): CabinetSnapshot;
  subscribe(listener: (event: CabinetEvent) => void): () => void;
  placeChip(spot: BetSpot, chipMinor: MinorUnits): CabinetSnapshot;
  /** Removes one chip, or the whole bet when the chip is larger than it (docs/rules.md#chips-and-bets). */
  removeChip(spot: BetSpot, chipMinor: MinorUnits): CabinetSnapshot;
  undoChip(): CabinetSnapshot;
  clearBets(): CabinetSnapshot;
  /** Locks and debits the layout, deals, records cards, settles. */
  deal(): RoundRecord;
  /** REBET (×1) or REBET ×2: places the last round's bets and deals at once (docs/rules.md#round-buttons). */
  rebet(multiplier: 1 | 2): RoundRecord;
  /** Sits this stadium terminal out of the next round (true) or takes it back in (docs/stadium.md#terminals). */
  skipRound(skip: boolean): CabinetSnapshot;
  /** Collect: creates a handpay and locks the cabinet until a technician clears it. */
  cashOut(): Handpay;
  /**
   * Answers the open reality check (docs/responsible-gaming.md#the-reality-check): `continue` plays on, `cash-out`
   * also collects (its handpay is in the snapshot).
   */
  answerRealityCheck(answer: RealityCheckAnswer): CabinetSnapshot;
  /** The player's own history, a page at a time (docs/rules.md#game-history): hidden in demo mode. */
  playerHistory(query: PlayerHistoryQuery): PlayerHistoryPage;
}

/** What the hardware bridge (bill acceptor, RNG) may tell the cabinet. */
export interface DevicePort {
  snapshot(): CabinetSnapshot;
  subscribe(listener: (event: CabinetEvent) => void): () => void;
  /** Escrow decision: may a note of this value be stacked now? */
  canAcceptBill(valueMinor: MinorUnits): { accept: boolean; reason: string };
  /** Credits a stacked note exactly once per eventKey. Returns false if already credited. */
  creditBill(credit: BillCredit): boolean;
  reportDevice(status: DeviceStatus): void;
  /** A fault that affects the round: voids and refunds it, then tilts, for the coded reason its origin gives. */
  raiseFault(kind: 'rng-fault' | 'device-fault' | 'memory-error', source: string, reason: TiltReason): void;
}

/** The session clock's look (the cabinet's own timer; the browser host's test clock after it moves the time). */
export interface SessionClockPort {
  /** Raises a reality check or records a session limit that is due (docs/responsible-gaming.md). */
  reviewSession(): void;
}

/** What the staff menu may do (behind the operator key switch and a staff session). */
export interface TechnicianPort {
  snapshot(): CabinetSnapshot;
  /** The door switch, as main reads it (never the renderer). */
  setDoorOpen(open: boolean): void;
  /** A staff member paid the pending handpay by hand; the record keeps who. */
  clearHandpay(paidBy: StaffRole): void;
  /** Clears a latched tilt whose condition has gone, else refuses saying why (tilt-clear.ts). */
  clearTilt(kind: TiltKind, source: string, conditions: { readonly by: StaffRole; readonly doorOpen: boolean }): void;
  /**
   * Clears memory; what the player is owed (the ledger's sum, and what a damaged journal kept aside still
   * owed) becomes a handpay an attendant pays (ram-clear.ts).
   */
  ramClear(damagedOwed?: DamagedJournalOwed | null): void;
  /** What a player is owed right now, from the journal (money-on-cabinet.ts). */
  moneyOnCabinet(): MoneyOnCabinet;
  /**
   * The money guard (money-guard.ts): throws `not-permitted` with a `money-on-cabinet` reason when a staff
   * action of this rule may not run while the cabinet holds money. `action` names it in main's own words.
   */
  guardStaffAction(rule: WhileMoney, action: string): void;
  /** Starts the roads afresh after the newest round, durably (an event row); answers that round's id. */
  resetRoads(): number;
  meters(): Meters;
  /** Game recall by round number and time, newest first (docs/cabinet-rules.md#game-recall). */
  recall(range: RecallQuery): RoundRecord[];
  /** The event log by id, kind and time, newest first, paged. */
  events(range: EventQuery): EventLogEntry[];
  /** The venue config in force (secret included: callers show it through config-secrets.ts only). */
  venueConfig(): VenueConfig;
  /** Validates a submitted config; throws `invalid-config` with `fields` (docs/venue-config.md#errors). */
  validateConfig(input: unknown): VenueConfig;
  /** Installs a venue config: idle, nothing on the table, atomic, audited under `role` (docs/venue-config.md#applying). */
  applyConfig(input: unknown, role: string): CabinetSnapshot;
  /** The config audit trail, newest first. */
  configAudit(range: { limit?: number; beforeId?: number }): ConfigAuditEntry[];
  /** The archive's chains: where each starts and ends (docs/cabinet-rules.md#retention-and-archive). */
  archiveState(): ArchiveChainState[];
  /** Up to `limit` archived rows of `chain` after `afterId`, oldest first, as the archive holds them. */
  archivedRows(chain: ArchivedChain, afterId: number, limit: number): ArchivedRow[];
}

/** The whole cabinet: the composition root hands each caller only the port it needs (the stadium link its port). */
export interface Cabinet extends PlayerPort, DevicePort, TechnicianPort, StadiumTerminalPort, SessionClockPort {}

/** The thrown form of CabinetErrorInfo (code, message, limit): a refusal that changed nothing. */
export { CabinetError } from './cabinet-error.ts';
