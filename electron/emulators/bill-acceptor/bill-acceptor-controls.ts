/**
 * The emulator's control lines (stdin, --control-socket, the embedded controller): one line in, one answer
 * out — "ok <line>", "error <why>", "status {json}", or "" for an empty line. Device commands go to the model,
 * line faults (garbage, corrupt CRC, dropped bytes, mute) to the process that owns the wire.
 */
import type { BillAcceptorSlave } from './bill-acceptor-model.ts';

/** Controls the service panel and the tests can use. */
export const CONTROL_COMMANDS = [
  'insert <channel>',
  'insert-invalid [reject-code]',
  'jam',
  'unsafe-jam',
  'clear-jam',
  'stacker-full',
  'stacker-emptied',
  'cashbox-out',
  'cashbox-in',
  'path-open',
  'path-closed',
  'fraud',
  'power-cycle',
  'garbage',
  'corrupt-crc',
  'drop-bytes',
  'duplicate-events',
  'lose-ack',
  'mute <on|off>',
  'status',
] as const;

/** What the wire side of the emulator offers the control lines. */
export interface WireFaults {
  /** Noise now, and in front of the next reply. */
  garbage(): void;
  /** The next reply with a broken CRC. */
  corruptCrc(): void;
  /** The next reply with two bytes missing. */
  dropBytes(): void;
  /** Stop (true) or resume (false) answering. */
  mute(on: boolean): void;
}

export function applyControlLine(line: string, slave: BillAcceptorSlave, wire: WireFaults): string {
  const [verb, arg] = line.trim().split(/\s+/);
  try {
    switch (verb) {
      case 'insert':
        slave.insert(Number(arg));
        break;
      case 'insert-invalid':
        slave.insertInvalid(arg === undefined ? undefined : Number(arg));
        break;
      case 'jam':
        slave.jam('safe');
        break;
      case 'unsafe-jam':
        slave.jam('unsafe');
        break;
      case 'clear-jam':
        slave.clearJam();
        break;
      case 'stacker-full':
        slave.setStackerFull(true);
        break;
      case 'stacker-emptied':
        slave.setStackerFull(false);
        break;
      case 'cashbox-out':
        slave.setCashboxOut(true);
        break;
      case 'cashbox-in':
        slave.setCashboxOut(false);
        break;
      case 'path-open':
        slave.setPathOpen(true);
        break;
      case 'path-closed':
        slave.setPathOpen(false);
        break;
      case 'fraud':
        slave.fraud();
        break;
      case 'power-cycle':
        slave.powerCycle();
        break;
      case 'garbage':
        wire.garbage();
        break;
      case 'corrupt-crc':
        wire.corruptCrc();
        break;
      case 'drop-bytes':
        wire.dropBytes();
        break;
      case 'duplicate-events':
        slave.duplicateEvents();
        break;
      case 'lose-ack':
        slave.loseAck();
        break;
      case 'mute':
        wire.mute(arg !== 'off');
        break;
      case 'status':
        return `status ${JSON.stringify(slave.status())}`;
      case undefined:
      case '':
        return '';
      default:
        return `error unknown command "${verb}"; commands: ${CONTROL_COMMANDS.join(', ')}`;
    }
    return `ok ${line.trim()}`;
  } catch (error) {
    return `error ${(error as Error).message}`;
  }
}
