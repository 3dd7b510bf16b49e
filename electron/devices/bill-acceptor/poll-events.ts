/**
 * Acts on the events of one poll reply, in order, then sends EVENT_ACK if any event asked for it — only after
 * every credit in the reply was committed by the cabinet (docs/protocols/essp.md#credit-rules). Note movements
 * go to the escrow policy, conditions to the condition set (acceptor-conditions.ts).
 */
import { CLEARED_BY_RESET, conditionOf, type AcceptorConditions, type Condition } from './acceptor-conditions.ts';
import type { EscrowPolicy } from './escrow-policy.ts';
import { SspReplyError, type SspMaster } from './ssp-master.ts';
import { Command, Event, type PollEvent } from './ssp-protocol.ts';

export interface PollEventHooks {
  emit(type: string, detail: string): void;
  /** The acceptor reports DISABLED: if we believe it enabled (it reset), ENABLE goes again. */
  disabledReported(): void;
  /** The acceptor reset (0xF1): its inhibits and enable state are gone, set it up again after this reply. */
  resetReported(): void;
}

export async function actOnPollEvents(
  master: Pick<SspMaster, 'command'>,
  events: readonly PollEvent[],
  received: number,
  escrow: EscrowPolicy,
  conditions: AcceptorConditions,
  hooks: PollEventHooks,
): Promise<void> {
  let ackNeeded = false;
  const seen = new Set<Condition>();
  for (const event of events) {
    const condition = conditionOf(event.code);
    if (condition) seen.add(condition);
    switch (event.code) {
      case Event.READ_NOTE:
        if (event.channel && event.channel > 0) await escrow.escrow(master, event.channel);
        break;
      case Event.NOTE_STACKING:
        escrow.stacking();
        break;
      case Event.CREDIT_NOTE:
      case Event.NOTE_CLEARED_INTO_CASHBOX:
        ackNeeded = true;
        escrow.credit(event, received);
        break;
      case Event.NOTE_REJECTED:
        escrow.returned();
        hooks.emit('returned', 'note returned to the player');
        break;
      case Event.NOTE_CLEARED_FROM_FRONT:
        ackNeeded = true; // some firmware asks for an ACK of the power-up events too; an extra ACK is harmless
        escrow.returned();
        hooks.emit('returned', `power-up: note channel ${event.channel} returned from the front`);
        break;
      case Event.CASHBOX_REPLACED:
        hooks.emit('cashbox', 'cashbox replaced');
        break;
      case Event.FRAUD_ATTEMPT:
        hooks.emit('fraud', `fraud attempt reported (channel ${event.channel})`);
        break;
      case Event.DISABLED:
        hooks.disabledReported();
        break;
      case Event.SLAVE_RESET:
        hooks.resetReported();
        hooks.emit('reset', 'the acceptor reset (power-up)');
        conditions.drop(CLEARED_BY_RESET);
        break;
      default:
        break;
    }
  }
  conditions.update(seen);
  if (ackNeeded) {
    // Only now, after creditBill returned (committed to the journal), may the acceptor forget the event.
    try {
      await master.command(Uint8Array.of(Command.EVENT_ACK));
    } catch (error) {
      // 0xF5 etc.: the acceptor had nothing waiting for an ACK. A timeout propagates (the event will repeat).
      if (!(error instanceof SspReplyError)) throw error;
    }
    escrow.acked();
  }
}
