import { afterEach, describe, expect, it } from 'vitest';
import { BillAcceptorSlave } from '../../emulators/bill-acceptor/bill-acceptor-model.ts';
import { BillAcceptorDriver, validateConfig } from './bill-acceptor-driver.ts';
import type { SerialLinkOpener } from '../serial/serial-link.ts';
import type { DevicePort } from '../../core/cabinet/cabinet-api.ts';
import { memoryStore } from './note-tracker.ts';
import { fakeCabinet, inMemoryLine, morePolls, until, type FakeCabinet } from '../../testing/bill-acceptor-harness.ts';
import { crashAfterFirstCredit } from '../../testing/host-crash.ts';

const KEY = '9A3F04C27E51B8D6';
const drivers: BillAcceptorDriver[] = [];
const cabinets: FakeCabinet[] = [];

/** A fake cabinet whose every reported status is checked for its code after the test. */
function watched(cabinet: FakeCabinet): FakeCabinet {
  cabinets.push(cabinet);
  return cabinet;
}

function rig(
  options: { enabledChannels?: number[]; store?: ReturnType<typeof memoryStore>; cabinet?: FakeCabinet } = {},
) {
  const slave = new BillAcceptorSlave({ fixedKeyHex: KEY, escrowTimeoutMs: 10_000 });
  const line = inMemoryLine(slave);
  const cabinet = watched(options.cabinet ?? fakeCabinet());
  const store = options.store ?? memoryStore();
  const make = (host: { open: SerialLinkOpener; cabinet: DevicePort } = { open: line.open, cabinet }) => {
    const driver = new BillAcceptorDriver({
      portPath: '/dev/in-memory',
      cabinet: host.cabinet,
      open: host.open,
      store,
      config: { fixedKeyHex: KEY, pollIntervalMs: 200, enabledChannels: options.enabledChannels, replyTimeoutMs: 100 },
    });
    drivers.push(driver);
    return driver;
  };
  return { slave, line, cabinet, store, make };
}

afterEach(async () => {
  await Promise.all(drivers.splice(0).map((d) => d.stop()));
  // Every status the driver reported in the run carries a code the screens word, not only its words.
  for (const status of cabinets.splice(0).flatMap((c) => c.devices)) {
    expect(status.detailCode?.code ?? 'none', status.detail).not.toBe('none');
  }
});

const conditions = (...list: string[]) => ({ code: 'acceptor-conditions', conditions: list });

