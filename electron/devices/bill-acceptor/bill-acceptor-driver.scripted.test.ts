/**
 * The driver against a scripted unit that follows GA138 / GA973 byte for byte (testing-scripted-unit.ts), not
 * the emulator: the eCOUNT, the order of the handshake, EVENT_ACK, poll events the parser must know, credits
 * after an acknowledgement, renegotiation during escrow and refused units (docs/protocols/essp.md).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceDetail } from '../../core/model/device-detail.ts';
import { fakeCabinet, morePolls, until, type FakeCabinet } from '../../testing/bill-acceptor-harness.ts';
import { BillAcceptorDriver } from './bill-acceptor-driver.ts';
import type { BillAcceptorConfig } from './bill-acceptor-config.ts';
import { memoryStore } from './note-tracker.ts';
import { ScriptedUnit, type ScriptedUnitOptions } from './testing-scripted-unit.ts';
import type { Wait } from './unit-refusal.ts';

const KEY_HEX = '9A3F04C27E51B8D6';
const KEY = 0x9a3f04c27e51b8d6n;
const SYNC = 0x11;
const HOST_PROTOCOL_VERSION = 0x06;
const REQUEST_KEY_EXCHANGE = 0x4c;
const SET_GENERATOR = 0x4a;
const ENABLE = 0x0a;
const POLL = 0x07;
const POLL_WITH_ACK = 0x56;
const EVENT_ACK = 0x57;
const HOLD = 0x18;
const REJECT = 0x08;

const drivers: BillAcceptorDriver[] = [];
const cabinets: { cabinet: FakeCabinet; faultCodes: (DeviceDetail | undefined)[] }[] = [];
afterEach(async () => {
  await Promise.all(drivers.splice(0).map((d) => d.stop()));
  // Whatever a run made the driver say, it said as a code the screens word, never words alone.
  for (const { cabinet, faultCodes } of cabinets.splice(0)) {
    for (const status of cabinet.devices) {
      expect(status.detailCode?.code ?? 'none', status.detail).not.toBe('none');
    }
    expect(faultCodes.filter((code) => code === undefined)).toEqual([]);
  }
});

/** The coded condition a fault or status names. */
const conditions = (...list: string[]) => expect.objectContaining({ code: 'acceptor-conditions', conditions: list });

function rig(
  unitOptions: Partial<ScriptedUnitOptions> = {},
  extra: { config?: Partial<BillAcceptorConfig>; wait?: Wait; cabinet?: FakeCabinet } = {},
) {
  const unit = new ScriptedUnit({ fixedKey: KEY, ...unitOptions });
  const cabinet = extra.cabinet ?? fakeCabinet();
  const faultCodes: (DeviceDetail | undefined)[] = [];
  const raise = cabinet.raiseFault.bind(cabinet);
  cabinet.raiseFault = (kind, source, reason) => {
    faultCodes.push(reason.code === 'device-reported' ? reason.deviceDetail : undefined);
    raise(kind, source, reason);
  };
  cabinets.push({ cabinet, faultCodes });
  const driver = new BillAcceptorDriver({
    portPath: '/dev/scripted',
    cabinet,
    open: unit.open,
    store: memoryStore(),
    wait: extra.wait,
    config: {
      fixedKeyHex: KEY_HEX,
      pollIntervalMs: 200,
      replyTimeoutMs: 60,
      backoff: { initialMs: 20, maxMs: 50 },
      ...extra.config,
    },
  });
  drivers.push(driver);
  return { unit, cabinet, driver, faultCodes };
}

/** Index of the first logged command with `code` (and optionally matching `also`), or -1. */
function firstIndex(unit: ScriptedUnit, code: number, also: (i: number) => boolean = () => true): number {
  return unit.log.findIndex((c, i) => c.code === code && !c.repeat && also(i));
}

