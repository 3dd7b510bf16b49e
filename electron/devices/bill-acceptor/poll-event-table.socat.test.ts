/**
 * Every poll event of the protocol-7 table (poll-event-table.ts, docs/protocols/essp.md#poll-events) sent to
 * the driver over a real pty, alone and mixed in one reply, by the scripted unit (testing-scripted-unit.ts,
 * written apart from the driver; the emulator's control lines have no way to send an arbitrary event): each
 * is read to its end, acknowledged exactly when GA138 marks it "Poll with Ack", and raises the condition
 * code it means, or none.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceDetail } from '../../core/model/device-detail.ts';
import { createSocatPair, type SocatPair } from '../../emulators/socat-pair.ts';
import { fakeCabinet, morePolls, until, type FakeCabinet } from '../../testing/bill-acceptor-harness.ts';
import type { SerialLink } from '../serial/serial-link.ts';
import { openSerialportLink } from '../serial/serialport-link.ts';
import { BillAcceptorDriver, type BillAcceptorEvent } from './bill-acceptor-driver.ts';
import { memoryStore } from './note-tracker.ts';
import { EVENT_TABLE, Event, eventName } from './poll-event-table.ts';
import { ScriptedUnit } from './testing-scripted-unit.ts';

let socatAvailable = true;
try {
  execFileSync('socat', ['-V'], { stdio: 'ignore' });
} catch {
  socatAvailable = false;
}

const KEY = 0x9a3f04c27e51b8d6n;
const LINK = { baudRate: 9600, dataBits: 8, stopBits: 2, parity: 'none' } as const;

/** The condition each event raises when it comes alone, with no note in the unit; the rest raise none. */
const RAISES: ReadonlyMap<number, string> = new Map([
  [Event.SAFE_JAM, 'safe-jam'],
  [Event.UNSAFE_JAM, 'unsafe-jam'],
  [Event.STACKER_FULL, 'stacker-full'],
  [Event.CASHBOX_REMOVED, 'cashbox-removed'],
  [Event.NOTE_PATH_OPEN, 'note-path-open'],
  [Event.FRAUD_ATTEMPT, 'fraud'],
  // A credit with no escrow before it: the driver never credits it and sends an attendant.
  [Event.CREDIT_NOTE, 'credit-anomaly'],
  [Event.NOTE_CLEARED_INTO_CASHBOX, 'credit-anomaly'],
]);

/**
 * One event as the unit sends it: its code and, where it has one, a data byte: channel 2, or for READ_NOTE 0
 * (a note still being read), so no note goes into escrow and every event stands alone.
 */
const bytesOf = (code: number): number[] => {
  if (EVENT_TABLE.get(code)!.data === 0) return [code];
  return [code, code === Event.READ_NOTE ? 0x00 : 0x02];
};

describe.runIf(socatAvailable)('every protocol-7 poll event over a pty (docs/protocols/essp.md#poll-events)', () => {
  let pair: SocatPair;
  let device: SerialLink;
  let unit: ScriptedUnit;
  let cabinet: FakeCabinet;
  let driver: BillAcceptorDriver;
  const faultCodes: (DeviceDetail | undefined)[] = [];
  const events: BillAcceptorEvent[] = [];

  const ready = () =>
    until(() => unit.enabled && driver.status().health === 'healthy', 'the acceptor enabled and healthy', {
      context: () =>
        events
          .slice(-10)
          .map((e) => `${e.type}: ${e.detail}`)
          .join('\n'),
    });

  /** Sends one reply body, waits for the driver to act on it; what it acknowledged, raised and read. */
  async function send(body: number[]) {
    await ready();
    const acks = unit.acks;
    const faults = faultCodes.length;
    const seen = events.length;
    unit.poll(body);
    await morePolls(driver.metrics, 3, 'polls after the reply');
    const after = events.slice(seen);
    const result = {
      acks: unit.acks - acks,
      raised: faultCodes.slice(faults),
      unread: after.filter((e) => e.type === 'bad-poll').map((e) => e.detail),
    };
    // A latched condition (fraud, a credit anomaly) stays until the unit resets: reset it for the next event.
    if (driver.status().health === 'fault') {
      unit.poll([Event.SLAVE_RESET]);
      await ready();
    }
    return result;
  }

  beforeAll(async () => {
    pair = createSocatPair('essp-events-');
    await pair.start();
    device = await openSerialportLink({ path: pair.a, ...LINK });
    unit = new ScriptedUnit({ fixedKey: KEY });
    unit.serve(device);
    cabinet = fakeCabinet();
    const raise = cabinet.raiseFault.bind(cabinet);
    cabinet.raiseFault = (kind, source, reason) => {
      faultCodes.push(reason.code === 'device-reported' ? reason.deviceDetail : undefined);
      raise(kind, source, reason);
    };
    driver = new BillAcceptorDriver({
      portPath: pair.b,
      cabinet,
      open: openSerialportLink,
      store: memoryStore(),
      config: { fixedKeyHex: '9A3F04C27E51B8D6', pollIntervalMs: 200, replyTimeoutMs: 300 },
    });
    driver.onEvent((e) => events.push(e));
    await driver.start();
  });

  afterAll(async () => {
    await driver?.stop();
    await device?.close();
    await pair?.dispose();
  });

  it.each([...EVENT_TABLE.keys()].map((code) => [eventName(code), code] as const))(
    '%s alone: read, acknowledged as GA138 says, and coded',
    async (_name, code) => {
      const spec = EVENT_TABLE.get(code)!;
      const { acks, raised, unread } = await send(bytesOf(code));
      expect(unread).toEqual([]);
      if (spec.ack) expect(acks).toBeGreaterThanOrEqual(1);
      else expect(acks).toBe(0);
      const condition = RAISES.get(code);
      expect(raised).toEqual(condition ? [{ code: 'acceptor-conditions', conditions: [condition] }] : []);
    },
  );

  it('all of them mixed in one reply: every one read, one acknowledgement, each condition raised once', async () => {
    // Not the reset (it starts a new session) nor the initialising state (it holds the unit disabled).
    const mixed = [...EVENT_TABLE.keys()].filter((c) => c !== Event.SLAVE_RESET && c !== Event.INITIALISING);
    const { acks, raised, unread } = await send(mixed.flatMap(bytesOf));
    expect(unread).toEqual([]);
    expect(acks).toBeGreaterThanOrEqual(1);
    const conditions = raised.flatMap((r) => (r?.code === 'acceptor-conditions' ? r.conditions : []));
    expect([...conditions].sort()).toEqual([...new Set(RAISES.values())].sort());
    expect(raised.every((r) => r !== undefined)).toBe(true);
  });

  it('an event the table does not know, after known ones: a fault naming its byte, nothing acknowledged', async () => {
    const { acks, raised, unread } = await send([Event.STACKER_FULL, Event.CASHBOX_REMOVED, 0x9a, Event.SAFE_JAM]);
    expect(unread).toHaveLength(1);
    expect(acks).toBe(0);
    expect(raised).toEqual([
      { code: 'acceptor-conditions', conditions: ['unknown-event'], unknownEventCode: 0x9a },
      { code: 'acceptor-conditions', conditions: ['stacker-full'] },
      { code: 'acceptor-conditions', conditions: ['cashbox-removed'] },
    ]);
  });

  it('every status the driver reported in these runs carried a code', () => {
    const uncoded = cabinet.devices.filter((d) => !d.detailCode);
    expect(uncoded.map((d) => `${d.health}: ${d.detail}`)).toEqual([]);
    expect(cabinet.devices.length).toBeGreaterThan(10);
  });
});