describe('bill acceptor driver (docs/protocols/essp.md#credit-rules)', () => {
  it('learns channel values from SETUP_REQUEST and credits a stacked note exactly once', async () => {
    const { slave, cabinet, make } = rig();
    const driver = make();
    await driver.start();
    await until(() => driver.status().health === 'healthy' && slave.status().enabled === true, 'enabled');
    expect(driver.setup()?.channelValuesMinor).toEqual([500, 1000, 2000, 5000, 10000, 20000, 50000]);
    const healths = cabinet.devices.map((d) => d.health);
    expect(healths.indexOf('connected')).toBeGreaterThanOrEqual(0); // key exchanged, before the first poll
    expect(healths.indexOf('healthy')).toBeGreaterThan(healths.indexOf('connected'));
    slave.insert(3);
    await until(() => cabinet.credits.length === 1 && slave.status().unacked === 0, 'credit acknowledged');
    expect(cabinet.credits[0]).toMatchObject({ valueMinor: 2000, channel: 3 });
    expect(cabinet.credits[0]!.eventKey).toMatch(/^bill:\d+:[0-9a-f]{12}:1$/);
    expect(slave.status().encrypted).toBe(true);
  });

  it('rejects a note that would break the credit limit, and a channel the venue disabled', async () => {
    const { slave, cabinet, make } = rig({ enabledChannels: [1, 2, 3, 4, 5] });
    cabinet.creditLimitMinor = 1500;
    const driver = make();
    await driver.start();
    await until(() => slave.status().enabled === true, 'enabled');
    slave.insert(3); // 20.00 > limit 15.00
    slave.insert(6); // channel 6 disabled by venue (inhibited at the acceptor too)
    slave.insert(2); // 10.00 fits
    await until(() => slave.status().returned === 2 && cabinet.credits.length === 1, 'two returned, one credited');
    expect(cabinet.credits.map((c) => c.valueMinor)).toEqual([1000]);
  });

  it('keeps exactly one credit through corrupted CRCs, dropped bytes, garbage and lost acknowledgements', async () => {
    const { slave, line, cabinet, make } = rig();
    const driver = make();
    await driver.start();
    await until(() => slave.status().enabled === true, 'enabled');
    for (let i = 0; i < 4; i++) {
      slave.insert(1 + i);
      line.inject(i % 2 ? 'crc' : 'drop');
      line.inject('garbage');
      if (i % 2 === 1) slave.loseAck(); // the credit repeats until an EVENT_ACK gets through
      await until(() => cabinet.credits.length === i + 1 && slave.status().unacked === 0, `credit ${i + 1}`);
    }
    await morePolls(driver.metrics, 3, 'polls for ghost repeats');
    expect(cabinet.credits.map((c) => c.valueMinor)).toEqual([500, 1000, 2000, 5000]);
    expect(new Set(cabinet.credits.map((c) => c.eventKey)).size).toBe(4);
    expect(driver.metrics.duplicateCredits).toBeGreaterThan(0);
  });

  it('a host crash after the credit commit and before EVENT_ACK does not credit twice', async () => {
    const { slave, line, cabinet, store, make } = rig();
    const host = crashAfterFirstCredit(line.open, cabinet);
    const first = make(host);
    await first.start();
    await until(() => slave.status().enabled === true, 'enabled');
    slave.insert(4);
    await until(() => host.crashed, 'crash point reached');
    expect(cabinet.credits).toHaveLength(1);
    expect(slave.status().unacked).toBe(1); // the acceptor still holds the un-ACKed credit
    await first.stop();
    const second = make();
    expect(store.state?.note?.stage).toBe('credited');
    await second.start();
    await until(() => slave.status().unacked === 0, 'repeat acknowledged by the new host');
    expect(cabinet.credits).toHaveLength(1);
    expect(second.metrics.duplicateCredits).toBeGreaterThan(0);
  });

  it('a jam, a full stacker, a removed cashbox and a fraud attempt raise faults; clearing reports healthy', async () => {
    const { slave, cabinet, make } = rig();
    const driver = make();
    await driver.start();
    await until(() => slave.status().enabled === true, 'enabled');
    slave.jam('safe');
    await until(() => driver.status().health === 'fault', 'jam fault');
    expect(driver.status().detailCode).toEqual(conditions('safe-jam'));
    await until(() => slave.status().enabled === false, 'disabled while jammed');
    slave.clearJam();
    await until(() => driver.status().health === 'healthy', 'jam cleared');
    slave.setStackerFull(true);
    slave.setCashboxOut(true);
    await until(() => cabinet.faults.length === 3, 'stacker and cashbox faults');
    await until(() => driver.status().detailCode?.code === 'acceptor-conditions', 'coded');
    expect(cabinet.devices.map((d) => d.detailCode)).toContainEqual(conditions('stacker-full', 'cashbox-removed'));
    slave.setStackerFull(false);
    slave.setCashboxOut(false);
    await until(() => driver.status().health === 'healthy', 'stacker emptied, cashbox in');
    slave.fraud();
    await until(() => cabinet.faults.length === 4, 'fraud fault');
    expect(cabinet.faults.map((f) => JSON.stringify(f)).join('\n')).toMatch(
      /jam[\s\S]*stacker-full[\s\S]*cashbox-removed[\s\S]*fraud/,
    );
    expect(driver.status().health).toBe('fault'); // fraud is latched until the acceptor resets
    expect(driver.status().detailCode).toEqual(conditions('fraud'));
    slave.powerCycle();
    await until(() => driver.status().health === 'healthy', 'reset clears fraud');
  });

  it('power loss while stacking credits the note once (cleared into cashbox); in escrow it comes back', async () => {
    const { slave, cabinet, make } = rig();
    const driver = make();
    await driver.start();
    await until(() => slave.status().enabled === true, 'enabled');
    slave.insert(2);
    await until(() => (slave.status().note as { stage?: string } | null)?.stage === 'stacking', 'stacking');
    slave.powerCycle();
    await until(() => cabinet.credits.length === 1 && slave.status().unacked === 0, 'cleared into cashbox credited');
    await until(() => slave.status().enabled === true, 're-enabled after power-up');
    slave.insert(5);
    await until(() => (slave.status().note as { stage?: string } | null)?.stage === 'escrow', 'escrow');
    slave.powerCycle();
    await until(() => slave.status().returned === 1, 'returned from the front');
    await morePolls(driver.metrics, 3, 'polls after the power-up');
    expect(cabinet.credits.map((c) => c.valueMinor)).toEqual([1000]);
  });

  it('disables the acceptor while a round is being settled or the cabinet is tilted', async () => {
    const { slave, cabinet, make } = rig();
    const driver = make();
    await driver.start();
    await until(() => slave.status().enabled === true, 'enabled');
    cabinet.setPhase('locked');
    await until(() => slave.status().enabled === false, 'disabled while locked');
    cabinet.setPhase('idle');
    await until(() => slave.status().enabled === true, 'enabled when idle');
    cabinet.setTilts([
      { kind: 'door-open', source: 'door', reasonCode: { code: 'door-is-open' }, clearedBy: 'door-closed', since: '' },
    ]);
    await until(() => slave.status().enabled === false, 'disabled while tilted');
  });

  it('a wrong fixed key is reported as such and no note is ever enabled', async () => {
    const slave = new BillAcceptorSlave({ fixedKeyHex: '1111222233334444' });
    const line = inMemoryLine(slave);
    const cabinet = watched(fakeCabinet());
    const driver = new BillAcceptorDriver({
      portPath: '/dev/in-memory',
      cabinet,
      open: line.open,
      config: { fixedKeyHex: KEY, pollIntervalMs: 200, replyTimeoutMs: 50, backoff: { initialMs: 50, maxMs: 200 } },
    });
    drivers.push(driver);
    await driver.start();
    await until(
      () => driver.status().health === 'fault' && /fixed key does not match/.test(driver.status().detail),
      'key error',
    );
    expect(cabinet.faults.filter((f) => JSON.stringify(f).includes('key-mismatch'))).toHaveLength(1);
    expect(driver.status().detailCode).toMatchObject(conditions('key-mismatch'));
    expect(slave.status().enabled).toBe(false);
    expect(cabinet.devices.some((d) => d.health === 'healthy')).toBe(false);
  });

  it('an acceptor whose channels match nothing the venue accepts raises a fault instead of silently taking nothing', async () => {
    const { slave, cabinet, make } = rig({ enabledChannels: [12] });
    const driver = make();
    await driver.start();
    await until(() => cabinet.faults.some((f) => JSON.stringify(f).includes('no-channels')), 'no-channels fault');
    expect(driver.status().health).toBe('fault');
    expect(driver.status().detailCode).toEqual(conditions('no-channels'));
    expect(slave.status().enabled).toBe(false);
  });

  it('a note whose escrow cannot be written down is rejected, never stacked unrecorded', async () => {
    const store = memoryStore();
    const failing = {
      load: store.load,
      save: (state: Parameters<typeof store.save>[0]) => {
        if (state.note?.stage === 'escrow') throw new Error('ENOSPC: no space left on device');
        store.save(state);
      },
    };
    const { slave, cabinet, make } = rig({ store: failing as ReturnType<typeof memoryStore> });
    const driver = make();
    await driver.start();
    await until(() => slave.status().enabled === true, 'enabled');
    slave.insert(2);
    await until(() => slave.status().returned === 1, 'returned');
    expect(cabinet.credits).toEqual([]);
  });

  it('a listener that throws does not stop the driver: the note is still credited and acknowledged', async () => {
    const { slave, cabinet, make } = rig();
    const driver = make();
    const seen: string[] = [];
    driver.onEvent(() => {
      throw new Error('a bug in the event log listener');
    });
    driver.onEvent((event) => seen.push(event.type));
    await driver.start();
    await until(() => slave.status().enabled === true, 'enabled');
    slave.insert(1);
    await until(() => cabinet.credits.length === 1 && slave.status().unacked === 0, 'credit acknowledged');
    expect(seen).toContain('credit');
    expect(driver.status().health).toBe('healthy');
  });

  it('refuses a bad configuration with a clear message', () => {
    expect(() => validateConfig({ fixedKeyHex: 'xyz' })).toThrow(/16 hexadecimal/);
    expect(() => validateConfig({ fixedKeyHex: KEY, pollIntervalMs: 100 })).toThrow(/200 to 5000/);
    expect(() => validateConfig({ fixedKeyHex: KEY, enabledChannels: [0] })).toThrow(/1 to 16/);
    expect(() => validateConfig({ fixedKeyHex: KEY, replyTimeoutMs: 0 })).toThrow(
      'replyTimeoutMs must be a whole number from 20 to 5000, got 0',
    );
    expect(() => validateConfig({ fixedKeyHex: KEY, replyTimeoutMs: 250.5 })).toThrow(/replyTimeoutMs/);
    expect(() => validateConfig({ fixedKeyHex: KEY, attempts: 0 })).toThrow(
      'attempts must be a whole number from 1 to 20, got 0',
    );
    expect(() => validateConfig({ fixedKeyHex: KEY, attempts: 21 })).toThrow(/1 to 20/);
  });

  it("takes GA973's reply timeout and sends when the venue sets none, and a venue's own values in range", () => {
    expect(validateConfig({ fixedKeyHex: KEY })).toMatchObject({ replyTimeoutMs: 1000, attempts: 3 });
    expect(validateConfig({ fixedKeyHex: KEY, replyTimeoutMs: 20, attempts: 20 })).toMatchObject({
      replyTimeoutMs: 20,
      attempts: 20,
    });
  });
});
