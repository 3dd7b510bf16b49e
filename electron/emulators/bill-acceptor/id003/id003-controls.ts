/**
 * Control lines of the ID-003 emulator (stdin, --control-socket, the embedded controller): one line in, one
 * answer out — "ok <line>", "error <why>" or "status {json}".
 */
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

function onOff(arg: string | undefined): boolean {
  if (arg !== 'on' && arg !== 'off') throw new Error('say on or off');
  return arg === 'on';
}

export function applyId003Control(line: string, unit: Id003UnitModel, wire: Id003WireFaults): string {
  const [verb, arg] = line.trim().split(/\s+/);
  try {
    switch (verb) {
      case 'insert':
        // "insert 20" is a 20 note; "insert 0x64" names the escrow code.
        unit.insert(arg?.startsWith('0x') ? { code: number(arg, 'insert') } : number(arg, 'insert'));
        break;
      case 'reject':
        unit.rejectNote(number(arg ?? '0x77', 'reject'));
        break;
      case 'jam':
        if (arg !== 'acceptor' && arg !== 'stacker') throw new Error('jam needs acceptor or stacker');
        unit.jam(arg);
        break;
      case 'clear-jam':
        unit.clearJam();
        break;
      case 'stacker-open':
      case 'stacker-close':
        unit.setStackerOpen(verb === 'stacker-open');
        break;
      case 'stacker-full':
      case 'stacker-emptied':
        unit.setStackerFull(verb === 'stacker-full');
        break;
      case 'cheat':
        unit.cheat();
        break;
      case 'fail':
        unit.fail(number(arg ?? '0xa2', 'fail'));
        break;
      case 'pause':
        unit.pause(onOff(arg));
        break;
      case 'hold-stacking':
        unit.holdStacking(onOff(arg));
        break;
      case 'lose-ack':
        unit.loseAck();
        break;
      case 'power-cycle':
        unit.powerCycle();
        break;
      case 'garbage':
        wire.garbage();
        break;
      case 'corrupt-crc':
        wire.corruptCrc();
        break;
      case 'mute':
        wire.mute(onOff(arg));
        break;
      case 'status':
        return `status ${JSON.stringify(unit.view())}`;
      case undefined:
      case '':
        return '';
      default:
        return `error unknown control "${verb}"; controls: ${ID003_CONTROL_COMMANDS.join(', ')}`;
    }
    return `ok ${line.trim()}`;
  } catch (error) {
    return `error ${error instanceof Error ? error.message : String(error)}`;
  }
}
