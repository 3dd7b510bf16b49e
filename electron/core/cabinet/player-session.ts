/**
 * The player session (docs/responsible-gaming.md#the-session): it starts at the first credit after a zero balance and
 * ends at the cash-out or at a balance of zero after a round. Its start and end are event rows (kind `session`) in
 * the same commit as the money that starts or ends it; its total bet and net result are the growth of the journal's
 * meters since the start, so they survive a power cut exactly. With every responsible-gaming setting off the cabinet
 * keeps no session: a setting turned on while credit is on the meter starts one at once.
 *
 * The reality check, the limits and the refusals they cause are in reality-check.ts; this file is the session's own
 * figures and its durable state.
 */
import type { ResponsibleGamingConfig } from '../config/responsible-gaming-config.ts';
import { sumSpots } from '../money/ledger-postings.ts';
import type { MinorUnits } from '../money/minor-units.ts';
import type { CriticalState } from '../model/critical-state.ts';
import type { EventLogEntry } from '../model/event-log.ts';
import type {
  RealityCheckView,
  SessionFigures,
  SessionLimitKind,
  SessionRules,
  SessionState,
  SessionView,
} from '../model/player-session.ts';
import { now, type CabinetContext } from './cabinet-context.ts';

/** The event-log kind of every session row. */
export const SESSION_EVENT_KIND = 'session';

const MINUTE_MS = 60_000;

export function venueRules(config: ResponsibleGamingConfig): SessionRules {
  return {
    realityCheckMinutes: config.realityCheckMinutes,
    lossLimitMinor: config.sessionLossLimitMinor,
    timeLimitMinutes: config.sessionTimeLimitMinutes,
  };
}

/** True when the venue asks for any reality check or limit: only then is a session kept. */
export function sessionsKept(ctx: CabinetContext): boolean {
  const r = ctx.config.responsibleGaming;
  return (
    !ctx.config.demoMode &&
    (r.realityCheckMinutes !== null || r.sessionLossLimitMinor !== null || r.sessionTimeLimitMinutes !== null)
  );
}

