/**
 * The cabinet core: the one implementation of `Cabinet` (cabinet-api.ts) that the
 * Electron main, the browser test host and the chaos child all compose through
 * `openCabinet`. Plain Node, synchronous (node:sqlite is synchronous).
 *
 * Ordering rule: every state change is committed to the journal (one atomic
 * transaction with its ledger rows and both copies of critical memory), and only
 * then is the in-memory mirror updated, the method returns and events go out.
 *
 * Decisions (documented here, referenced by the tests):
 * - The layout of chips on the table (phase "betting") is not money: nothing is
 *   debited until DEAL locks the round, so it lives in memory. After a power loss
 *   in "betting" the cabinet comes back idle with every credit intact.
 * - Spot minimums are checked at DEAL (and REBET): while building a bet a spot may
 *   sit below its minimum (a 0.50 chip on a 1.00-minimum spot, then another). No
 *   round is ever locked with a spot below its minimum. Maxima, the table max, the
 *   credits and the max win are checked at every chip, so a layout that breaks them
 *   never exists.
 * - Max win per round: the largest (total return − total stake) over the three
 *   possible winners must not exceed maxWinPerRoundMinor.
 * - REBET replaces whatever is on the table with the last settled round's bets
 *   (×1 or ×2), validates every limit, and deals at once (seed 004).
 * - Bill-acceptor faults do not void a round: the acceptor is money-in only and a
 *   round runs synchronously, so no note can arrive mid-round. RNG faults, memory
 *   errors and any fault raised while a round is open void it and refund it.
 * - Money-in is refused (escrow reject) during any tilt. A note that is already
 *   stacked is always credited exactly once (it is in the cashbox), even above the
 *   credit limit or while tilted, and the anomaly is logged (domain-notes §3).
 * - A memory-error reported while a round is open voids and refunds it when the copies still
 *   verify; when they do not, the RAM clear voids and refunds it before resetting.
 * - Game recall keeps every round (no pruning): the ledger and recall must stay joinable for
 *   the audit, and a round is ~1 KB, so 100,000 rounds are ~100 MB.
 * - Cash-out is possible during rng-fault and device-fault tilts, refused during
 *   door-open, memory-error and handpay-pending.
 * - RAM clear (technician): voids and refunds any open round, writes one ledger
 *   row per wallet that removes the remaining credits (the amount is in the event
 *   log and in `ram_clears`, so the venue can pay the player by hand), resets every
 *   meter to zero, rebuilds both copies of critical memory and clears the
 *   memory-error tilt. Other tilts (door, handpay) stay: they are physical.
 */
import { dealRound, type RoundOutcome } from '../engine/round.ts';
import type { RuleProfile } from '../engine/rule-profile.ts';
import { settle, spotReturn, SPOTS, type Bets, type Returns, type Spot } from '../engine/settlement.ts';
import { FreshShoe } from '../engine/shoe.ts';
import type { MinorUnits } from '../money/minor-units.ts';
import { formatMinor } from '../money/minor-units.ts';
import type { RandomSource } from '../random/random-source.ts';
import type { JournalPort } from '../model/journal-port.ts';
import { canonicalJson as canonicalize } from '../integrity/canonical-json.ts';
import type { CopyName, CriticalState } from '../model/critical-state.ts';
import { configHash, describeConfigChange, parseVenueConfig, type VenueConfig } from '../config/venue-config.ts';
import type {
  BillCredit,
  Cabinet,
  CabinetEvent,
  CabinetSnapshot,
  DeviceName,
  DeviceStatus,
  RoundPhase,
  TableLimits,
} from './cabinet-api.ts';
import type { EventLogEntry } from '../model/event-log.ts';
import type { Handpay } from '../model/handpay.ts';
import type { Meters } from '../model/meters.ts';
import type { RoundRecord } from '../model/round-record.ts';
import type { Tilt, TiltKind } from '../model/tilt.ts';
import { CabinetError } from './cabinet-error.ts';
import { copyMeters, roundResult, zeroMeters, type MutableMeters } from './meters.ts';
import { assertTransition, TILT_CLEARANCE, TILTS_ALLOWING_CASHOUT } from './round-machine.ts';

type MutableCritical = {
  -readonly [K in keyof CriticalState]: K extends 'meters' ? MutableMeters : CriticalState[K];
};

function sumBets(bets: Bets): MinorUnits {
  let total = 0;
  for (const spot of SPOTS) total += bets[spot] ?? 0;
  return total;
}

function sumReturns(returns: Returns): MinorUnits {
  let total = 0;
  for (const spot of SPOTS) total += returns[spot] ?? 0;
  return total;
}