describe('eSSP driver against a unit that follows the manual (docs/protocols/essp.md)', () => {
  it('counts eCOUNT once per exchange: every encrypted command carries the count of the reply before it', async () => {
    const { unit, cabinet, driver } = rig();
    await driver.start();
    await until(() => unit.enabled && driver.status().health === 'healthy', 'enabled after the handshake');
    unit.insert(3);
    await until(() => cabinet.credits.length === 1 && unit.acks > 0, 'credit acknowledged');
    expect(cabinet.credits[0]).toMatchObject({ valueMinor: 2000, channel: 3 });
    // Within each session (from its key exchange) the counts run 0, 1, 2… with no gaps.
    const sessionStarts = unit.log.flatMap((c, i) => (c.code === REQUEST_KEY_EXCHANGE ? [i] : []));
    for (const [n, start] of sessionStarts.entries()) {
      const end = sessionStarts[n + 1] ?? unit.log.length;
      const session = unit.log.slice(start + 1, end);
      const counts = session.filter((c) => c.encrypted && !c.repeat).map((c) => c.count);
      expect(counts).toEqual(counts.map((_, i) => i));
      // Every session polls before it enables (GA973: old events first).
      const enable = session.findIndex((c) => c.code === ENABLE);
      if (enable >= 0) expect(session.findIndex((c) => c.code === POLL_WITH_ACK)).toBeLessThan(enable);
    }
    expect(unit.commands(ENABLE).length).toBeGreaterThan(0);
    expect(cabinet.faults).toEqual([]);
  });

  it('a lost reply is asked for again with the identical packet, same count, and answered from the stored reply', async () => {
    const { unit, driver } = rig();
    await driver.start();
    await until(() => unit.enabled, 'enabled');
    const before = unit.log.length;
    unit.swallowNextReply();
    await morePolls(driver.metrics, 2);
    const repeat = unit.log.slice(before).find((c) => c.repeat);
    expect(repeat).toBeDefined();
    const original = unit.log.slice(before).find((c) => !c.repeat && c.code === repeat!.code);
    expect(repeat!.count).toBe(original!.count);
    expect(driver.status().health).toBe('healthy');
  });

  it('sets host protocol 7 encrypted, first after the key exchange, and polls before it ever enables', async () => {
    const { unit, driver } = rig({ initialisingPolls: 3 });
    await driver.start();
    await until(() => unit.enabled, 'enabled');
    const keyExchange = firstIndex(unit, REQUEST_KEY_EXCHANGE);
    const protocol = firstIndex(unit, HOST_PROTOCOL_VERSION);
    expect(protocol).toBe(keyExchange + 1);
    expect(unit.log[protocol]).toMatchObject({ encrypted: true, count: 0, data: [HOST_PROTOCOL_VERSION, 7] });
    expect(unit.log.slice(0, keyExchange).some((c) => c.code === HOST_PROTOCOL_VERSION)).toBe(false);
    // 0xB6 (initialising) is acknowledged, and ENABLE waits for the first poll without it.
    const enable = firstIndex(unit, ENABLE);
    const polls = unit.log.slice(0, enable).filter((c) => c.code === POLL_WITH_ACK && !c.repeat);
    expect(polls.length).toBeGreaterThanOrEqual(4);
    expect(unit.log.slice(0, enable).filter((c) => c.code === EVENT_ACK && !c.repeat).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a unit that will run neither protocol 7 nor 6: a device fault saying so, never enabled', async () => {
    const { unit, cabinet, driver, faultCodes } = rig({ protocols: [4, 5] });
    await driver.start();
    await until(() => cabinet.faults.some((f) => JSON.stringify(f).includes('protocol-refused')), 'protocol fault');
    expect(faultCodes).toContainEqual(conditions('protocol-refused'));
    expect(driver.status().detailCode).toEqual(conditions('protocol-refused'));
    expect(unit.commands(HOST_PROTOCOL_VERSION).map((c) => c.data)).toEqual([
      [HOST_PROTOCOL_VERSION, 7],
      [HOST_PROTOCOL_VERSION, 6],
    ]);
    expect(unit.commands(HOST_PROTOCOL_VERSION).every((c) => c.encrypted)).toBe(true);
    expect(unit.commands(ENABLE)).toEqual([]);
    expect(driver.status().health).toBe('fault');
  });

  it('refuses a unit whose SETUP_REQUEST reports protocol 5 (a note would credit a hundredth of its value)', async () => {
    const { unit, cabinet, driver, faultCodes } = rig({ setupProtocol: 5 });
    await driver.start();
    await until(
      () => cabinet.faults.some((f) => JSON.stringify(f).includes('protocol-refused')),
      'legacy protocol fault',
    );
    expect(faultCodes).toContainEqual(conditions('protocol-refused'));
    expect(unit.commands(ENABLE)).toEqual([]);
  });

  it('refuses a unit that does not know POLL_WITH_ACK, and never falls back to plain POLL', async () => {
    const { unit, cabinet, driver, faultCodes } = rig({ pollWithAck: false });
    await driver.start();
    await until(
      () => cabinet.faults.some((f) => JSON.stringify(f).includes('no-poll-with-ack')),
      'no POLL_WITH_ACK fault',
    );
    expect(faultCodes).toContainEqual(conditions('no-poll-with-ack'));
    expect(unit.commands(POLL)).toEqual([]);
    expect(unit.commands(ENABLE)).toEqual([]);
    expect(driver.status().health).toBe('fault');
  });

  it('a wrong fixed key: one device fault saying so, then growing waits, not a tight loop of key exchanges', async () => {
    const waits: number[] = [];
    // The first three waits pass at once; the fourth holds until the driver stops.
    const wait: Wait = (ms, signal) =>
      new Promise((resolve, reject) => {
        waits.push(ms);
        if (waits.length <= 3) return resolve();
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      });
    const { unit, cabinet, driver, faultCodes } = rig(
      { fixedKey: 0x1111222233334444n },
      { wait, config: { refusalBackoff: { initialMs: 1_000, maxMs: 3_000 } } },
    );
    await driver.start();
    await until(() => waits.length === 4, 'four refusals');
    expect(waits).toEqual([1_000, 2_000, 3_000, 3_000]);
    // The unit could not decrypt and went out of service (GA138): the later tries get no answer at all, and
    // each waits longer than the one before, up to the cap.
    expect(unit.outOfService).toBe(true);
    expect(unit.commands(SET_GENERATOR)).toHaveLength(1);
    expect(cabinet.faults.filter((f) => JSON.stringify(f).includes('key-mismatch'))).toHaveLength(1);
    expect(driver.status()).toMatchObject({ health: 'fault', detail: expect.stringMatching(/fixed key/) });
    expect(faultCodes).toEqual([conditions('key-mismatch')]);
    expect(driver.status().detailCode).toEqual(conditions('key-mismatch'));
    // While it is retried the link is down as well, and the status says why in its code.
    expect(cabinet.devices.some((d) => d.detailCode?.code === 'acceptor-conditions' && d.detailCode.linkDown)).toBe(
      true,
    );
    expect(unit.commands(ENABLE)).toEqual([]);
  });

  it('acknowledges a fraud attempt only after its tilt was raised', async () => {
    let faultsAtAck = -1;
    const cabinet = fakeCabinet();
    const { unit, driver, faultCodes } = rig(
      { onCommand: (c) => c.code === EVENT_ACK && (faultsAtAck = cabinet.faults.length) },
      { cabinet },
    );
    await driver.start();
    await until(() => unit.enabled, 'enabled');
    unit.poll([0xe6, 0x02]);
    await until(() => cabinet.faults.length === 1 && unit.acks > 0 && faultsAtAck >= 0, 'fraud acknowledged');
    expect(JSON.stringify(cabinet.faults[0])).toMatch(/fraud/);
    expect(faultCodes).toEqual([conditions('fraud')]);
    expect(faultsAtAck).toBe(1);
  });

  it('keeps a credit read before an unknown event, reports the code as a fault and acknowledges nothing', async () => {
    const { unit, cabinet, driver, faultCodes } = rig();
    await driver.start();
    await until(() => unit.enabled, 'enabled');
    const acksBefore = unit.acks;
    unit.poll([0xef, 0x02], false);
    unit.poll([0xcc], false);
    unit.poll([0xee, 0x02, 0x99, 0xee, 0x03], true);
    await until(
      () => cabinet.faults.some((f) => JSON.stringify(f).includes('"unknownEventCode":153')),
      'unknown event fault',
    );
    await morePolls(driver.metrics, 3);
    expect(cabinet.credits.map((c) => c.channel)).toEqual([2]);
    expect(unit.acks).toBe(acksBefore);
    expect(driver.status().health).toBe('fault');
    const unknown = { code: 'acceptor-conditions', conditions: ['unknown-event'], unknownEventCode: 0x99 };
    expect(faultCodes).toEqual([unknown]);
    expect(driver.status().detailCode).toEqual(unknown);
  });

  it('a credit after its note was acknowledged, with no new escrow, is never credited: "count the cashbox"', async () => {
    const { unit, cabinet, driver } = rig();
    await driver.start();
    await until(() => unit.enabled, 'enabled');
    unit.insert(2);
    await until(() => cabinet.credits.length === 1 && unit.acks > 0, 'first note credited and acknowledged');
    unit.poll([0xee, 0x02]);
    await until(() => cabinet.faults.length === 1, 'credit anomaly');
    expect(cabinet.faults[0]).toMatchObject({
      code: 'device-reported',
      deviceDetail: { code: 'acceptor-conditions', conditions: ['credit-anomaly'] },
    });
    expect(cabinet.credits).toHaveLength(1);
    await until(() => !unit.enabled, 'acceptor disabled by the fault');
  });

  it('renegotiating while a note is held in escrow: the first poll of the new session stacks it, credited once', async () => {
    const { unit, cabinet, driver } = rig();
    await driver.start();
    await until(() => unit.enabled, 'enabled');
    unit.insert(4);
    // The reply to HOLD comes counted wrong: the driver renegotiates with the note still held.
    unit.bumpNextReplyCountOn(HOLD);
    await until(() => cabinet.credits.length === 1 && unit.acks > 0, 'credited after the renegotiation');
    expect(unit.log.filter((c) => c.code === SYNC).length).toBeGreaterThanOrEqual(2);
    expect(cabinet.credits[0]).toMatchObject({ channel: 4, valueMinor: 5000 });
    await morePolls(driver.metrics, 3);
    expect(cabinet.credits).toHaveLength(1);
    expect(cabinet.faults).toEqual([]);
  });

  it('renegotiating while a note is held, when the cabinet can no longer take money: REJECT before the first poll', async () => {
    const cabinet = fakeCabinet();
    let renegotiated = false;
    const { unit, driver } = rig(
      {
        onCommand: (c) => {
          if (c.code === SYNC && unit.commands(HOLD).length > 0 && !renegotiated) {
            renegotiated = true;
            cabinet.setPhase('locked'); // a round started meanwhile
          }
        },
      },
      { cabinet },
    );
    await driver.start();
    await until(() => unit.enabled, 'enabled');
    unit.insert(4);
    unit.bumpNextReplyCountOn(HOLD);
    await until(() => unit.commands(REJECT).length === 1, 'note rejected');
    await morePolls(driver.metrics, 4);
    const secondSync = unit.log.findIndex((c, i) => c.code === SYNC && i > firstIndex(unit, HOLD));
    const reject = firstIndex(unit, REJECT);
    const firstPollAfter = unit.log.findIndex((c, i) => c.code === POLL_WITH_ACK && i > secondSync);
    expect(reject).toBeGreaterThan(secondSync);
    expect(reject).toBeLessThan(firstPollAfter);
    expect(cabinet.credits).toEqual([]);
    expect(unit.log.slice(firstPollAfter).some((c) => c.code === 0x57)).toBe(false); // no credit to acknowledge
  });
});
