import { describe, expect, it } from 'vitest';
import { SEQ_FLAG } from '../../devices/serial/ssp-framing.ts';
import { Command, Reply } from '../../devices/bill-acceptor/ssp-protocol.ts';
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
      const line = command.replace('<channel>', '1').replace('<on|off>', 'on');
      expect(applyControlLine(line, slave, wire().faults)).not.toMatch(/^error/);
    }
  });
});

describe('bill acceptor model', () => {
  it('a retransmission (same sequence flag) gets the stored reply and is not executed again', () => {
    const slave = new BillAcceptorSlave({ fixedKeyHex: DEV_FIXED_KEY_HEX });
    expect(slave.handle({ seqId: SEQ_FLAG, data: Uint8Array.of(Command.SYNC) })).toEqual(Uint8Array.of(Reply.OK));
    const poll = { seqId: 0, data: Uint8Array.of(Command.POLL_WITH_ACK) };
    const first = slave.handle(poll);
    expect(first).toEqual(Uint8Array.of(Reply.KEY_NOT_SET)); // no key exchanged yet
    expect(slave.handle(poll)).toBe(first);
    expect(slave.status()).toMatchObject({ repeats: 1, rejectedCommands: 1 });
  });
});
