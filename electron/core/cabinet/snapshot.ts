/**
 * What the screen and the IPC callers see: the snapshot is computed from the context on every
 * call, never stored. The last win is derived from the last finished round (its returns when it
 * settled, 0 when it was voided or there is none), so it always agrees with game recall, also
 * after a restart and in demo mode (the last round of the demo wallet).
 */
import type { RuleProfile } from '../engine/rule-profile.ts';
import { sumSpots } from '../money/ledger-postings.ts';
import type { MinorUnits } from '../money/minor-units.ts';
import type { RoundRecord } from '../model/round-record.ts';
import type { VenueConfig } from '../config/venue-config.ts';
import type { BillNote, CabinetSnapshot, TableDisplay, TableLimits } from './cabinet-api.ts';
import { wallet, type CabinetContext } from './cabinet-context.ts';
import { roadWindow } from './road-window.ts';
import { stadiumRoads } from './stadium-roads.ts';
import { stadiumView } from './stadium-state.ts';
import { sessionView } from './player-session.ts';

/**
 * Everything the last round paid back, stake included, or 0 if it was voided: the gross, for IPC callers. The
 * player's WIN meter words the last round itself (docs/rules.md#the-win-meter) and shows only a net win as a win.
 */
export function lastWinMinor(lastRound: RoundRecord | null): MinorUnits {
  return lastRound !== null && lastRound.status === 'settled' ? sumSpots(lastRound.returns) : 0;
}

/** The venue's presentation settings for the player's table (docs/venue-config.md#the-players-table). */
export function tableDisplay(config: VenueConfig): TableDisplay {
  return {
    currency: { code: config.currency.code, minorDigits: config.currency.minorDigits },
    attractIdleS: config.attractIdleS,
    playerInactivityS: config.playerInactivityS,
    defaultLanguage: config.defaultLanguage,
    sound: { ...config.sound },
    roadsShown: config.roads.shownByDefault,
    // A shared table keeps its own pace: its terminals reveal at the table's time, never the player's (docs/squeeze.md).
    squeeze: { offered: config.squeeze.offered && config.stadium === null, timeLimitS: config.squeeze.timeLimitS },
  };
}

/** The notes the bill acceptor takes: the venue's enabled bill channels, in channel order. */
export function billNotes(config: VenueConfig): BillNote[] {
  return config.billChannels
    .filter((c) => c.enabled)
    .map((c) => ({ channel: c.channel, valueMinor: c.valueMinor }))
    .sort((a, b) => a.channel - b.channel);
}

export function snapshot(ctx: CabinetContext): CabinetSnapshot {
  const tableTotal = sumSpots(ctx.layout);
  const credits = wallet(ctx);
  return {
    creditsMinor: credits,
    demo: ctx.config.demoMode,
    phase: ctx.phase,
    tableBets: { ...ctx.layout },
    tableTotalMinor: tableTotal,
    availableMinor: Math.max(0, credits - tableTotal),
    lastWinMinor: lastWinMinor(ctx.lastRound),
    rebetBets: ctx.rebetBets ? { ...ctx.rebetBets } : null,
    tilts: [...ctx.tilts],
    pendingHandpay: ctx.pendingHandpay,
    lastRound: ctx.lastRound,
    limits: ctx.config.limits as TableLimits,
    profile: ctx.config.profile as RuleProfile,
    devices: [...ctx.devices.values()],
    display: tableDisplay(ctx.config),
    billNotes: billNotes(ctx.config),
    roads: ctx.config.stadium === null ? roadWindow(ctx) : stadiumRoads(ctx, ctx.config.stadium.table),
    stadium: stadiumView(ctx),
    session: sessionView(ctx),
  };
}
