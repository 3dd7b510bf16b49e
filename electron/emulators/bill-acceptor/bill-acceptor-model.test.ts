import { describe, expect, it } from 'vitest';
import { BillAcceptorSlave } from './bill-acceptor-model.ts';
import { DEV_FIXED_KEY_HEX, type SlaveOptions } from './bill-acceptor-unit.ts';
import { ScriptedHost, pollEvents, scriptedRig } from './scripted-essp-host.ts';

const bytes = (text: string) => text.split(/\s+/).map((h) => parseInt(h, 16));

const rig = scriptedRig;
const readyRig = (options: Partial<SlaveOptions> = {}) => scriptedRig(options).ready();

describe('the modelled unit on the wire (GA138 packet examples)', () => {
  it('answers the manual SYNC frame 7F 80 01 11 65 82 with 7F 80 01 F0 23 80', () => {
    const { host } = rig({}, { negotiate: false });
    expect(host.wire(bytes('7F 80 01 11 65 82'))).toEqual(bytes('7F 80 01 F0 23 80'));
  });

  it('takes the manual SET_GENERATOR and SET_MODULUS frames and refuses a generator that is not prime', () => {
    const slave = new BillAcceptorSlave({ fixedKeyHex: DEV_FIXED_KEY_HEX });
    const host = new ScriptedHost(slave, DEV_FIXED_KEY_HEX);
    // Straight after power-up no sequence flag is remembered, so the manual's frame (flag set) is new.
    expect(host.wire(bytes('7F 80 09 4A C5 05 8F 3A 00 00 00 00 B2 73'))).toEqual(bytes('7F 80 01 F0 23 80'));
    host.seq = 0x80;
    expect(host.send([0x4b, 0x8d, 0xa6, 0x13, 0, 0, 0, 0, 0]).reply).toEqual([0xf0]);
    expect(host.send([0x4a, 0x10, 0, 0, 0, 0, 0, 0, 0]).reply).toEqual([0xf4]); // 16 is not prime
    expect(host.send([0x4a, 0x10, 0, 0]).reply).toEqual([0xf3]);
  });

  it('REQUEST_KEY_EXCHANGE before the generator and modulus are set FAILs', () => {
    const { host } = rig({}, { negotiate: false });
    expect(host.send([0x4c, 0x79, 0xc8, 0x9c, 0xe2, 0xde, 0x06, 0, 0]).reply).toEqual([0xf8]);
  });

  it('drops a frame with a wrong CRC and answers the next good one', () => {
    const { host } = rig({}, { negotiate: false });
    expect(host.wire(bytes('7F 80 01 11 65 83'))).toEqual([]);
    expect(host.wire(bytes('7F 80 01 11 65 82'))).toEqual(bytes('7F 80 01 F0 23 80'));
  });

  it('a retransmission (same sequence flag) gets the same reply bytes and is not executed again', () => {
    const { host, later, slave } = readyRig();
    slave.insert(2);
    later(500);
    const first = host.send([0x56]);
    expect(pollEvents(first.reply)).toContain('EF:2');
    expect(host.resend(first)).toEqual(first.wireIn);
    // Not executed twice: the note is still in escrow, and the next new poll accepts it.
    expect(slave.status().note).toMatchObject({ stage: 'escrow' });
    expect(host.send([0x56]).reply).toEqual([0xf0, 0xcc]);
  });
});

