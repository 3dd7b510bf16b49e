/**
 * The cabinet as every outer layer sees it: the IPC router, the browser test
 * host, the hardware bridge and the chaos child all program against this
 * interface, never against the concrete class. Money is integer minor units.
 *
 * Ordering rule for every method that changes state: the change is committed
 * to the journal first, then the method returns and events are emitted.
 */
import type { Card } from '../cards/card.ts';
import type { RoundOutcome } from '../engine/round.ts';
import type { RuleProfile } from '../engine/rule-profile.ts';
import type { Bets, Returns, Spot } from '../engine/settlement.ts';
import type { MinorUnits } from '../money/minor-units.ts';

/** The round lifecycle (issue 3): idle → betting → locked (debited) → dealt (cards recorded) → settled → idle. */
export type RoundPhase = 'idle' | 'betting' | 'locked' | 'dealt' | 'settled';

/** Tilt states and what clears each (domain-notes §3 "Door and tilt"). */
export type TiltKind = 'rng-fault' | 'device-fault' | 'memory-error' | 'door-open' | 'handpay-pending';
export type TiltClearance =
  | 'device-healthy' // rng-fault, device-fault: cleared when the device reports healthy again
  | 'door-closed' // door-open
  | 'technician-ram-clear' // memory-error: never automatic
  | 'technician-handpay-clear'; // handpay-pending

export interface Tilt {
  readonly kind: TiltKind;
  /** Which device or check raised it, e.g. "rng", "bill-acceptor", "critical-memory". */
  readonly source: string;
  /** Plain-words reason for the screen and the event log. */
  readonly reason: string;
  readonly clearedBy: TiltClearance;
  readonly since: string; // ISO-8601
}

export interface SpotLimit {
  readonly minMinor: MinorUnits;
  readonly maxMinor: MinorUnits;
}

export interface TableLimits {
  readonly spots: Readonly<Record<Spot, SpotLimit>>;
  readonly tableMaxMinor: MinorUnits;
  readonly chipDenominationsMinor: readonly MinorUnits[];
  /** Credits above this are refused at the bill acceptor (escrow reject). */
  readonly creditLimitMinor: MinorUnits;
  /** The most a round may win (returns − stakes) for the layout on the table. */
  readonly maxWinPerRoundMinor: MinorUnits;
}

export type DeviceName = 'rng' | 'bill-acceptor';
export type DeviceHealth = 'connected' | 'healthy' | 'fault' | 'disconnected' | 'not-configured';
export interface DeviceStatus {
  readonly device: DeviceName;
  readonly health: DeviceHealth;
  readonly detail: string; // e.g. "emulator on /tmp/ttyRNG", "OS entropy only", "stacker full"
}

export type RoundStatus = 'in-progress' | 'settled' | 'voided';

/** One entry of game recall (domain-notes §3 "Game recall"). */
export interface RoundRecord {
  readonly roundId: number;
  readonly status: RoundStatus;
  readonly demo: boolean;
  readonly bets: Bets;
  /** Cards in deal order; recorded before any is shown. Empty if voided before the deal. */
  readonly cards: readonly Card[];
  readonly outcome: RoundOutcome | null;
  readonly returns: Returns;
  readonly creditsBeforeMinor: MinorUnits;
  readonly creditsAfterMinor: MinorUnits;
  readonly startedAt: string;
  readonly endedAt: string | null;
  readonly voidReason: string | null;
  readonly refundedMinor: MinorUnits;
}

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
  readonly lastRound: RoundRecord | null;
  readonly limits: TableLimits;
  readonly profile: RuleProfile;
  readonly devices: readonly DeviceStatus[];
}

export type CabinetErrorCode =
  | 'not-a-chip'
  | 'below-spot-min'
  | 'above-spot-max'
  | 'above-table-max'
  | 'above-max-win'
  | 'insufficient-credits'
  | 'no-bets'
  | 'no-bet-to-remove'
  | 'nothing-to-undo'
  | 'no-previous-bets'
  | 'tilted'
  | 'round-in-progress'
  | 'no-credits'
  | 'invalid-config'
  | 'not-permitted';

