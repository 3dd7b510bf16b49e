/**
 * Acts on the events of one poll reply, in order, then sends one EVENT_ACK if any event is one GA138 marks
 * "Poll with Ack" (poll-event-table.ts: credits, 0xE1/0xE2, fraud, 0xB6, 0xD1) — only after every effect is
 * done: each credit committed by the cabinet, each tilt raised (raiseFault journals it before it returns),
 * each escrow written down (docs/protocols/essp.md#event-ack). A reply that could not be read to its end gets
 * no EVENT_ACK: the ACK would clear events the driver never saw, and every event that waits for an ACK repeats,
 * so nothing read before is lost by waiting (an acknowledged credit repeat maps to the same key).
 * Note movements go to the escrow policy, conditions to the condition set (acceptor-conditions.ts).
 */
import { CLEARED_BY_RESET, conditionOf, type AcceptorConditions, type Condition } from './acceptor-conditions.ts';
import type { EscrowPolicy } from './escrow-policy.ts';
import { EVENT_TABLE, isPrinterEvent } from './poll-event-table.ts';
import { SspReplyError, type SspMaster } from './ssp-master.ts';
import { Command, Event, type PollEvent, type UnreadTail } from './ssp-protocol.ts';

export interface PollEventHooks {
  emit(type: string, detail: string): void;
  /** The acceptor reports DISABLED: if we believe it enabled (it reset), ENABLE goes again. */
  disabledReported(): void;
  /** The acceptor reset (0xF1): its inhibits and enable state are gone, set it up again after this reply. */
  resetReported(): void;
  /** Whether this reply said the unit is still initialising (0xB6): it must not be enabled yet. */
  initialising(still: boolean): void;
}

export async function actOnPollEvents(
  master: Pick<SspMaster, 'command'>,
  events: readonly PollEvent[],
  received: number,
  escrow: EscrowPolicy,
  conditions: AcceptorConditions,
  hooks: PollEventHooks,
  unread: UnreadTail | null = null,
): Promise<void> {
  let ackNeeded = false;
  let initialising = false;
  const seen = new Set<Condition>();
  for (const event of events) {
    const condition = conditionOf(event.code);
    if (condition) seen.add(condition);
    if (EVENT_TABLE.get(event.code)?.ack) ackNeeded = true;
    switch (event.code) {
      case Event.READ_NOTE:
        if (event.channel && event.channel > 0) await escrow.escrow(master, event.channel);
        break;
      case Event.CREDIT_NOTE:
      case Event.NOTE_CLEARED_INTO_CASHBOX:
        escrow.credit(event, received);
        break;
      case Event.NOTE_REJECTED:
        escrow.returned();
        hooks.emit('returned', 'note returned to the player');
        break;
      case Event.NOTE_CLEARED_FROM_FRONT:
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
      case Event.INITIALISING:
        initialising = true;
        break;
      case Event.CHANNEL_DISABLE:
        hooks.emit('channels', 'the acceptor reports every channel inhibited');
        break;
      case Event.BARCODE_TICKET_VALIDATED:
        await escrow.ticket(master);
        break;
      case Event.BARCODE_TICKET_ACK:
        hooks.emit('ticket', 'a barcode ticket reached the cashbox: nothing credited, take it out when counting');
        break;
      default:
        if (isPrinterEvent(event.code)) {
          const extra = event.value === undefined ? '' : ` (code ${event.value})`;
          hooks.emit('printer', `${EVENT_TABLE.get(event.code)?.text ?? 'printer event'}${extra}`);
        }
        break;
    }
  }
  hooks.initialising(initialising);
  if (unread) {
    const detail = `${unread.reason} at byte ${unread.offset}; the events after it were not read and nothing is acknowledged`;
    hooks.emit('bad-poll', detail);
    conditions.raiseUnknownEvent(unread.code, `bill acceptor: ${detail}`);
  }
  conditions.update(seen);
  if (ackNeeded && !unread) {
    // Only now, after creditBill returned (committed) and every tilt was raised, may the acceptor forget them.
    try {
      await master.command(Uint8Array.of(Command.EVENT_ACK));
    } catch (error) {
      // A refusal: the acceptor had nothing waiting for an ACK. A timeout propagates (the events repeat).
      if (!(error instanceof SspReplyError)) throw error;
    }
    escrow.acked();
  }
}
