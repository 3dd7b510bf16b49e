/**
 * The emulator's control lines (stdin, --control-socket, the embedded controller): one line in, one answer
 * out — "ok <line>", "error <why>", "status {json}", or "" for an empty line. Device commands go to the model,
 * line faults (garbage, corrupt CRC, dropped bytes, mute) to the process that owns the wire. How a line is
 * read and answered is control-lines.ts.
 */
import type { BillAcceptorSlave } from './bill-acceptor-model.ts';
import { answerControlLine, type ControlTable } from './control-lines.ts';

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
  const controls: ControlTable = {
    insert: (arg) => slave.insert(Number(arg)),
    'insert-invalid': (arg) => slave.insertInvalid(arg === undefined ? undefined : Number(arg)),
    jam: () => slave.jam('safe'),
    'unsafe-jam': () => slave.jam('unsafe'),
    'clear-jam': () => slave.clearJam(),
    'stacker-full': () => slave.setStackerFull(true),
    'stacker-emptied': () => slave.setStackerFull(false),
    'cashbox-out': () => slave.setCashboxOut(true),
    'cashbox-in': () => slave.setCashboxOut(false),
    'path-open': () => slave.setPathOpen(true),
    'path-closed': () => slave.setPathOpen(false),
    fraud: () => slave.fraud(),
    'power-cycle': () => slave.powerCycle(),
    garbage: () => wire.garbage(),
    'corrupt-crc': () => wire.corruptCrc(),
    'drop-bytes': () => wire.dropBytes(),
    'duplicate-events': () => slave.duplicateEvents(),
    'lose-ack': () => slave.loseAck(),
    // "mute" alone mutes too: only "mute off" resumes.
    mute: (arg) => wire.mute(arg !== 'off'),
    status: () => `status ${JSON.stringify(slave.status())}`,
  };
  return answerControlLine(
    line,
    controls,
    (verb) => `error unknown command "${verb}"; commands: ${CONTROL_COMMANDS.join(', ')}`,
  );
}
