/**
 * How an emulator answers a control line: "ok <line>" when the control ran, its own answer when it has one,
 * "error <why>" when it refused, the list of controls for an unknown word, nothing for an empty line.
 */
import { describe, expect, it } from 'vitest';
import { answerControlLine, onOff, type ControlTable } from './control-lines.ts';

function rig() {
  const ran: Array<string | undefined> = [];
  const controls: ControlTable = {
    insert: (arg) => void ran.push(arg),
    mute: (arg) => void ran.push(String(onOff(arg))),
    status: () => 'status {"idle":true}',
  };
  const answer = (line: string) => answerControlLine(line, controls, (verb) => `error unknown "${verb}"`);
  return { ran, answer };
}

describe('control lines', () => {
  it('runs the control named by the first word with the second as its argument', () => {
    const { ran, answer } = rig();
    expect(answer('  insert   20  ')).toBe('ok insert   20');
    expect(ran).toEqual(['20']);
  });

  it("answers with the control's own answer when it has one", () => {
    expect(rig().answer('status')).toBe('status {"idle":true}');
  });

  it('says why a control refused, and runs nothing else', () => {
    const { ran, answer } = rig();
    expect(answer('mute maybe')).toBe('error say on or off');
    expect(ran).toEqual([]);
  });

  it('lists the controls for an unknown word, also for names of object properties', () => {
    const { answer } = rig();
    expect(answer('dance')).toBe('error unknown "dance"');
    expect(answer('toString')).toBe('error unknown "toString"');
  });

  it('answers nothing to an empty line', () => {
    expect(rig().answer('   ')).toBe('');
  });
});
