import { describe, expect, it } from 'vitest';
import { applyControlLine, CONTROL_COMMANDS, type WireFaults } from './bill-acceptor-controls.ts';
import { BillAcceptorSlave } from './bill-acceptor-model.ts';
import { DEV_FIXED_KEY_HEX } from './bill-acceptor-unit.ts';

function wire() {
  const calls: string[] = [];
  const faults: WireFaults = {
    garbage: () => void calls.push('garbage'),
    corruptCrc: () => void calls.push('corrupt-crc'),
    dropBytes: () => void calls.push('drop-bytes'),
    mute: (on) => void calls.push(`mute ${on}`),
  };
  return { calls, faults };
}

describe('bill acceptor emulator control lines', () => {
  it('answers ok, error or status, and sends line faults to the wire', () => {
    const slave = new BillAcceptorSlave({ fixedKeyHex: DEV_FIXED_KEY_HEX });
    const { calls, faults } = wire();
    expect(applyControlLine('insert 3', slave, faults)).toBe('ok insert 3');
    expect(applyControlLine('insert 99', slave, faults)).toBe('error channel must be 1..7');
    expect(applyControlLine('  ', slave, faults)).toBe('');
    expect(applyControlLine('bogus', slave, faults)).toMatch(
      /^error unknown command "bogus"; commands: insert <channel>/,
    );
    for (const line of ['garbage', 'corrupt-crc', 'drop-bytes', 'mute on', 'mute off'])
      expect(applyControlLine(line, slave, faults)).toBe(`ok ${line}`);
    expect(calls).toEqual(['garbage', 'corrupt-crc', 'drop-bytes', 'mute true', 'mute false']);
    applyControlLine('stacker-full', slave, faults);
    const status = JSON.parse(applyControlLine('status', slave, faults).replace(/^status /, '')) as Record<
      string,
      unknown
    >;
    expect(status).toMatchObject({ queued: [3], stackerFull: true, enabled: false });
  });

  it('every documented command is understood', () => {
    const slave = new BillAcceptorSlave({ fixedKeyHex: DEV_FIXED_KEY_HEX });
    for (const command of CONTROL_COMMANDS) {
      const line = command.replace('<channel>', '1').replace('<on|off>', 'on').replace('[reject-code]', '2');
      expect(applyControlLine(line, slave, wire().faults)).not.toMatch(/^error/);
    }
  });
});

describe('control lines reach the model', () => {
  it('the new fault lines: an unrecognised note, the note path opened and closed', () => {
    const slave = new BillAcceptorSlave({ fixedKeyHex: DEV_FIXED_KEY_HEX });
    const { faults } = wire();
    expect(applyControlLine('insert-invalid 4', slave, faults)).toBe('ok insert-invalid 4');
    expect(applyControlLine('insert-invalid 99', slave, faults)).toBe('error reject code must be 1..31');
    expect(applyControlLine('path-open', slave, faults)).toBe('ok path-open');
    expect(slave.status()).toMatchObject({ pathOpen: true, queued: [0] });
    expect(applyControlLine('path-closed', slave, faults)).toBe('ok path-closed');
    expect(slave.status().pathOpen).toBe(false);
  });

  it('an NV9USB refuses the faults it has no event for', () => {
    const slave = new BillAcceptorSlave({ fixedKeyHex: DEV_FIXED_KEY_HEX, product: 'NV9USB' });
    expect(applyControlLine('cashbox-out', slave, wire().faults)).toBe(
      'error an NV9USB does not report cashbox removed / replaced',
    );
  });
});