describe('eSSP as the unit enforces it', () => {
  it('with encryption forced, everything but the key set-up gets KEY NOT SET in clear', () => {
    const { host } = rig({}, { negotiate: false });
    expect(host.send([0x06, 7]).reply).toEqual([0xfa]);
    expect(host.send([0x56]).reply).toEqual([0xfa]);
    host.negotiate();
    expect(host.send([0x0c], { encrypt: false }).reply).toEqual([0xfa]);
    expect(host.send([0x0c]).reply).toEqual([0xf0, 0x00, 0xc0, 0xff, 0xee]);
  });

  it('with encryption optional, clear commands work but POLL_WITH_ACK and EVENT_ACK must be encrypted', () => {
    const { host } = rig({ encryption: 'optional' }, { negotiate: false });
    expect(host.send([0x0c]).reply).toEqual([0xf0, 0x00, 0xc0, 0xff, 0xee]);
    expect(host.send([0x56]).reply).toEqual([0xfa]);
    host.negotiate();
    expect(host.send([0x56], { encrypt: false }).reply).toEqual([0xf4]);
    expect(host.send([0x57]).encrypted).toBe(true);
  });

  it('eCOUNT steps once per command/reply pair: the reply carries the command count plus one', () => {
    const { host } = rig();
    const first = host.send([0x0c]);
    expect(first.replyCount).toBe(1);
    expect(host.send([0x0c]).replyCount).toBe(2);
    // A host counting twice per exchange (the literal reading of GA138) is one ahead: no answer at all.
    expect(host.send([0x0c], { count: host.count + 1 }).reply).toBeNull();
    // Nothing was accepted: the retry (same sequence flag) with the right count is answered.
    expect(host.send([0x0c], { seq: 'same' }).replyCount).toBe(3);
  });

  it('a new key exchange starts the count at 0 again', () => {
    const { host, slave } = rig();
    host.send([0x0c]);
    host.send([0x0c]);
    host.negotiate();
    expect(slave.status().eCount).toBe(0);
    expect(host.send([0x0c]).replyCount).toBe(1);
  });

  it('a wrong fixed key: KEY NOT SET, then out of service (even for a new key exchange) until RESET', () => {
    const { host, slave } = rig({}, { negotiate: false });
    host.negotiate('1111222233334444');
    expect(host.send([0x0c]).reply).toEqual([0xfa]);
    expect(slave.status()).toMatchObject({ outOfService: true, enabled: false });
    expect(host.send([0x4a, 0xc5, 0x05, 0x8f, 0x3a, 0, 0, 0, 0], { encrypt: false }).reply).toEqual([0xfa]);
    expect(host.send([0x01], { encrypt: false }).reply).toEqual([0xf0]);
    expect(slave.status().outOfService).toBe(false);
    host.sync();
    host.negotiate(DEV_FIXED_KEY_HEX);
    expect(pollEvents(host.send([0x07]).reply)).toEqual(['F1', 'E8']);
  });

  it('an encrypted packet before any key exchange gets KEY NOT SET', () => {
    const { host } = rig({}, { negotiate: false });
    host.key = Buffer.alloc(16, 1);
    expect(host.send([0x07]).reply).toEqual([0xfa]);
  });
});

describe('start-up', () => {
  it('reports SLAVE_RESET once and INITIALISING to every POLL_WITH_ACK until start-up ends and it is acknowledged', () => {
    const { host, later, poll, ack } = rig();
    expect(host.send([0x06, 7]).reply).toEqual([0xf0]);
    expect(poll()).toEqual(['F1', 'B6', 'E8']);
    ack();
    later(400);
    expect(poll()).toEqual(['B6', 'E8']); // still starting: the ACK does not end it
    later(700);
    expect(poll()).toEqual(['B6', 'E8']); // started, but not yet acknowledged
    ack();
    expect(poll()).toEqual(['E8']);
  });

  it('a plain POLL never shows INITIALISING, and a host on protocol 6 never sees it', () => {
    const { host, later, poll } = rig();
    expect(pollEvents(host.send([0x07]).reply)).toEqual(['F1', 'E8']);
    expect(poll()).toEqual(['E8']);
    later(1_000);
    expect(poll()).toEqual(['E8']);
  });

  it('HOST_PROTOCOL_VERSION: OK up to the unit’s version, FAIL above it', () => {
    const { host } = rig();
    expect(host.send([0x06, 8]).reply).toEqual([0xf8]);
    expect(host.send([0x06]).reply).toEqual([0xf3]);
    expect(host.send([0x06, 7]).reply).toEqual([0xf0]);
  });
});

