/**
 * A small in-memory Cabinet for router and host tests. It keeps only what the tests
 * observe (credits, the layout, a call log) and throws CabinetError-shaped refusals.
 * Not a game engine: deal() settles a fixed Banker win.
 */
import type { StadiumTerminalPort } from '../core/model/stadium-terminal.ts';
import type { Cabinet, CabinetErrorCode, CabinetEvent, CabinetSnapshot } from '../core/cabinet/cabinet-api.ts';
import type { EventLogEntry } from '../core/model/event-log.ts';
import type { Handpay } from '../core/model/handpay.ts';
import type { Meters } from '../core/model/meters.ts';
import type { RoundRecord } from '../core/model/round-record.ts';
import { zeroMeters } from '../core/cabinet/meters.ts';
import { playerHistoryPage } from '../core/cabinet/player-history.ts';
import { configChanges } from '../core/config/config-diff.ts';
import { keepSecrets } from '../core/config/config-secrets.ts';
import { ConfigError, DEFAULT_VENUE_CONFIG, parseVenueConfig, type VenueConfig } from '../core/config/venue-config.ts';
import type { ConfigAuditEntry } from '../core/model/config-audit.ts';
import { EIGHT_DECK_TIE_8_TO_1 } from '../core/engine/rule-profile.ts';
import type { Bets, Spot } from '../core/engine/settlement.ts';
import { billNotes, tableDisplay } from '../core/cabinet/snapshot.ts';

export class FakeCabinetError extends Error {
  override readonly name = 'CabinetError';
  readonly code: CabinetErrorCode;
  readonly limit: { name: string; valueMinor: number } | undefined;
  constructor(code: CabinetErrorCode, message: string, limit?: { name: string; valueMinor: number }) {
    super(message);
    this.code = code;
    this.limit = limit;
  }
}

export interface FakeCabinet extends Cabinet {
  readonly calls: string[];
  /** Makes the next call of `method` throw `error`. */
  failNext(method: string, error: unknown): void;
  emit(event: CabinetEvent): void;
}

const LIMITS: CabinetSnapshot['limits'] = {
  spots: {
    player: { minMinor: 100, maxMinor: 50_000 },
    banker: { minMinor: 100, maxMinor: 50_000 },
    tie: { minMinor: 100, maxMinor: 5_000 },
  },
  sideBets: {},
  tableMaxMinor: 100_000,
  chipDenominationsMinor: [100, 500, 1000, 2500, 10_000],
  creditLimitMinor: 1_000_000,
  maxWinPerRoundMinor: 500_000,
};

