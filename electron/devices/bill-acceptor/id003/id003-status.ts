/**
 * Acts on one status reply (docs/protocols/id003.md#statuses): the condition set first (a raised condition
 * inhibits the unit before any note decision), then the note movement for the money flow (id003-escrow.ts),
 * then the power-up handling and RESET. The driver adds the enable state and the settings.
 */
import {
  CLEARED_BY_POWER_UP,
  ID003_CONDITION_TEXT,
  STATUS_CONDITION,
  type Id003Conditions,
} from './id003-conditions.ts';
import type { Id003Escrow, Id003Unit } from './id003-escrow.ts';
import type { Id003Frame } from './id003-framing.ts';
import { Command, Status, failureName, isPowerUp, statusName } from './id003-protocol.ts';

export interface StatusHooks {
  emit(type: string, detail: string): void;
  /** IDLING (true) or DISABLED (false): the driver compares it with what it told the unit. */
  enableReported(enabled: boolean): void;
  /** The unit powered up and got its RESET: its settings and inhibit state are gone. */
  poweredUp(): void;
}

export async function actOnStatus(
  unit: Id003Unit,
  frame: Id003Frame,
  received: number,
  escrow: Id003Escrow,
  conditions: Id003Conditions,
  hooks: StatusHooks,
): Promise<void> {
  const code = frame.cmd;
  const condition = STATUS_CONDITION.get(code) ?? null;
  if (condition === 'failure') {
    conditions.raise('failure', `${ID003_CONDITION_TEXT.failure}: ${failureName(frame.data[0])}`);
  } else if (condition) conditions.raise(condition);
  conditions.update(new Set(condition ? [condition] : []));
  if (code !== Status.VEND_VALID && !isPowerUp(code)) escrow.settle(code);
  switch (code) {
    case Status.ESCROW:
      await escrow.escrow(unit, frame.data[0]);
      break;
    case Status.STACKING:
      escrow.stacking();
      break;
    case Status.VEND_VALID:
      await escrow.vendValid(unit, received);
      break;
    case Status.REJECTING:
      escrow.rejecting(frame.data[0]);
      break;
    case Status.RETURNING:
      escrow.returning();
      break;
    case Status.IDLING:
    case Status.DISABLED:
      hooks.enableReported(code === Status.IDLING);
      break;
    case Status.POWER_UP:
    case Status.POWER_UP_BILL_IN_ACCEPTOR:
    case Status.POWER_UP_BILL_IN_STACKER:
      hooks.emit('power-up', `the unit reports ${statusName(code)}`);
      conditions.drop(CLEARED_BY_POWER_UP);
      escrow.powerUp(code);
      hooks.poweredUp();
      // The unit waits for RESET: it hands back a note in the acceptor and finishes one in the stacker.
      await unit.operate(Command.RESET);
      break;
    case Status.PAUSE:
    case Status.CHEATED:
    case Status.COMMUNICATION_ERROR:
    case Status.INVALID_COMMAND:
      hooks.emit('unit', statusName(code));
      break;
    default:
      break;
  }
}
