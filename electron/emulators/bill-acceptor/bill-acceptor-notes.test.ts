import { describe, expect, it } from 'vitest';
import { pollEvents, scriptedRig } from './scripted-essp-host.ts';
import type { SlaveOptions } from './bill-acceptor-unit.ts';

const ready = (options: Partial<SlaveOptions> = {}) => scriptedRig(options).ready();
const lastRejectCode = (r: ReturnType<typeof ready>) => r.host.send([0x17]).reply;

describe('a note through the unit (GA973 accept, hold and reject flows)', () => {
  it('read, escrow, accepted by the next poll, credited while stacking, stacked', () => {
    const { slave, poll, later, ack } = ready();
    slave.insert(3);
    expect(poll()).toEqual(['EF:0']);
    later(400);
    expect(poll()).toEqual(['EF:3']);
    expect(poll()).toEqual(['CC']); // the poll after READ ch accepts the note
    later(600);
    expect(poll()).toEqual(['EE:3', 'CC']);
    expect(poll()).toEqual(['EE:3', 'CC']); // repeated until EVENT_ACK
    ack();
    expect(poll()).toEqual(['CC']);
    later(600);
    expect(poll()).toEqual(['EB']);
    expect(poll()).toEqual([]);
    expect(slave.status()).toMatchObject({ credits: 1, stacked: 1, note: null, unacked: 0 });
  });

  it('an unacknowledged credit holds the next note at the bezel', () => {
    const { slave, poll, later, ack } = ready();
    slave.insert(1);
    later(400);
    poll();
    poll();
    later(1_200);
    expect(poll()).toEqual(['EE:1', 'EB']);
    slave.insert(2);
    later(5_000);
    expect(poll()).toEqual(['EE:1']);
    expect(slave.status()).toMatchObject({ queued: [2], note: null });
    ack();
    expect(poll()).toEqual(['EF:0']);
  });

  it('HOLD (or any command but a poll) keeps the note in escrow past the time-out; a poll then accepts it', () => {
    const { slave, host, poll, later } = ready({ escrowTimeoutMs: 10_000 });
    slave.insert(2);
    later(400);
    expect(poll()).toEqual(['EF:2']);
    for (let i = 0; i < 4; i++) {
      later(9_000);
      expect(host.send([0x18]).reply).toEqual([0xf0]);
    }
    later(9_000);
    expect(host.send([0x0c]).reply![0]).toBe(0xf0); // GET_SERIAL_NUMBER holds it as well
    later(9_000);
    expect(poll()).toEqual(['CC']);
  });

  it('no command within the escrow time-out: the note is handed back with reject code 0x13', () => {
    const r = ready({ escrowTimeoutMs: 10_000 });
    r.slave.insert(2);
    r.later(400);
    expect(r.poll()).toEqual(['EF:2']);
    r.later(10_001);
    expect(r.poll()).toEqual(['ED']);
    r.later(800);
    expect(r.poll()).toEqual(['EC']);
    expect(lastRejectCode(r)).toEqual([0xf0, 0x13]);
    expect(r.slave.status()).toMatchObject({ credits: 0, returned: 1 });
  });

  it('REJECT in escrow: rejecting, rejected, reject code 0x08', () => {
    const r = ready();
    r.slave.insert(4);
    r.later(400);
    r.poll();
    expect(r.host.send([0x08]).reply).toEqual([0xf0]);
    expect(r.poll()).toEqual(['ED']);
    r.later(800);
    expect(r.poll()).toEqual(['EC']);
    expect(lastRejectCode(r)).toEqual([0xf0, 0x08]);
  });

  it('a note of a channel the host inhibited is read and handed back with reject code 0x0C', () => {
    const r = ready();
    expect(r.host.send([0x02, 0b0001_1111, 0]).reply).toEqual([0xf0]); // channels 1–5 open
    r.slave.insert(6);
    r.later(400);
    expect(r.poll()).toEqual(['ED']);
    r.later(800);
    expect(r.poll()).toEqual(['EC']);
    expect(lastRejectCode(r)).toEqual([0xf0, 0x0c]);
  });

  it('a note the unit does not recognise is handed back with the reject code it was given', () => {
    const r = ready();
    r.slave.insertInvalid(0x04);
    r.later(400);
    expect(r.poll()).toEqual(['ED']);
    expect(lastRejectCode(r)).toEqual([0xf0, 0x04]);
  });

  it('a disabled unit leaves the note at the bezel and reports DISABLED on every poll', () => {
    const r = ready();
    expect(r.host.send([0x09]).reply).toEqual([0xf0]);
    r.slave.insert(1);
    r.later(5_000);
    expect(r.poll()).toEqual(['E8']);
    expect(r.poll()).toEqual(['E8']);
    expect(r.slave.status()).toMatchObject({ queued: [1], note: null });
  });

  it('all channels inhibited while enabled: CHANNEL_DISABLE once, and no note is taken', () => {
    const r = ready();
    expect(r.host.send([0x02, 0, 0]).reply).toEqual([0xf0]);
    expect(r.poll()).toEqual(['B5']);
    expect(r.poll()).toEqual([]);
    r.slave.insert(1);
    r.later(1_000);
    expect(r.poll()).toEqual([]);
  });

  it('plain POLL: the credit is reported once and needs no EVENT_ACK', () => {
    const { slave, plainPoll, later } = ready();
    slave.insert(5);
    later(400);
    plainPoll();
    plainPoll();
    later(600);
    expect(plainPoll()).toEqual(['EE:5', 'CC']);
    expect(plainPoll()).toEqual(['CC']);
    expect(slave.status().unacked).toBe(0);
  });

  it('in clear (encryption optional) a poll reply never carries the credit; an encrypted poll collects it', () => {
    const r = scriptedRig({ encryption: 'optional' }).ready();
    r.slave.insert(1);
    r.later(400);
    r.poll();
    r.poll();
    r.later(600);
    expect(r.host.send([0x07], { encrypt: false }).reply).toEqual([0xf0, 0xcc]);
    expect(r.poll()).toEqual(['EE:1', 'CC']);
  });
});