/** A refused request: nothing changed. `limit` names the limit that was hit. */
export interface CabinetErrorInfo {
  readonly code: CabinetErrorCode;
  readonly message: string;
  readonly limit?: { readonly name: string; readonly valueMinor: MinorUnits };
}

/** Round progress as it happens; cards only after they are durable. */
export type CabinetEvent =
  | { readonly type: 'state'; readonly snapshot: CabinetSnapshot }
  | { readonly type: 'round-dealt'; readonly round: RoundRecord }
  | { readonly type: 'round-settled'; readonly round: RoundRecord }
  | { readonly type: 'round-voided'; readonly round: RoundRecord }
  | { readonly type: 'tilt'; readonly tilts: readonly Tilt[] }
  | { readonly type: 'device'; readonly status: DeviceStatus }
  | { readonly type: 'bill-credited'; readonly valueMinor: MinorUnits; readonly creditsMinor: MinorUnits };

export interface Meters {
  readonly billsInMinor: MinorUnits;
  readonly billsByDenomination: Readonly<Record<string, number>>; // "500" (minor) → count
  readonly cashOutMinor: MinorUnits;
  readonly handpayMinor: MinorUnits;
  readonly wageredMinor: MinorUnits;
  readonly wonMinor: MinorUnits;
  readonly wageredBySpot: Readonly<Record<Spot, MinorUnits>>;
  readonly wonBySpot: Readonly<Record<Spot, MinorUnits>>;
  readonly roundsPlayed: number;
  readonly roundsWon: number;
  readonly roundsLost: number;
  readonly roundsTied: number;
  readonly roundsVoided: number;
  readonly refundsMinor: MinorUnits;
  readonly powerUps: number;
  readonly doorOpens: number;
}

export interface EventLogEntry {
  readonly id: number;
  readonly at: string;
  readonly kind: string; // 'fault' | 'tilt' | 'clear' | 'config' | 'power-up' | 'shutdown' | 'door' | 'handpay' | 'memory' ...
  readonly detail: string;
}

export interface BillCredit {
  readonly valueMinor: MinorUnits;
  readonly channel: number;
  /** Unique per physical note event, so a repeated CREDIT_NOTE is journaled once. */
  readonly eventKey: string;
}

export interface Handpay {
  readonly handpayId: number;
  readonly amountMinor: MinorUnits;
  readonly at: string;
}

export interface Cabinet {
  snapshot(): CabinetSnapshot;
  subscribe(listener: (event: CabinetEvent) => void): () => void;

  // Player
  placeChip(spot: Spot, chipMinor: MinorUnits): CabinetSnapshot;
  /** Removes one chip, or the whole bet when the chip is larger than it (seed 001). */
  removeChip(spot: Spot, chipMinor: MinorUnits): CabinetSnapshot;
  undoChip(): CabinetSnapshot;
  clearBets(): CabinetSnapshot;
  /** Locks and debits the layout, deals, records cards, settles. */
  deal(): RoundRecord;
  /** REBET (×1) or REBET ×2: places the last round's bets and deals at once (seed 004). */
  rebet(multiplier: 1 | 2): RoundRecord;
  /** Collect: creates a handpay and locks the cabinet until a technician clears it. */
  cashOut(): Handpay;

  // Hardware bridge
  /** Escrow decision: may a note of this value be stacked now? */
  canAcceptBill(valueMinor: MinorUnits): { accept: boolean; reason: string };
  /** Credits a stacked note exactly once per eventKey. Returns false if already credited. */
  creditBill(credit: BillCredit): boolean;
  reportDevice(status: DeviceStatus): void;
  /** A fault that affects the round: voids and refunds it, then tilts. */
  raiseFault(kind: 'rng-fault' | 'device-fault' | 'memory-error', source: string, reason: string): void;

  // Technician (operator menu)
  setDoorOpen(open: boolean): void;
  clearHandpay(): void;
  ramClear(): void;
  meters(): Meters;
  recall(range: { fromRoundId?: number; toRoundId?: number; limit?: number }): RoundRecord[];
  events(range: { fromId?: number; toId?: number; limit?: number }): EventLogEntry[];
}

/** The thrown form of CabinetErrorInfo (code, message, limit): a refusal that changed nothing. */
export { CabinetError } from './cabinet-error.ts';
