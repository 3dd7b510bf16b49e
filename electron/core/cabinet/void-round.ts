/**
 * Voiding an open round (docs/rules.md#faults-void-and-refund): every bet is refunded per spot,
 * the reason journaled and an optional tilt set, all in one transaction. The journal refunds a
 * round at most once (UNIQUE per round) and never voids a settled round. Used by the round flow
 * (RNG failure), by faults raised while a round is open, by start-up recovery (power loss) and by the
 * storage-fault recovery (storage-fault.ts), which passes its coded reason.
 */
import type { Bets } from '../engine/settlement.ts';
import { postPerSpot, sumSpots } from '../money/ledger-postings.ts';
import type { TiltReason, VoidReason } from '../model/journal-message.ts';
import type { RoundRecord } from '../model/round-record.ts';
import type { TiltKind } from '../model/tilt.ts';
import { now, type CabinetContext } from './cabinet-context.ts';
import { emit, emitState, emitTilts } from './cabinet-events.ts';
import { commit } from './critical-memory.ts';
import { putTilt } from './tilts.ts';
import { concludeStadiumOnVoid } from './stadium-round-row.ts';

export interface VoidTilt {
  readonly kind: TiltKind;
  readonly source: string;
  readonly reasonCode: TiltReason;
}

/**
 * The void reason as data. A void with a tilt is a fault of the tilt's kind and source; the one void
 * without a tilt is start-up recovery's (power lost), which says where the round stood.
 */
function voidReasonOf(tilt: VoidTilt | null, dealt: boolean): VoidReason {
  if (!tilt) return { code: 'power-lost', status: dealt ? 'dealt' : 'locked' };
  const { reasonCode } = tilt;
  switch (tilt.kind) {
    case 'rng-fault':
      return { code: 'rng-fault', source: tilt.source, reason: reasonCode };
    case 'memory-error':
      return { code: 'memory-error', source: tilt.source, reason: reasonCode };

    default:
      return { code: 'device-fault', device: tilt.source, reason: reasonCode };
  }
}

export function voidRound(
  ctx: CabinetContext,
  round: { readonly roundId: number; readonly bets: Bets; readonly demo: boolean },
  tilt: VoidTilt | null,
  reasonCode?: VoidReason,
  /** Written in the same commit, after the refund (a stadium fault's word of the table's stream). */
  alsoInCommit?: (at: string) => void,
): RoundRecord {
  const { journal } = ctx;
  const { roundId, bets, demo } = round;
  const stake = sumSpots(bets);
  const at = now(ctx);
  const dealt = journal.openRounds().some((r) => r.roundId === roundId && r.status === 'dealt');
  const code = reasonCode ?? voidReasonOf(tilt, dealt);
  commit(ctx, (s) => {
    const balance = postPerSpot((e) => journal.appendLedger(e), {
      kind: 'refund',
      demo,
      roundId,
      at,
      amounts: bets,
      balanceBeforeMinor: demo ? s.demoCreditsMinor : s.creditsMinor,
    });
    journal.markVoided(roundId, stake, balance, at, code);
    if (demo) s.demoCreditsMinor = balance;
    else {
      s.creditsMinor = balance;
      s.meters.roundsVoided++;
      s.meters.refundsMinor += stake;
    }
    if (s.openRoundId === roundId) s.openRoundId = null;
    journal.appendEvent('void', at, { code: 'round-voided', roundId, refundMinor: stake, reason: code });
    if (tilt) putTilt(ctx, tilt.kind, tilt.source, tilt.reasonCode, at);
    // A stadium terminal's round is concluded with its refund (docs/stadium.md#terminals).
    concludeStadiumOnVoid(ctx, roundId, code, at);
    alsoInCommit?.(at);
  });
  ctx.phase = 'idle';
  const record = journal.round(roundId)!;
  ctx.lastRound = record;
  emit(ctx, { type: 'round-voided', round: record });
  if (tilt) emitTilts(ctx);
  emitState(ctx);
  return record;
}