describe('faults', () => {
  it('a safe jam while stacking before the credit point: SAFE_JAM and DISABLED on every poll, no credit', () => {
    const { slave, poll, later } = ready();
    slave.insert(3);
    later(400);
    poll();
    poll();
    slave.jam('safe');
    expect(poll()).toEqual(['EA', 'E8']);
    later(5_000);
    expect(poll()).toEqual(['EA', 'E8']);
    expect(slave.status()).toMatchObject({ credits: 0, jammed: 1 });
    slave.clearJam();
    expect(poll()).toEqual([]);
  });

  it('an unsafe jam in escrow: UNSAFE_JAM, the note never credited', () => {
    const { slave, poll, later } = ready();
    slave.insert(3);
    later(400);
    poll();
    slave.jam('unsafe');
    expect(poll()).toEqual(['E9', 'E8']);
    expect(slave.status()).toMatchObject({ credits: 0, note: null });
  });

  it('stacker full, cashbox removed and note path open last while they last and stop note entry', () => {
    const { slave, poll, later } = ready();
    slave.setStackerFull(true);
    slave.setCashboxOut(true);
    slave.setPathOpen(true);
    slave.insert(1);
    later(2_000);
    expect(poll()).toEqual(['E7', 'E3', 'E0']);
    expect(poll()).toEqual(['E7', 'E3', 'E0']);
    slave.setStackerFull(false);
    slave.setPathOpen(false);
    slave.setCashboxOut(false);
    expect(poll()).toEqual(['E4', 'EF:0']);
    expect(poll()).toEqual(['EF:0']);
  });

  it('fraud on the note being read: FRAUD_ATTEMPT with its channel until acknowledged, no credit', () => {
    const { slave, poll, later, ack } = ready();
    slave.insert(2);
    later(400);
    poll();
    slave.fraud();
    expect(poll()).toEqual(['E6:2']);
    expect(poll()).toEqual(['E6:2']);
    ack();
    later(5_000);
    expect(poll()).toEqual([]);
    expect(slave.status()).toMatchObject({ credits: 0, frauds: 1 });
  });
});

describe('link-test injections', () => {
  it('duplicated events: the fresh credit twice in its reply, once more after the ACK, and no more', () => {
    const { slave, poll, later, ack } = ready();
    slave.duplicateEvents();
    slave.insert(2);
    later(400);
    poll();
    poll();
    later(600);
    expect(poll()).toEqual(['EE:2', 'CC', 'EE:2', 'CC']);
    ack();
    expect(poll()).toEqual(['EE:2', 'CC']);
    expect(poll()).toEqual(['CC']);
    expect(slave.status()).toMatchObject({ credits: 1, unacked: 0 });
  });

  it('a lost EVENT_ACK is never answered and the credit stays pending', () => {
    const { slave, host, poll, later } = ready();
    slave.insert(2);
    later(400);
    poll();
    poll();
    later(600);
    poll();
    slave.loseAck();
    expect(host.send([0x57]).reply).toBeNull();
    expect(host.send([0x57], { seq: 'same' }).reply).toBeNull();
    expect(slave.status().unacked).toBe(1);
  });
});

describe('power loss with a note in the path (GA138: cleared from the front or into the cashbox at power-up)', () => {
  const afterPowerUp = (r: ReturnType<typeof ready>) => {
    r.host.sync();
    r.host.negotiate();
    return pollEvents(r.host.send([0x56]).reply);
  };

  it('in escrow: NOTE_CLEARED_FROM_FRONT with its channel, no credit', () => {
    const r = ready();
    r.slave.insert(4);
    r.later(400);
    r.poll();
    r.slave.powerCycle();
    expect(afterPowerUp(r)).toEqual(['F1', 'E1:4', 'E8']);
    expect(r.slave.status()).toMatchObject({ credits: 0, returned: 1 });
  });

  it('being read: cleared from the front with channel 0 (not yet known)', () => {
    const r = ready();
    r.slave.insert(4);
    r.slave.powerCycle();
    expect(afterPowerUp(r)).toEqual(['F1', 'E1:0', 'E8']);
  });

  it('stacking before the credit point: NOTE_CLEARED_INTO_CASHBOX, repeated until acknowledged (its only credit)', () => {
    const r = ready();
    r.slave.insert(6);
    r.later(400);
    r.poll();
    r.poll();
    r.slave.powerCycle();
    expect(afterPowerUp(r)).toEqual(['F1', 'E2:6', 'E8']);
    expect(r.poll()).toEqual(['E2:6', 'E8']);
    r.ack();
    expect(r.poll()).toEqual(['E8']);
    expect(r.slave.status()).toMatchObject({ credits: 1 });
  });

  it('already credited: it ends in the cashbox with no further event', () => {
    const r = ready();
    r.slave.insert(6);
    r.later(400);
    r.poll();
    r.poll();
    r.later(600);
    expect(r.poll()).toEqual(['EE:6', 'CC']);
    r.slave.powerCycle();
    expect(afterPowerUp(r)).toEqual(['F1', 'E8']);
    expect(r.slave.status()).toMatchObject({ credits: 1 });
  });
});