function cleanBets(bets: Bets): Bets {
  const out: Bets = {};
  for (const spot of SPOTS) {
    const v = bets[spot];
    if (v !== undefined && v > 0) out[spot] = v;
  }
  return out;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * `J` is the journal's concrete type, so tools and tests that opened it can reach
 * it again through `journalForTools`; the cabinet itself uses only JournalPort.
 */
export class CabinetCore<J extends JournalPort = JournalPort> implements Cabinet {
  private readonly journal: J;
  private config: VenueConfig;
  private readonly random: RandomSource;
  private readonly clock: () => Date;
  private readonly listeners = new Set<(event: CabinetEvent) => void>();
  private readonly devices = new Map<DeviceName, DeviceStatus>();

  private state: CriticalState;
  /** False while critical memory has no good copy (memory-error tilt). */
  private memoryGood = true;
  private tiltList: Tilt[] = [];
  private phase: RoundPhase = 'idle';
  private layout: Bets = {};
  private history: Bets[] = [];
  private rebetBets: Bets | null = null;
  private lastRound: RoundRecord | null = null;
  private lastWin: MinorUnits = 0;
  private closed = false;

  /** Use openCabinet() (electron/storage/open-cabinet.ts), which opens the journal first. */
  constructor(
    journal: J,
    config: VenueConfig,
    random: RandomSource,
    clock: () => Date,
    devices: readonly DeviceStatus[],
  ) {
    this.journal = journal;
    this.config = config;
    this.random = random;
    this.clock = clock;
    for (const d of devices) this.devices.set(d.device, d);
    this.state = this.freshState();
  }

  // ================================================================ start-up

  /** Migrations already ran; integrity check, config, recovery, power-up. Idempotent at every step. */
  start(): void {
    this.tiltList = this.journal.tilts();
    this.loadCriticalAtStart();
    this.applyConfigAtStart();
    if (this.memoryGood) this.recoverOpenRounds();
    this.powerUp();
    this.refreshDerived();
  }

  private now(): string {
    return this.clock().toISOString();
  }

  private freshState(): CriticalState {
    return {
      seq: 0,
      creditsMinor: 0,
      demoCreditsMinor: 0,
      meters: zeroMeters(),
      configHash: configHash(this.config),
      lastRoundId: this.journal.maxRoundId(),
      openRoundId: null,
    };
  }

  private loadCriticalAtStart(): void {
    const copies = this.journal.readCriticalCopies();
    if (!copies.exists && this.journal.lastLedgerId() === 0 && this.journal.maxRoundId() === 0) {
      // A brand-new journal: critical memory starts at a known zero state.
      const at = this.now();
      const state = this.freshState();
      this.journal.transaction(() => {
        this.journal.writeCritical(state);
        this.journal.appendEvent('memory', 'critical memory initialised (new journal)', at);
      });
      this.state = state;
      return;
    }
    this.verifyCritical('start-up', true);
  }

  /**
   * The integrity check (domain-notes §3): both copies must carry a matching SHA-256
   * and agree. One bad copy is rebuilt from the good one and logged. No good copy:
   * memory-error tilt until a technician RAM clear. At start-up the good copy is also
   * checked against the ledger (credits = sum of every money movement).
   */
  private verifyCritical(when: string, againstLedger: boolean): boolean {
    const { a, b } = this.journal.readCriticalCopies();
    const at = this.now();
    let good: CriticalState | null = null;
    let badCopy: { copy: CopyName; problem: string } | null = null;
    if (a.state && b.state) {
      if (canonicalize(a.state) === canonicalize(b.state)) good = a.state;
      else {
        // Both checksums hold but the copies differ: trust the one that matches the ledger.
        const matches = (s: CriticalState) =>
          s.creditsMinor === this.journal.ledgerBalance(false) &&
          s.demoCreditsMinor === this.journal.ledgerBalance(true);
        if (matches(a.state) && !matches(b.state)) {
          good = a.state;
          badCopy = { copy: 'b', problem: 'disagrees with copy a and with the ledger' };
        } else if (matches(b.state) && !matches(a.state)) {
          good = b.state;
          badCopy = { copy: 'a', problem: 'disagrees with copy b and with the ledger' };
        }
      }
    } else if (a.state) {
      good = a.state;
      badCopy = { copy: 'b', problem: b.problem ?? 'bad' };
    } else if (b.state) {
      good = b.state;
      badCopy = { copy: 'a', problem: a.problem ?? 'bad' };
    }

    if (good && againstLedger) {
      const credits = this.journal.ledgerBalance(false);
      const demo = this.journal.ledgerBalance(true);
      if (good.creditsMinor !== credits || good.demoCreditsMinor !== demo) {
        good = null;
        badCopy = null;
      }
    }

    if (!good) {
      this.memoryGood = false;
      const reason = `critical memory has no good copy (${when}): copy a ${a.problem ?? 'disagrees'}, copy b ${b.problem ?? 'disagrees'}`;
      this.raiseTiltOnly('memory-error', 'critical-memory', reason);
      return false;
    }
    if (badCopy) {
      const fix = badCopy;
      const state = good;
      this.journal.transaction(() => {
        this.journal.writeCriticalCopy(fix.copy, state);
        this.journal.appendEvent(
          'memory',
          `critical memory copy ${fix.copy} rebuilt from copy ${fix.copy === 'a' ? 'b' : 'a'} (${fix.problem}) at ${when}`,
          at,
        );
      });
    }
    this.state = good;
    this.memoryGood = true;
    return true;
  }

  private applyConfigAtStart(): void {
    const stored = this.journal.storedConfig();
    const hash = configHash(this.config);
    if (stored && stored.sha256 === hash && (!this.memoryGood || this.state.configHash === hash)) return;
    let before: VenueConfig | null = null;
    if (stored) {
      try {
        before = parseVenueConfig(JSON.parse(stored.body));
      } catch {
        before = null;
      }
    }
    const detail = describeConfigChange(before, this.config);
    const at = this.now();
    if (this.memoryGood) {
      this.commit((s) => {
        s.configHash = hash;
        this.journal.storeConfig(canonicalize(this.config), hash);
        this.journal.appendEvent('config', `${detail} (sha256 ${hash.slice(0, 16)}…)`, at);
      });
    } else {
      this.journal.transaction(() => {
        this.journal.storeConfig(canonicalize(this.config), hash);
        this.journal.appendEvent('config', `${detail} (sha256 ${hash.slice(0, 16)}…)`, at);
      });
    }
  }

  /** Domain-notes §3 "Power loss": a round in progress at power-up is voided and every bet refunded. */
  private recoverOpenRounds(): void {
    for (const open of this.journal.openRounds()) {
      this.voidRound(
        open.roundId,
        open.bets,
        open.demo,
        `power lost while the round was ${open.status}; voided at power-up`,
        null,
      );
    }
  }

  private powerUp(): void {
    const at = this.now();
    if (this.memoryGood) {
      this.commit((s) => {
        s.meters.powerUps++;
        this.journal.appendEvent(
          'power-up',
          `power-up #${s.meters.powerUps} (journal schema v${this.journal.schemaVersion()})`,
          at,
        );
      });
    } else {
      this.journal.transaction(() => {
        this.journal.appendEvent('power-up', 'power-up (meters unavailable: memory error)', at);
      });
    }
    if (this.memoryGood && this.config.demoMode && this.state.demoCreditsMinor === 0) this.refillDemoCredits();
  }

  private refreshDerived(): void {
    const demo = this.config.demoMode;
    const lastSettled = this.journal.lastFinishedRound(demo, 'settled');
    this.rebetBets = lastSettled ? lastSettled.bets : null;
    this.lastRound = this.journal.lastFinishedRound(demo);
    this.lastWin = this.lastRound && this.lastRound.status === 'settled' ? sumReturns(this.lastRound.returns) : 0;
    this.phase = this.state.openRoundId === null ? 'idle' : 'locked';
  }

  // ============================================================ transactions

  /**
   * One atomic journal transaction that also rewrites both copies of critical
   * memory. The mirror changes only after COMMIT returned.
   */
  private commit<T>(mutate: (draft: MutableCritical) => T): T {
    if (!this.memoryGood) throw new CabinetError('tilted', 'critical memory error: a technician RAM clear is needed');
    const draft: MutableCritical = {
      ...this.state,
      meters: copyMeters(this.state.meters),
    };
    draft.seq = this.state.seq + 1;
    const result = this.journal.transaction(() => {
      const r = mutate(draft);
      this.journal.writeCritical(draft);
      return r;
    });
    this.state = draft;
    return result;
  }

  private emit(event: CabinetEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A failing listener must never undo or block the cabinet.
      }
    }
  }

  private emitState(): void {
    if (this.listeners.size > 0) this.emit({ type: 'state', snapshot: this.snapshot() });
  }

  private emitTilts(): void {
    this.tiltList = this.journal.tilts();
    this.emit({ type: 'tilt', tilts: this.tiltList });
  }

  // ================================================================= queries

  private wallet(): MinorUnits {
    return this.config.demoMode ? this.state.demoCreditsMinor : this.state.creditsMinor;
  }

  snapshot(): CabinetSnapshot {
    const tableTotal = sumBets(this.layout);
    const credits = this.wallet();
    return {
      creditsMinor: credits,
      demo: this.config.demoMode,
      phase: this.phase,
      tableBets: { ...this.layout },
      tableTotalMinor: tableTotal,
      availableMinor: Math.max(0, credits - tableTotal),
      lastWinMinor: this.lastWin,
      rebetBets: this.rebetBets ? { ...this.rebetBets } : null,
      tilts: [...this.tiltList],
      lastRound: this.lastRound,
      limits: this.config.limits as TableLimits,
      profile: this.config.profile as RuleProfile,
      devices: [...this.devices.values()],
    };
  }

  subscribe(listener: (event: CabinetEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  meters(): Meters {
    return copyMeters(this.state.meters);
  }

  recall(range: { fromRoundId?: number; toRoundId?: number; limit?: number }): RoundRecord[] {
    return this.journal.recall(range);
  }

  events(range: { fromId?: number; toId?: number; limit?: number }): EventLogEntry[] {
    return this.journal.events(range);
  }

  /** The venue config in force. */
  venueConfig(): VenueConfig {
    return this.config;
  }

  /** Runs the critical-memory check on demand (the technician menu, tests). */
  checkIntegrity(): boolean {
    return this.verifyCritical('on request', true);
  }

  // ================================================================== guards

  private requireNoOpenRound(): void {
    if (this.state.openRoundId !== null) throw new CabinetError('round-in-progress', 'a round is in progress');
  }

  private requirePlayable(): void {
    if (this.tiltList.length > 0) {
      const t = this.tiltList[0]!;
      throw new CabinetError('tilted', `play is disabled: ${t.kind} (${t.reason}); cleared by ${t.clearedBy}`);
    }
    this.requireNoOpenRound();
  }

  private requireChip(chipMinor: MinorUnits): void {
    if (!Number.isSafeInteger(chipMinor) || !this.config.limits.chipDenominationsMinor.includes(chipMinor)) {
      throw new CabinetError(
        'not-a-chip',
        `${String(chipMinor)} is not a chip of this table; chips are ${this.config.limits.chipDenominationsMinor.join(', ')} (minor units)`,
      );
    }
  }

  private requireSpot(spot: Spot): void {
    if (!(SPOTS as readonly string[]).includes(spot)) {
      throw new CabinetError('not-permitted', `"${String(spot)}" is not a spot; spots are ${SPOTS.join(', ')}`);
    }
  }

  /** The biggest possible win (returns − stakes) of a layout, over the three winners. */
  private maxPossibleWin(bets: Bets): MinorUnits {
    const stake = sumBets(bets);
    let best = 0;
    for (const winner of ['player', 'banker', 'tie'] as const) {
      let ret = 0;
      for (const spot of SPOTS) ret += spotReturn(spot, bets[spot] ?? 0, winner, this.config.profile);
      best = Math.max(best, ret - stake);
    }
    return best;
  }

  /** Limits checked at every chip: spot max, table max, credits, max win. */
  private checkUpperLimits(bets: Bets): void {
    const limits = this.config.limits;
    for (const spot of SPOTS) {
      const v = bets[spot] ?? 0;
      const max = limits.spots[spot].maxMinor;
      if (v > max) {
        throw new CabinetError(
          'above-spot-max',
          `the ${spot} bet would be ${formatMinor(v)}; the ${spot} maximum is ${formatMinor(max)}`,
          {
            name: `spots.${spot}.maxMinor`,
            valueMinor: max,
          },
        );
      }
    }
    const total = sumBets(bets);
    if (total > limits.tableMaxMinor) {
      throw new CabinetError(
        'above-table-max',
        `the table total would be ${formatMinor(total)}; the table maximum is ${formatMinor(limits.tableMaxMinor)}`,
        {
          name: 'tableMaxMinor',
          valueMinor: limits.tableMaxMinor,
        },
      );
    }
    const credits = this.wallet();
    if (total > credits) {
      throw new CabinetError(
        'insufficient-credits',
        `the bets would total ${formatMinor(total)} but the credits are ${formatMinor(credits)}`,
        {
          name: 'credits',
          valueMinor: credits,
        },
      );
    }
    const win = this.maxPossibleWin(bets);
    if (win > limits.maxWinPerRoundMinor) {
      throw new CabinetError(
        'above-max-win',
        `these bets could win ${formatMinor(win)}; the most a round may win is ${formatMinor(limits.maxWinPerRoundMinor)}`,
        {
          name: 'maxWinPerRoundMinor',
          valueMinor: limits.maxWinPerRoundMinor,
        },
      );
    }
  }

  /** Everything checked at DEAL: at least one bet, every spot at or above its minimum, and the upper limits. */
  private checkForDeal(bets: Bets): void {
    if (sumBets(bets) === 0) throw new CabinetError('no-bets', 'place a bet before dealing');
    for (const spot of SPOTS) {
      const v = bets[spot];
      if (v === undefined || v === 0) continue;
      const min = this.config.limits.spots[spot].minMinor;
      if (v < min) {
        throw new CabinetError(
          'below-spot-min',
          `the ${spot} bet is ${formatMinor(v)}; the ${spot} minimum is ${formatMinor(min)}`,
          {
            name: `spots.${spot}.minMinor`,
            valueMinor: min,
          },
        );
      }
    }
    this.checkUpperLimits(bets);
  }

  // ================================================================= betting

  private setLayout(next: Bets, pushHistory: boolean): CabinetSnapshot {
    const target: RoundPhase = sumBets(next) > 0 ? 'betting' : 'idle';
    if (this.phase !== target) assertTransition(this.phase, target);
    if (pushHistory) this.history.push(this.layout);
    this.layout = cleanBets(next);
    this.phase = target;
    this.emitState();
    return this.snapshot();
  }

  placeChip(spot: Spot, chipMinor: MinorUnits): CabinetSnapshot {
    this.requireSpot(spot);
    this.requirePlayable();
    this.requireChip(chipMinor);
    const next: Bets = { ...this.layout, [spot]: (this.layout[spot] ?? 0) + chipMinor };
    this.checkUpperLimits(next);
    return this.setLayout(next, true);
  }

  removeChip(spot: Spot, chipMinor: MinorUnits): CabinetSnapshot {
    this.requireSpot(spot);
    this.requireNoOpenRound();
    this.requireChip(chipMinor);
    const bet = this.layout[spot] ?? 0;
    if (bet === 0) throw new CabinetError('no-bet-to-remove', `there is no bet on ${spot} to remove`);
    // Seed 001: a chip larger than the bet removes the whole bet.
    const next: Bets = { ...this.layout, [spot]: chipMinor >= bet ? 0 : bet - chipMinor };
    return this.setLayout(next, true);
  }

  undoChip(): CabinetSnapshot {
    this.requireNoOpenRound();
    const previous = this.history.pop();
    if (previous === undefined) throw new CabinetError('nothing-to-undo', 'there is no chip to undo');
    return this.setLayout(previous, false);
  }

  clearBets(): CabinetSnapshot {
    this.requireNoOpenRound();
    this.history = [];
    return this.setLayout({}, false);
  }

  // ================================================================== rounds

  deal(): RoundRecord {
    this.requirePlayable();
    const bets = cleanBets(this.layout);
    this.checkForDeal(bets);
    return this.playRound(bets);
  }

  rebet(multiplier: 1 | 2): RoundRecord {
    if (multiplier !== 1 && multiplier !== 2)
      throw new CabinetError('not-permitted', 'REBET multiplier must be 1 or 2');
    this.requirePlayable();
    if (!this.rebetBets) throw new CabinetError('no-previous-bets', 'there is no previous round to repeat');
    const bets: Bets = {};
    for (const spot of SPOTS) {
      const v = this.rebetBets[spot];
      if (v) bets[spot] = v * multiplier;
    }
    this.checkForDeal(bets);
    return this.playRound(bets);
  }

  private playRound(bets: Bets): RoundRecord {
    // Check critical memory before every round (domain-notes §3).
    if (!this.verifyCritical('before round', false)) {
      throw new CabinetError('tilted', 'critical memory error: a technician RAM clear is needed');
    }
    assertTransition(this.phase, 'locked');
    const demo = this.config.demoMode;
    const stake = sumBets(bets);
    const roundId = this.state.lastRoundId + 1;
    const creditsBefore = this.wallet();

    // 1. locked: the bets are debited in the same transaction that opens the round.
    const startedAt = this.now();
    this.commit((s) => {
      this.journal.insertRound({
        roundId,
        demo,
        bets,
        stakeMinor: stake,
        creditsBeforeMinor: creditsBefore,
        at: startedAt,
      });
      let balance = creditsBefore;
      for (const spot of SPOTS) {
        const v = bets[spot];
        if (!v) continue;
        balance -= v;
        this.journal.appendLedger({
          at: startedAt,
          kind: 'stake',
          demo,
          deltaMinor: -v,
          roundId,
          spot,
          balanceAfterMinor: balance,
        });
      }
      if (demo) s.demoCreditsMinor = balance;
      else s.creditsMinor = balance;
      s.lastRoundId = roundId;
      s.openRoundId = roundId;
    });
    this.phase = 'locked';
    this.layout = {};
    this.history = [];
    this.emitState();
    // A listener (the hardware bridge) may have raised a fault that voided the round meanwhile.
    if (this.state.openRoundId !== roundId) return this.journal.round(roundId)!;

    // 2. deal. A RandomSource that throws means the RNG is unhealthy: void, refund, tilt.
    let outcome: RoundOutcome;
    try {
      outcome = dealRound(new FreshShoe(this.config.profile.decks, this.random));
    } catch (error) {
      const reason = `RNG failure during the deal: ${message(error)}`;
      return this.voidRound(roundId, bets, demo, reason, { kind: 'rng-fault', source: 'rng', reason });
    }

    // 3. dealt: the cards are committed before anyone can see them.
    const dealtAt = this.now();
    this.journal.transaction(() => this.journal.markDealt(roundId, outcome, dealtAt));
    assertTransition(this.phase, 'dealt');
    this.phase = 'dealt';
    const dealtRecord = this.journal.round(roundId);
    if (dealtRecord) this.emit({ type: 'round-dealt', round: dealtRecord });
    if (this.state.openRoundId !== roundId) return this.journal.round(roundId)!;

    // 4. settled: wins credited with the round's final state.
    const returns = settle(bets, outcome.winner, this.config.profile);
    const totalReturn = sumReturns(returns);
    const endedAt = this.now();
    this.commit((s) => {
      let balance = demo ? s.demoCreditsMinor : s.creditsMinor;
      for (const spot of SPOTS) {
        const v = returns[spot];
        if (!v) continue;
        balance += v;
        this.journal.appendLedger({
          at: endedAt,
          kind: 'win',
          demo,
          deltaMinor: v,
          roundId,
          spot,
          balanceAfterMinor: balance,
        });
      }
      this.journal.markSettled(roundId, returns, totalReturn, balance, endedAt);
      if (demo) s.demoCreditsMinor = balance;
      else {
        s.creditsMinor = balance;
        const m = s.meters;
        m.roundsPlayed++;
        m.wageredMinor += stake;
        m.wonMinor += totalReturn;
        for (const spot of SPOTS) {
          m.wageredBySpot[spot] += bets[spot] ?? 0;
          m.wonBySpot[spot] += returns[spot] ?? 0;
        }
        const result = roundResult(stake, totalReturn);
        if (result === 'won') m.roundsWon++;
        else if (result === 'lost') m.roundsLost++;
        else m.roundsTied++;
      }
      s.openRoundId = null;
    });
    assertTransition(this.phase, 'settled');
    this.phase = 'settled';
    const record = this.journal.round(roundId)!;
    this.lastRound = record;
    this.rebetBets = bets;
    this.lastWin = totalReturn;
    this.emit({ type: 'round-settled', round: record });
    // Free play never runs dry: below the smallest spot minimum the demo credits are topped up.
    if (demo && this.wallet() < Math.min(...SPOTS.map((sp) => this.config.limits.spots[sp].minMinor))) {
      this.refillDemoCredits();
    }
    this.emitState();

    // Check critical memory after every round. A failure tilts; the settled round stands.
    this.verifyCritical('after round', false);
    return record;
  }

  /** Voids an open round: one refund (UNIQUE per round), reason journaled, optional tilt, all in one transaction. */
  private voidRound(
    roundId: number,
    bets: Bets,
    demo: boolean,
    reason: string,
    tilt: { kind: TiltKind; source: string; reason: string } | null,
  ): RoundRecord {
    const stake = sumBets(bets);
    const at = this.now();
    this.commit((s) => {
      let balance = demo ? s.demoCreditsMinor : s.creditsMinor;
      for (const spot of SPOTS) {
        const v = bets[spot];
        if (!v) continue;
        balance += v;
        this.journal.appendLedger({
          at,
          kind: 'refund',
          demo,
          deltaMinor: v,
          roundId,
          spot,
          balanceAfterMinor: balance,
        });
      }
      this.journal.markVoided(roundId, reason, stake, balance, at);
      if (demo) s.demoCreditsMinor = balance;
      else {
        s.creditsMinor = balance;
        s.meters.roundsVoided++;
        s.meters.refundsMinor += stake;
      }
      if (s.openRoundId === roundId) s.openRoundId = null;
      this.journal.appendEvent('void', `round ${roundId} voided, ${formatMinor(stake)} refunded: ${reason}`, at);
      if (tilt) this.putTilt(tilt.kind, tilt.source, tilt.reason, at);
    });
    this.phase = 'idle';
    const record = this.journal.round(roundId)!;
    this.lastRound = record;
    this.lastWin = 0;
    this.emit({ type: 'round-voided', round: record });
    if (tilt) this.emitTilts();
    this.emitState();
    return record;
  }

  // =================================================================== tilts

  /** Inside a transaction: durable tilt plus its event-log entry. */
  private putTilt(kind: TiltKind, source: string, reason: string, at: string): void {
    const added = this.journal.putTilt({ kind, source, reason, clearedBy: TILT_CLEARANCE[kind], since: at });
    if (added)
      this.journal.appendEvent('tilt', `${kind} from ${source}: ${reason} (cleared by ${TILT_CLEARANCE[kind]})`, at);
  }

  /** A tilt with no critical-memory change (memory errors, or anything while memory is bad). */
  private raiseTiltOnly(kind: TiltKind, source: string, reason: string): void {
    const at = this.now();
    this.journal.transaction(() => {
      this.journal.appendEvent('fault', `${kind} from ${source}: ${reason}`, at);
      this.putTilt(kind, source, reason, at);
    });
    this.emitTilts();
  }

  private clearTilts(kind: TiltKind, source: string | undefined, why: string): void {
    if (!this.tiltList.some((t) => t.kind === kind && (source === undefined || t.source === source))) return;
    const at = this.now();
    this.journal.transaction(() => {
      const n = this.journal.removeTilt(kind, source);
      if (n > 0) this.journal.appendEvent('clear', `${kind}${source ? ` from ${source}` : ''} cleared: ${why}`, at);
    });
    this.emitTilts();
    this.emitState();
  }

  raiseFault(kind: 'rng-fault' | 'device-fault' | 'memory-error', source: string, reason: string): void {
    const open = this.state.openRoundId;
    if (kind === 'memory-error') {
      // A memory fault reported from outside: if the copies still verify, the open round is voided
      // and refunded now; otherwise RAM clear voids it. Either way critical memory is suspect from
      // here on and only a technician RAM clear lets play resume.
      const round = open !== null ? this.journal.openRounds().find((r) => r.roundId === open) : undefined;
      if (round && this.memoryGood && this.verifyCritical('memory fault', false)) {
        this.voidRound(round.roundId, round.bets, round.demo, `memory-error from ${source}: ${reason}`, {
          kind,
          source,
          reason,
        });
      } else {
        this.raiseTiltOnly('memory-error', source, reason);
      }
      this.memoryGood = false;
      this.emitState();
      return;
    }
    if (open !== null && this.memoryGood) {
      const round = this.journal.openRounds().find((r) => r.roundId === open);
      if (round) {
        this.voidRound(open, round.bets, round.demo, `${kind} from ${source}: ${reason}`, { kind, source, reason });
        return;
      }
    }
    if (this.memoryGood) {
      const at = this.now();
      this.journal.transaction(() => {
        this.journal.appendEvent('fault', `${kind} from ${source}: ${reason}`, at);
        this.putTilt(kind, source, reason, at);
      });
      this.emitTilts();
    } else {
      this.raiseTiltOnly(kind, source, reason);
    }
    this.emitState();
  }

  reportDevice(status: DeviceStatus): void {
    const before = this.devices.get(status.device);
    this.devices.set(status.device, status);
    this.emit({ type: 'device', status });
    const kind: TiltKind = status.device === 'rng' ? 'rng-fault' : 'device-fault';
    if (status.health === 'fault' || status.health === 'disconnected') {
      if (
        before?.health !== status.health ||
        !this.tiltList.some((t) => t.kind === kind && t.source === status.device)
      ) {
        this.raiseFault(kind, status.device, `${status.device} ${status.health}: ${status.detail}`);
      }
    } else if (status.health === 'healthy') {
      // Only 'healthy' clears: 'connected' comes before the RNG's start-up health test and
      // before the bill acceptor's first good poll, so it proves nothing yet.
      this.clearTilts(kind, status.device, `${status.device} reports ${status.health} (${status.detail})`);
    }
  }

  setDoorOpen(open: boolean): void {
    const isOpen = this.tiltList.some((t) => t.kind === 'door-open');
    if (open === isOpen) return;
    const at = this.now();
    if (open) {
      const write = () => {
        this.journal.appendEvent('door', 'door opened', at);
        this.putTilt('door-open', 'door', 'the cabinet door is open', at);
      };
      if (this.memoryGood) {
        this.commit((s) => {
          s.meters.doorOpens++;
          write();
        });
      } else this.journal.transaction(write);
      this.emitTilts();
      this.emitState();
    } else {
      this.journal.transaction(() => {
        this.journal.appendEvent('door', 'door closed', at);
        this.journal.removeTilt('door-open');
        this.journal.appendEvent('clear', 'door-open cleared: door closed', at);
      });
      this.emitTilts();
      this.emitState();
    }
  }

  // ==================================================================== money

  canAcceptBill(valueMinor: MinorUnits): { accept: boolean; reason: string } {
    if (!Number.isSafeInteger(valueMinor) || valueMinor <= 0) return { accept: false, reason: 'not a note value' };
    if (this.config.demoMode) return { accept: false, reason: 'demo mode: money-in is disabled' };
    if (this.tiltList.length > 0)
      return { accept: false, reason: `money-in is disabled while tilted (${this.tiltList[0]!.kind})` };
    if (this.state.openRoundId !== null) return { accept: false, reason: 'a round is in progress' };
    const enabled = this.config.billChannels.filter((c) => c.enabled).map((c) => c.valueMinor);
    if (!enabled.includes(valueMinor)) {
      return {
        accept: false,
        reason: `${formatMinor(valueMinor)} notes are not enabled (enabled: ${enabled.map(formatMinor).join(', ') || 'none'})`,
      };
    }
    const after = this.state.creditsMinor + valueMinor;
    if (after > this.config.limits.creditLimitMinor) {
      return {
        accept: false,
        reason: `credits would be ${formatMinor(after)}, above the credit limit ${formatMinor(this.config.limits.creditLimitMinor)}`,
      };
    }
    return { accept: true, reason: 'ok' };
  }

  creditBill(credit: BillCredit): boolean {
    const { valueMinor, channel, eventKey } = credit;
    if (!Number.isSafeInteger(valueMinor) || valueMinor <= 0) {
      throw new CabinetError(
        'not-permitted',
        `a bill value must be a positive whole number of minor units, got ${String(valueMinor)}`,
      );
    }
    if (typeof eventKey !== 'string' || eventKey.length === 0 || eventKey.length > 200) {
      throw new CabinetError('not-permitted', 'a bill credit needs an event key of 1–200 characters');
    }
    if (this.journal.billKeyCredited(eventKey)) return false;
    const at = this.now();
    const anomalies: string[] = [];
    const configured = this.config.billChannels.find((c) => c.channel === channel);
    if (!configured) anomalies.push(`channel ${channel} is not configured`);
    else if (configured.valueMinor !== valueMinor)
      anomalies.push(`channel ${channel} is configured as ${formatMinor(configured.valueMinor)}`);
    if (this.tiltList.length > 0)
      anomalies.push(`stacked while tilted (${this.tiltList.map((t) => t.kind).join(', ')})`);
    if (this.state.creditsMinor + valueMinor > this.config.limits.creditLimitMinor)
      anomalies.push('above the credit limit');
    const write = (s: MutableCritical | null) => {
      const balance = (s ? s.creditsMinor : this.journal.ledgerBalance(false)) + valueMinor;
      this.journal.appendLedger({
        at,
        kind: 'bill',
        demo: false,
        deltaMinor: valueMinor,
        eventKey,
        denominationMinor: valueMinor,
        balanceAfterMinor: balance,
      });
      if (s) {
        s.creditsMinor = balance;
        s.meters.billsInMinor += valueMinor;
        const key = String(valueMinor);
        s.meters.billsByDenomination[key] = (s.meters.billsByDenomination[key] ?? 0) + 1;
      }
      if (anomalies.length > 0 || !s) {
        // A stacked note is in the cashbox: it is always credited, and the anomaly is logged.
        this.journal.appendEvent(
          'bill',
          `note ${formatMinor(valueMinor)} (${eventKey}) credited: ${[...anomalies, s ? '' : 'memory error: meters not updated'].filter(Boolean).join('; ')}`,
          at,
        );
      }
    };
    if (this.memoryGood) this.commit((s) => write(s));
    else this.journal.transaction(() => write(null));
    this.emit({ type: 'bill-credited', valueMinor, creditsMinor: this.state.creditsMinor });
    this.emitState();
    return true;
  }

  cashOut(): Handpay {
    if (this.config.demoMode) throw new CabinetError('not-permitted', 'demo mode: demo credits cannot be collected');
    this.requireNoOpenRound();
    const blocking = this.tiltList.find((t) => !TILTS_ALLOWING_CASHOUT.has(t.kind));
    if (blocking) throw new CabinetError('tilted', `collect is disabled: ${blocking.kind} (${blocking.reason})`);
    const amount = this.state.creditsMinor;
    if (amount <= 0) throw new CabinetError('no-credits', 'there are no credits to collect');
    const at = this.now();
    const handpay = this.commit((s) => {
      this.journal.appendLedger({ at, kind: 'handpay', demo: false, deltaMinor: -amount, balanceAfterMinor: 0 });
      const hp = this.journal.insertHandpay(amount, at);
      s.creditsMinor = 0;
      s.meters.cashOutMinor += amount;
      s.meters.handpayMinor += amount;
      this.journal.appendEvent(
        'handpay',
        `handpay #${hp.handpayId} of ${formatMinor(amount)} created; cabinet locked`,
        at,
      );
      this.putTilt('handpay-pending', 'cash-out', `handpay of ${formatMinor(amount)} waits for an attendant`, at);
      return hp;
    });
    this.layout = {};
    this.history = [];
    this.phase = 'idle';
    this.emitTilts();
    this.emitState();
    return handpay;
  }

  clearHandpay(): void {
    const pending = this.journal.pendingHandpays();
    if (pending.length === 0 && !this.tiltList.some((t) => t.kind === 'handpay-pending')) {
      throw new CabinetError('not-permitted', 'there is no handpay to clear');
    }
    const at = this.now();
    this.journal.transaction(() => {
      this.journal.clearHandpays(at);
      this.journal.removeTilt('handpay-pending');
      const ids = pending.map((h) => `#${h.handpayId} ${formatMinor(h.amountMinor)}`).join(', ');
      this.journal.appendEvent('clear', `handpay-pending cleared by technician (${ids || 'no open handpay'})`, at);
    });
    this.emitTilts();
    this.emitState();
  }

  /** Demo mode only: tops the free-play credits back up to the configured amount (never metered). */
  refillDemoCredits(): CabinetSnapshot {
    if (!this.config.demoMode) throw new CabinetError('not-permitted', 'demo credits exist only in demo mode');
    this.requireNoOpenRound();
    const target = this.config.demoCreditsMinor;
    const delta = target - this.state.demoCreditsMinor;
    if (delta !== 0) {
      const at = this.now();
      this.commit((s) => {
        this.journal.appendLedger({
          at,
          kind: 'demo-credit',
          demo: true,
          deltaMinor: delta,
          balanceAfterMinor: target,
        });
        s.demoCreditsMinor = target;
      });
    }
    this.emitState();
    return this.snapshot();
  }

  ramClear(): void {
    const at = this.now();
    const metersBefore = this.memoryGood ? this.state.meters : null;
    const open = this.journal.openRounds();
    const lastRoundId = this.journal.maxRoundId();
    let removed = 0;
    let removedDemo = 0;
    let state: CriticalState | null = null;
    this.journal.transaction(() => {
      // Open rounds are voided and refunded first, so the removed balance includes their stakes.
      for (const r of open) {
        let balance = this.journal.ledgerBalance(r.demo);
        for (const spot of SPOTS) {
          const v = r.bets[spot];
          if (!v) continue;
          balance += v;
          this.journal.appendLedger({
            at,
            kind: 'refund',
            demo: r.demo,
            deltaMinor: v,
            roundId: r.roundId,
            spot,
            balanceAfterMinor: balance,
          });
        }
        this.journal.markVoided(r.roundId, 'RAM clear', r.stakeMinor, balance, at);
      }
      removed = this.journal.ledgerBalance(false);
      removedDemo = this.journal.ledgerBalance(true);
      if (removed !== 0)
        this.journal.appendLedger({ at, kind: 'ram-clear', demo: false, deltaMinor: -removed, balanceAfterMinor: 0 });
      if (removedDemo !== 0)
        this.journal.appendLedger({
          at,
          kind: 'ram-clear',
          demo: true,
          deltaMinor: -removedDemo,
          balanceAfterMinor: 0,
        });
      this.journal.appendEvent(
        'ram-clear',
        `RAM clear by technician: credits ${formatMinor(removed)} removed (per the ledger; pay by hand if owed), ${open.length} open round(s) voided, meters reset` +
          (metersBefore ? `; meters before: ${canonicalize(metersBefore)}` : '; meters before: unavailable'),
        at,
      );
      this.journal.recordRamClear({ at, creditsRemovedMinor: removed, metersBefore });
      state = {
        seq: (this.memoryGood ? this.state.seq : 0) + 1,
        creditsMinor: 0,
        demoCreditsMinor: 0,
        meters: zeroMeters(),
        configHash: configHash(this.config),
        lastRoundId,
        openRoundId: null,
      };
      this.journal.writeCritical(state);
      if (this.journal.removeTilt('memory-error') > 0)
        this.journal.appendEvent('clear', 'memory-error cleared by RAM clear', at);
    });
    if (state) this.state = state;
    this.memoryGood = true;
    this.layout = {};
    this.history = [];
    this.refreshDerived();
    this.rebetBets = null;
    this.emitTilts();
    this.emitState();
  }

  /** Technician: installs a new venue config (idle only); the change goes to the event log. */
  reconfigure(input: unknown): CabinetSnapshot {
    this.requireNoOpenRound();
    let next: VenueConfig;
    try {
      next = parseVenueConfig(input);
    } catch (error) {
      throw new CabinetError('invalid-config', message(error));
    }
    const detail = describeConfigChange(this.config, next);
    const hash = configHash(next);
    const at = this.now();
    this.commit((s) => {
      s.configHash = hash;
      this.journal.storeConfig(canonicalize(next), hash);
      this.journal.appendEvent('config', `${detail} (sha256 ${hash.slice(0, 16)}…)`, at);
    });
    this.config = next;
    this.layout = {};
    this.history = [];
    this.refreshDerived();
    this.emitState();
    return this.snapshot();
  }

  /** Logs the shutdown and closes the journal. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.journal.transaction(() => {
        this.journal.appendEvent('shutdown', 'orderly shutdown', this.now());
      });
    } finally {
      this.journal.close();
      this.listeners.clear();
    }
  }

  /** For tests and tools: the raw journal (read paths only, by convention). */
  get journalForTools(): J {
    return this.journal;
  }
}
