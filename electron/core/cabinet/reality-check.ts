/**
 * The reality check and the session limits (docs/responsible-gaming.md): between rounds the cabinet raises the
 * reality check when the venue's interval has passed since the session started or the last check was shown, and
 * records a session limit once it is reached; each is an event row written before the screen hears of it. While a
 * check is open or a limit is reached a round is refused with a typed reason (a stadium terminal's close sits out);
 * cash-out stays open throughout. The player answers a check with `continue` or `cash-out`.
 */
import type { Handpay } from '../model/handpay.ts';
import { REALITY_CHECK_ANSWERS, type RealityCheckAnswer, type SessionState } from '../model/player-session.ts';
import type { MinorUnits } from '../money/minor-units.ts';
import { now, type CabinetContext } from './cabinet-context.ts';
import { CabinetError } from './cabinet-error.ts';
import { emitState } from './cabinet-events.ts';
import { cashOut } from './money-in-out.ts';
import { figuresOf, minutesSince, reconcileSession, rulesInForce, SESSION_EVENT_KIND } from './player-session.ts';

/** One commit of session rows; the mirror changes after it returns. */
function commitRows(ctx: CabinetContext, rows: () => void): void {
  ctx.journal.transaction(rows);
}

/** The limit a session has reached by its figures now, or null. */
function limitDue(ctx: CabinetContext, session: SessionState): SessionState['limitReached'] {
  const rules = rulesInForce(ctx, session);
  const f = figuresOf(ctx, session);
  if (rules.lossLimitMinor !== null && -f.netMinor >= rules.lossLimitMinor) return 'loss';
  if (rules.timeLimitMinutes !== null && f.minutes >= rules.timeLimitMinutes) return 'time';
  return null;
}

function realityCheckDue(ctx: CabinetContext, session: SessionState): boolean {
  const every = rulesInForce(ctx, session).realityCheckMinutes;
  return every !== null && session.realityCheck === null && minutesSince(ctx, session.lastCheckAt) >= every;
}

/**
 * Between rounds only (never inside one): starts or ends the session as the credit says, records a limit reached
 * and raises a reality check that is due. Called by the cabinet's timer, before a round and after one. Answers
 * whether anything changed (the screen is told).
 */
export function reviewSession(ctx: CabinetContext): boolean {
  if (ctx.critical.openRoundId !== null || ctx.phase === 'locked' || ctx.phase === 'dealt') return false;
  let changed = reconcileSession(ctx, (rows) => commitRows(ctx, rows));
  const session = ctx.session;
  if (session === null) {
    if (changed) emitState(ctx);
    return changed;
  }
  const at = now(ctx);
  const limit = session.limitReached === null ? limitDue(ctx, session) : null;
  const check = session.limitReached === null && limit === null && realityCheckDue(ctx, session);
  if (limit !== null) {
    const f = figuresOf(ctx, session);
    const rules = rulesInForce(ctx, session);
    commitRows(ctx, () => {
      ctx.journal.appendEvent(
        SESSION_EVENT_KIND,
        at,
        limit === 'loss'
          ? {
              code: 'session-loss-limit-reached',
              lossMinor: -f.netMinor,
              limitMinor: rules.lossLimitMinor!,
              minutes: f.minutes,
            }
          : {
              code: 'session-time-limit-reached',
              minutes: f.minutes,
              limitMinutes: rules.timeLimitMinutes!,
              netMinor: f.netMinor,
            },
      );
    });
    // A limit reached closes an open reality check: play has stopped, only the cash-out is left to answer.
    ctx.session = { ...session, limitReached: limit, realityCheck: null };
    changed = true;
  } else if (check) {
    const f = figuresOf(ctx, session);
    commitRows(ctx, () => {
      ctx.journal.appendEvent(SESSION_EVENT_KIND, at, { code: 'reality-check-shown', ...f });
    });
    ctx.session = { ...session, lastCheckAt: at, realityCheck: { shownAt: at, ...f } };
    changed = true;
  }
  if (changed) emitState(ctx);
  return changed;
}

/**
 * Before a round locks a stake (DEAL, REBET, a stadium terminal's close): refused while a reality check is open, once
 * a limit is reached, or when the stake could take the session's loss past the loss limit.
 */
export function requireSessionPlay(ctx: CabinetContext, stakeMinor: MinorUnits): void {
  const session = ctx.session;
  if (session === null) return;
  if (session.limitReached !== null) throw limitRefusal(ctx, session);
  if (session.realityCheck !== null) {
    throw new CabinetError('reality-check-open', 'the reality check is open: answer it to play on or cash out');
  }
  const limit = rulesInForce(ctx, session).lossLimitMinor;
  if (limit === null) return;
  const left = limit + figuresOf(ctx, session).netMinor;
  if (stakeMinor > left) {
    throw new CabinetError(
      'session-limit',
      `this stake could pass the session loss limit: at most ${left} minor units may still be lost`,
      { name: 'sessionLossLimitLeft', valueMinor: Math.max(0, left) },
      undefined,
      { code: 'session-loss-limit-ahead', stakeMinor, leftMinor: Math.max(0, left) },
    );
  }
}

function limitRefusal(ctx: CabinetContext, session: SessionState): CabinetError {
  const rules = rulesInForce(ctx, session);
  const f = figuresOf(ctx, session);
  if (session.limitReached === 'loss') {
    const limitMinor = rules.lossLimitMinor ?? session.rules.lossLimitMinor ?? 0;
    return new CabinetError(
      'session-limit',
      'the session loss limit is reached: play has stopped',
      undefined,
      undefined,
      {
        code: 'session-loss-limit-reached',
        lossMinor: Math.max(0, -f.netMinor),
        limitMinor,
      },
    );
  }
  const limitMinutes = rules.timeLimitMinutes ?? session.rules.timeLimitMinutes ?? 0;
  return new CabinetError(
    'session-limit',
    'the session time limit is reached: play has stopped',
    undefined,
    undefined,
    {
      code: 'session-time-limit-reached',
      minutes: f.minutes,
      limitMinutes,
    },
  );
}

/**
 * The player's answer (validated again here: the core trusts no caller). `continue` closes the check and play goes on;
 * `cash-out` closes it and collects. The answer is an event row before anything is shown.
 */
export function answerRealityCheck(ctx: CabinetContext, answer: RealityCheckAnswer): Handpay | null {
  if (!(REALITY_CHECK_ANSWERS as readonly unknown[]).includes(answer)) {
    throw new CabinetError('not-permitted', `a reality-check answer is one of ${REALITY_CHECK_ANSWERS.join(', ')}`);
  }
  const session = ctx.session;
  if (session === null || session.realityCheck === null) {
    throw new CabinetError('no-reality-check', 'no reality check is open');
  }
  const at = now(ctx);
  const minutes = minutesSince(ctx, session.startedAt);
  commitRows(ctx, () => {
    ctx.journal.appendEvent(SESSION_EVENT_KIND, at, {
      code: 'reality-check-answered',
      cashOut: answer === 'cash-out',
      minutes,
    });
  });
  ctx.session = { ...session, realityCheck: null };
  emitState(ctx);
  return answer === 'cash-out' ? cashOut(ctx) : null;
}