export function createFakeCabinet(initialCreditsMinor = 10_000): FakeCabinet {
  let credits = initialCreditsMinor;
  let bets: Bets = {};
  let nextRound = 1;
  let pendingHandpay: Handpay | null = null;
  const rounds: RoundRecord[] = [];
  const listeners = new Set<(event: CabinetEvent) => void>();
  const calls: string[] = [];
  const failures = new Map<string, unknown>();
  let config: VenueConfig = DEFAULT_VENUE_CONFIG;
  const audit: ConfigAuditEntry[] = [];
  const validate = (input: unknown): VenueConfig => {
    try {
      return parseVenueConfig(keepSecrets(input, config));
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      throw Object.assign(new FakeCabinetError('invalid-config', error.message), { fields: error.fields });
    }
  };

  const total = (b: Bets): number => (b.player ?? 0) + (b.banker ?? 0) + (b.tie ?? 0);
  const snapshot = (): CabinetSnapshot => ({
    creditsMinor: credits,
    demo: false,
    phase: total(bets) > 0 ? 'betting' : 'idle',
    tableBets: { ...bets },
    tableTotalMinor: total(bets),
    availableMinor: credits - total(bets),
    lastWinMinor: 0,
    rebetBets: null,
    tilts: [],
    pendingHandpay,
    lastRound: rounds.at(-1) ?? null,
    limits: LIMITS,
    profile: EIGHT_DECK_TIE_8_TO_1,
    devices: [],
    display: tableDisplay(config),
    billNotes: billNotes(config),
    roads: [],
    stadium: null,
    session: null,
  });
  const enter = (method: string): void => {
    calls.push(method);
    if (failures.has(method)) {
      const error = failures.get(method);
      failures.delete(method);
      throw error;
    }
  };

  const cabinet: FakeCabinet = {
    calls,
    failNext: (method, error) => void failures.set(method, error),
    emit: (event) => listeners.forEach((l) => l(event)),
    snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    placeChip(spot: Spot, chip: number) {
      enter('placeChip');
      const limit = LIMITS.spots[spot].maxMinor;
      if ((bets[spot] ?? 0) + chip > limit) {
        throw new FakeCabinetError('above-spot-max', `the ${spot} limit is ${limit / 100}`, {
          name: `${spot}-max`,
          valueMinor: limit,
        });
      }
      if (total(bets) + chip > credits) throw new FakeCabinetError('insufficient-credits', 'not enough credits');
      bets = { ...bets, [spot]: (bets[spot] ?? 0) + chip };
      return snapshot();
    },
    removeChip(spot: Spot, chip: number) {
      enter('removeChip');
      const current = bets[spot] ?? 0;
      if (current === 0) throw new FakeCabinetError('no-bet-to-remove', `no bet on ${spot}`);
      const next = { ...bets };
      if (chip >= current) delete next[spot];
      else next[spot] = current - chip;
      bets = next;
      return snapshot();
    },
    undoChip() {
      enter('undoChip');
      throw new FakeCabinetError('nothing-to-undo', 'nothing to undo');
    },
    clearBets() {
      enter('clearBets');
      bets = {};
      return snapshot();
    },
    deal() {
      enter('deal');
      if (total(bets) === 0) throw new FakeCabinetError('no-bets', 'place a bet first');
      const before = credits;
      const banker = bets.banker ?? 0;
      const returns: Bets = banker ? { banker: banker + Math.floor((banker * 95) / 100) } : {};
      credits = credits - total(bets) + total(returns);
      const round: RoundRecord = {
        roundId: nextRound++,
        status: 'settled',
        demo: false,
        bets,
        cards: [],
        outcome: null,
        returns,
        creditsBeforeMinor: before,
        creditsAfterMinor: credits,
        startedAt: new Date(0).toISOString(),
        endedAt: new Date(0).toISOString(),
        voidCode: null,
        refundedMinor: 0,
      };
      rounds.push(round);
      bets = {};
      return round;
    },
    rebet() {
      enter('rebet');
      throw new FakeCabinetError('no-previous-bets', 'no previous bets');
    },
    skipRound() {
      enter('skipRound');
      throw new FakeCabinetError('not-in-stadium', 'plays alone');
    },
    // The fake keeps no player session: an answer reaches it, and it says no check is open.
    answerRealityCheck() {
      enter('answerRealityCheck');
      throw new FakeCabinetError('no-reality-check', 'no reality check is open');
    },
    reviewSession: () => undefined,
    // The fake plays alone: a stadium link is never composed over it.
    ...soloStadiumPort(),
    cashOut(): Handpay {
      enter('cashOut');
      const handpay = { handpayId: 1, amountMinor: credits, at: new Date(0).toISOString() };
      credits = 0;
      pendingHandpay = handpay;
      return handpay;
    },
    canAcceptBill: () => ({ accept: true, reason: 'ok' }),
    creditBill: () => true,
    reportDevice: () => undefined,
    raiseFault: () => undefined,
    setDoorOpen: () => void enter('setDoorOpen'),
    clearHandpay() {
      enter('clearHandpay');
      pendingHandpay = null;
    },
    clearTilt: () => void enter('clearTilt'),
    ramClear: () => void enter('ramClear'),
    moneyOnCabinet: () => ({ creditsMinor: credits, openRounds: 0, unpaidHandpays: 0 }),
    guardStaffAction: () => undefined,
    resetRoads() {
      enter('resetRoads');
      return nextRound - 1;
    },
    meters(): Meters {
      enter('meters');
      return { ...zeroMeters(), roundsPlayed: rounds.length, powerUps: 1 };
    },
    recall(range) {
      enter('recall');
      return rounds.slice(-(range.limit ?? 100));
    },
    playerHistory(query) {
      enter('playerHistory');
      return playerHistoryPage(
        { recall: (range) => cabinet.recall(range), demoMode: config.demoMode, stadium: null },
        query,
      );
    },
    events(): EventLogEntry[] {
      enter('events');
      return [];
    },
    venueConfig: () => config,
    validateConfig(input) {
      enter('validateConfig');
      return validate(input);
    },
    applyConfig(input, role) {
      enter('applyConfig');
      if (total(bets) > 0) throw new FakeCabinetError('bets-on-table', 'chips are on the table');
      const next = validate(input);
      for (const change of configChanges(config, next)) {
        audit.push({ id: audit.length + 1, at: new Date(0).toISOString(), role, ...change });
      }
      config = next;
      return snapshot();
    },
    configAudit(range) {
      enter('configAudit');
      return audit
        .filter((e) => e.id < (range.beforeId ?? Number.MAX_SAFE_INTEGER))
        .reverse()
        .slice(0, range.limit ?? 100);
    },
    archiveState() {
      enter('archiveState');
      return [];
    },
    archivedRows() {
      enter('archivedRows');
      return [];
    },
  };
  return cabinet;
}

/** The stadium terminal's port of a cabinet that plays alone: every call is refused as the real core refuses it. */
function soloStadiumPort(): StadiumTerminalPort {
  const refuse = (): never => {
    throw new FakeCabinetError('not-in-stadium', 'plays alone');
  };
  return {
    stadiumOpen: refuse,
    stadiumClose: refuse,
    stadiumResult: refuse,
    stadiumVoid: refuse,
    stadiumFault: refuse,
    stadiumLink: refuse,
    stadiumTerminalId: refuse,
    stadiumLockedRound: () => null,
    stadiumUnreported: refuse,
    stadiumReported: refuse,
  };
}
