/**
 * Control lines of the ID-003 emulator (stdin, --control-socket, the embedded controller): one line in, one
 * answer out — "ok <line>", "error <why>" or "status {json}" (read and answered by ../control-lines.ts).
 */
import { answerControlLine, onOff, type ControlTable } from '../control-lines.ts';
import type { Id003UnitModel } from './id003-unit-model.ts';

export const ID003_CONTROL_COMMANDS = [
  'insert <face value | 0x escrow code>',
  'reject <reason code>',
  'jam <acceptor|stacker>',
  'clear-jam',
  'stacker-open',
  'stacker-close',
  'stacker-full',
  'stacker-emptied',
  'cheat',
  'fail <failure code>',
  'pause <on|off>',
  'hold-stacking <on|off>',
  'lose-ack',
  'power-cycle',
  'garbage',
  'corrupt-crc',
  'mute <on|off>',
  'status',
] as const;

export interface Id003WireFaults {
  garbage(): void;
  corruptCrc(): void;
  mute(on: boolean): void;
}

function number(arg: string | undefined, what: string): number {
  const value = arg === undefined ? NaN : Number(arg);
  if (!Number.isInteger(value) || value < 0 || value > 0xffff)
    throw new Error(`${what} needs a number, e.g. 0x62 or 20`);
  return value;
}

export function applyId003Control(line: string, unit: Id003UnitModel, wire: Id003WireFaults): string {
  const controls: ControlTable = {
    // "insert 20" is a 20 note; "insert 0x64" names the escrow code.
    insert: (arg) => unit.insert(arg?.startsWith('0x') ? { code: number(arg, 'insert') } : number(arg, 'insert')),
    reject: (arg) => unit.rejectNote(number(arg ?? '0x77', 'reject')),
    jam: (arg) => {
      if (arg !== 'acceptor' && arg !== 'stacker') throw new Error('jam needs acceptor or stacker');
      unit.jam(arg);
    },
    'clear-jam': () => unit.clearJam(),
    'stacker-open': () => unit.setStackerOpen(true),
    'stacker-close': () => unit.setStackerOpen(false),
    'stacker-full': () => unit.setStackerFull(true),
    'stacker-emptied': () => unit.setStackerFull(false),
    cheat: () => unit.cheat(),
    fail: (arg) => unit.fail(number(arg ?? '0xa2', 'fail')),
    pause: (arg) => unit.pause(onOff(arg)),
    'hold-stacking': (arg) => unit.holdStacking(onOff(arg)),
    'lose-ack': () => unit.loseAck(),
    'power-cycle': () => unit.powerCycle(),
    garbage: () => wire.garbage(),
    'corrupt-crc': () => wire.corruptCrc(),
    mute: (arg) => wire.mute(onOff(arg)),
    status: () => `status ${JSON.stringify(unit.view())}`,
  };
  return answerControlLine(
    line,
    controls,
    (verb) => `error unknown control "${verb}"; controls: ${ID003_CONTROL_COMMANDS.join(', ')}`,
  );
}