/** The smaller of two limits, where null is no limit. */
function stricter(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

/**
 * The rules in force for a running session: the stricter of those it started under and the venue's current ones, so
 * a technician's change applies at once when it protects the player more and from the next session otherwise.
 */
export function rulesInForce(ctx: CabinetContext, session: SessionState): SessionRules {
  const venue = venueRules(ctx.config.responsibleGaming);
  return {
    realityCheckMinutes: stricter(session.rules.realityCheckMinutes, venue.realityCheckMinutes),
    lossLimitMinor: stricter(session.rules.lossLimitMinor, venue.lossLimitMinor),
    timeLimitMinutes: stricter(session.rules.timeLimitMinutes, venue.timeLimitMinutes),
  };
}

/** Whole minutes from `from` to now (never negative: a clock set back counts as no time). */
export function minutesSince(ctx: CabinetContext, from: string): number {
  return Math.max(0, Math.floor((ctx.clock().getTime() - Date.parse(from)) / MINUTE_MS));
}

/**
 * The session's figures from critical memory: its total bet is the wagered meter's growth (settled rounds only, a
 * refunded round bet nothing), its net is the credit less the notes put in since the start, the stake of a round
 * still open counted back in (it is neither won nor lost yet).
 */
export function figuresOf(
  ctx: CabinetContext,
  session: SessionState,
  critical: Pick<CriticalState, 'creditsMinor' | 'meters' | 'openRoundId'> = ctx.critical,
): SessionFigures {
  const openStake = openStakeMinor(ctx, critical.openRoundId);
  // A RAM clear starts the meters from zero again: the session then counts from that reset, never below it.
  const { wageredMinor, billsInMinor } = critical.meters;
  const wageredBefore = wageredMinor < session.wageredBeforeMinor ? 0 : session.wageredBeforeMinor;
  const billsInBefore = billsInMinor < session.billsInBeforeMinor ? 0 : session.billsInBeforeMinor;
  return {
    minutes: minutesSince(ctx, session.startedAt),
    totalBetMinor: wageredMinor - wageredBefore,
    netMinor: critical.creditsMinor + openStake - (billsInMinor - billsInBefore),
  };
}

function openStakeMinor(ctx: CabinetContext, open: number | null): MinorUnits {
  if (open === null) return 0;
  const round = ctx.journal.round(open);
  return round === null ? 0 : sumSpots(round.bets);
}

/**
 * What the session reads of the commit's draft of critical memory: the credit, the meters and the open round as they will be. Read
 * only, so this file need not know the draft's writable type (critical-memory.ts imports the snapshot's world).
 */
type CriticalDraft = Pick<CriticalState, 'creditsMinor' | 'meters' | 'openRoundId'>;

/** Inside the commit of a note: the first credit after a zero balance starts a session. Answers the new state. */
export function startInCommit(ctx: CabinetContext, draft: CriticalDraft, at: string): SessionState | null {
  if (ctx.session !== null || !sessionsKept(ctx) || draft.creditsMinor !== 0) return null;
  return startSession(ctx, draft, at);
}

/** Writes `session-started` with the meters as they are in `critical` (before the note that starts it). */
function startSession(
  ctx: CabinetContext,
  critical: Pick<CriticalState, 'creditsMinor' | 'meters'>,
  at: string,
): SessionState {
  const rules = venueRules(ctx.config.responsibleGaming);
  // Credit already on the meter (a setting turned on mid-play) counts as put in at the start: the net begins at 0.
  const billsInBeforeMinor = critical.meters.billsInMinor - critical.creditsMinor;
  const wageredBeforeMinor = critical.meters.wageredMinor;
  ctx.journal.appendEvent(SESSION_EVENT_KIND, at, {
    code: 'session-started',
    billsInBeforeMinor,
    wageredBeforeMinor,
    realityCheckMinutes: rules.realityCheckMinutes,
    lossLimitMinor: rules.lossLimitMinor,
    timeLimitMinutes: rules.timeLimitMinutes,
  });
  return {
    startedAt: at,
    billsInBeforeMinor,
    wageredBeforeMinor,
    rules,
    lastCheckAt: at,
    realityCheck: null,
    limitReached: null,
  };
}

/**
 * Inside the commit of a cash-out or a settled round: the session ends at the cash-out or when the balance is zero.
 * Answers whether it ended (the caller clears the mirror after the commit).
 */
export function endInCommit(ctx: CabinetContext, draft: CriticalDraft, at: string, cashedOut: boolean): boolean {
  const session = ctx.session;
  if (session === null || (!cashedOut && draft.creditsMinor !== 0)) return false;
  // The cash-out took the credit off already: what was collected is still the session's result.
  const credits = cashedOut ? ctx.critical.creditsMinor : draft.creditsMinor;
  const f = figuresOf(ctx, session, { ...draft, creditsMinor: credits });
  ctx.journal.appendEvent(SESSION_EVENT_KIND, at, {
    code: 'session-ended',
    cashedOut,
    minutes: f.minutes,
    totalBetMinor: f.totalBetMinor,
    netMinor: f.netMinor,
  });
  return true;
}

/**
 * Between rounds, in its own commit: a session the venue's settings ask for and credit on the meter without one
 * starts (a setting turned on mid-play, or a journal from before sessions); a session left at zero credit ends.
 * Answers whether anything changed.
 */
export function reconcileSession(ctx: CabinetContext, commitRows: (rows: () => void) => void): boolean {
  if (ctx.critical.openRoundId !== null || !ctx.memoryGood) return false;
  const credits = ctx.critical.creditsMinor;
  if (ctx.session === null && credits > 0 && sessionsKept(ctx)) {
    let started: SessionState | null = null;
    commitRows(() => (started = startSession(ctx, ctx.critical, now(ctx))));
    ctx.session = started;
    return true;
  }
  if (ctx.session !== null && (credits === 0 || ctx.config.demoMode)) {
    const session = ctx.session;
    const f = figuresOf(ctx, session);
    commitRows(() => {
      ctx.journal.appendEvent(SESSION_EVENT_KIND, now(ctx), { code: 'session-ended', cashedOut: false, ...f });
    });
    ctx.session = null;
    return true;
  }
  return false;
}

/**
 * The session as the journal last left it: the newest session rows back to its `session-started` (none after a
 * `session-ended`), read a page at a time so a long session's many checks are all seen.
 */
export function restoreSession(ctx: CabinetContext): SessionState | null {
  let lastCheckAt: string | null = null;
  let realityCheck: RealityCheckView | null | undefined;
  let answeredAfter = false;
  let limitReached: SessionLimitKind | null = null;
  let toId: number | undefined;
  for (;;) {
    const page: EventLogEntry[] = ctx.journal.events({
      kind: SESSION_EVENT_KIND,
      limit: 100,
      ...(toId ? { toId } : {}),
    });
    for (const row of page) {
      const m = row.message;
      switch (m.code) {
        case 'session-ended':
          return null;
        case 'reality-check-answered':
          if (realityCheck === undefined) answeredAfter = true;
          break;
        case 'reality-check-shown':
          lastCheckAt ??= row.at;
          if (realityCheck === undefined) {
            const { minutes, totalBetMinor, netMinor } = m;
            realityCheck = answeredAfter ? null : { shownAt: row.at, minutes, totalBetMinor, netMinor };
          }
          break;
        case 'session-loss-limit-reached':
          limitReached ??= 'loss';
          break;
        case 'session-time-limit-reached':
          limitReached ??= 'time';
          break;
        case 'session-started':
          return {
            startedAt: row.at,
            billsInBeforeMinor: m.billsInBeforeMinor,
            wageredBeforeMinor: m.wageredBeforeMinor,
            rules: {
              realityCheckMinutes: m.realityCheckMinutes,
              lossLimitMinor: m.lossLimitMinor,
              timeLimitMinutes: m.timeLimitMinutes,
            },
            lastCheckAt: lastCheckAt ?? row.at,
            realityCheck: realityCheck ?? null,
            limitReached,
          };
        default:
          break;
      }
    }
    if (page.length < 100) return null;
    toId = page.at(-1)!.id - 1;
  }
}

/** The session for the snapshot; null when none is kept. */
export function sessionView(ctx: CabinetContext): SessionView | null {
  const session = ctx.session;
  if (session === null) return null;
  return {
    startedAt: session.startedAt,
    ...figuresOf(ctx, session),
    rules: rulesInForce(ctx, session),
    realityCheck: session.realityCheck,
    limitReached: session.limitReached,
  };
}