describe('commands and their generic replies', () => {
  it('SETUP_REQUEST at protocol 7 has the expanded layout: country and 4-byte value per channel', () => {
    const { host } = rig();
    host.send([0x06, 7]);
    const r = host.send([0x05]).reply!;
    const n = 7;
    expect(r.slice(0, 2)).toEqual([0xf0, 0x00]);
    expect(String.fromCharCode(...r.slice(2, 6))).toBe('0410');
    expect(String.fromCharCode(...r.slice(6, 9))).toBe('EUR');
    expect(r[12]).toBe(n);
    expect(r.slice(13 + 2 * n, 16 + 2 * n)).toEqual([0, 0, 100]); // real value multiplier
    expect(r[16 + 2 * n]).toBe(7);
    expect(String.fromCharCode(...r.slice(17 + 2 * n, 20 + 2 * n))).toBe('EUR');
    const values = Array.from({ length: n }, (_, c) => {
      const at = 17 + 5 * n + 4 * c;
      return r[at]! | (r[at + 1]! << 8) | (r[at + 2]! << 16) | (r[at + 3]! << 24);
    });
    expect(values).toEqual([5, 10, 20, 50, 100, 200, 500]);
    expect(r.length).toBe(17 + 9 * n);
  });

  it('SETUP_REQUEST below protocol 6 stops after the protocol byte; UNIT_DATA as GA138 lays it out', () => {
    const { host } = rig({ channelsMajor: [5, 10, 20] });
    host.send([0x06, 5]);
    expect(host.send([0x05]).reply).toEqual([
      0xf0, 0x00, 0x30, 0x34, 0x31, 0x30, 0x45, 0x55, 0x52, 0, 0, 1, 3, 5, 10, 20, 2, 2, 2, 0, 0, 100, 5,
    ]);
    expect(host.send([0x0d]).reply).toEqual([0xf0, 0x00, 0x30, 0x34, 0x31, 0x30, 0x45, 0x55, 0x52, 1, 0, 0, 5]);
    expect(host.send([0x0e]).reply).toEqual([0xf0, 3, 5, 10, 20]);
  });

  it('GET_COUNTERS (NV9USB) keeps its counts over a power cycle until RESET_COUNTERS', () => {
    const r = scriptedRig({ product: 'NV9USB' }).ready();
    r.slave.insert(1);
    r.later(400);
    r.poll();
    r.poll();
    r.later(1_200);
    r.poll();
    r.ack();
    const stacked = () => r.host.send([0x58]).reply!.slice(2, 6);
    expect(stacked()).toEqual([1, 0, 0, 0]);
    r.slave.powerCycle();
    r.host.sync();
    r.host.negotiate();
    expect(stacked()).toEqual([1, 0, 0, 0]);
    expect(r.host.send([0x59]).reply).toEqual([0xf0]);
    expect(stacked()).toEqual([0, 0, 0, 0]);
  });

  it('answers unknown commands 0xF2, wrong parameter counts 0xF3, and commands of the other product 0xF2', () => {
    const { host } = rig();
    expect(host.send([0x99]).reply).toEqual([0xf2]);
    expect(host.send([0x02]).reply).toEqual([0xf3]);
    expect(host.send([0x0a, 1]).reply).toEqual([0xf3]);
    expect(host.send([0x4f]).reply).toEqual([0xf0, 0x00, 20, 0]);
    expect(host.send([0x58]).reply).toEqual([0xf2]); // GET_COUNTERS is an NV9USB command
    const nv9 = rig({ product: 'NV9USB' });
    expect(nv9.host.send([0x4f]).reply).toEqual([0xf2]);
    expect(nv9.host.send([0x58]).reply![1]).toBe(5);
    expect(() => nv9.slave.setCashboxOut(true)).toThrow(/NV9USB does not report/);
  });

  it('HOLD without a note in escrow FAILs; REJECT without one cannot be processed', () => {
    const { host } = readyRig();
    expect(host.send([0x18]).reply).toEqual([0xf8]);
    expect(host.send([0x08]).reply).toEqual([0xf5]);
  });

  it('RESET: OK, then the unit starts again without its key', () => {
    const { host, slave } = readyRig();
    expect(host.send([0x01]).reply).toEqual([0xf0]);
    expect(slave.status()).toMatchObject({ encrypted: false, enabled: false, initialising: true });
    expect(host.send([0x0c]).reply).toEqual([0xfa]);
  });
});
