/**
 * The eSSP driver against the independent device model (electron/emulators/bill-acceptor/, written from ITL's
 * manuals, not from this driver) as its own process on a real socat pseudo-terminal pair, with the real
 * cabinet and journal. Each case starts its own unit, because a wrong key puts a unit out of service.
 * Rules: docs/protocols/essp.md#host-protocol-version (protocol 7 set after the key exchange, 0xB6 acked
 * before ENABLE), #refused-units (a wrong fixed key), #the-ecount-counter (a retry keeps its count),
 * docs/cabinet-rules.md#power-loss (a note in escrow when the unit loses power is credited once or returned).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CabinetCore } from '../../core/cabinet/cabinet.ts';
import { DEFAULT_VENUE_CONFIG } from '../../core/config/venue-config.ts';
import { createCryptoRandomSource } from '../../core/random/crypto-random-source.ts';
import {
  EMULATOR_FIXED_KEY_HEX,
  startEmbeddedBillAcceptorEmulator,
  type EmbeddedBillAcceptor,
} from '../../emulators/bill-acceptor/embedded-emulator.ts';
import { openCabinet } from '../../storage/open-cabinet.ts';
import { until } from '../../testing/bill-acceptor-harness.ts';
import { tempJournalPath } from '../../testing/fixtures.ts';
import type { BillAcceptorService } from './acceptor-service.ts';
import { createBillAcceptorService } from './bill-acceptor-service.ts';

let socatAvailable = true;
try {
  execFileSync('socat', ['-V'], { stdio: 'ignore' });
} catch {
  socatAvailable = false;
}

interface Rig {
  readonly cabinet: CabinetCore;
  readonly emulator: EmbeddedBillAcceptor;
  readonly service: BillAcceptorService;
  readonly events: string[];
  status(): Promise<Record<string, unknown>>;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function rig(unitKeyHex = EMULATOR_FIXED_KEY_HEX): Promise<Rig> {
  const temp = tempJournalPath('bill-model-');
  cleanups.push(() => temp.cleanup());
  const cabinet = openCabinet({
    journalPath: temp.path,
    config: DEFAULT_VENUE_CONFIG,
    random: createCryptoRandomSource(),
  });
  cleanups.push(() => cabinet.close());
  const emulator = await startEmbeddedBillAcceptorEmulator({ mode: 'process', fixedKeyHex: unitKeyHex });
  cleanups.push(() => emulator.stop());
  const service = createBillAcceptorService({
    portPath: emulator.portPath,
    cabinet,
    config: {
      fixedKeyHex: EMULATOR_FIXED_KEY_HEX,
      enabledChannels: DEFAULT_VENUE_CONFIG.billChannels.filter((c) => c.enabled).map((c) => c.channel),
      pollIntervalMs: 200,
      replyTimeoutMs: 300,
      backoff: { initialMs: 100, maxMs: 800 },
    },
    stateFile: join(temp.dir, 'bill-acceptor-state.json'),
  });
  const events: string[] = [];
  service.onEvent((e) => events.push(`${e.type}: ${e.detail}`));
  cleanups.push(() => service.stop());
  await service.start();
  return { cabinet, emulator, service, events, status: () => emulator.controller.status() };
}

const wait = (check: () => Promise<boolean> | boolean, what: string, r: Rig) =>
  until(check, what, { timeoutMs: 20_000, context: () => r.events.slice(-15).join('\n') });

describe.runIf(socatAvailable)('the eSSP driver against the independent NV200 model on a pty', () => {
  it('power-up: protocol 7 is set encrypted after the key exchange, 0xB6 is acknowledged, and only then ENABLE', async () => {
    const r = await rig();
    await wait(async () => (await r.status()).enabled === true, 'the unit enabled', r);
    const s = await r.status();
    expect(s).toMatchObject({ encrypted: true, protocolVersion: 7, initialising: false, outOfService: false });
    expect(s['unacked']).toBeFalsy();
    expect(s['pending']).toEqual([]);
    expect(s['dropped']).toBe(0);
  });

  it('a note is credited exactly once, and again once after a power-cycle of the unit', async () => {
    const r = await rig();
    await wait(async () => (await r.status()).enabled === true, 'the unit enabled', r);
    await r.emulator.controller.insertNote(2);
    await wait(() => r.cabinet.meters().billsInMinor === 1_000, 'the 10.00 note credited', r);
    await r.emulator.controller.powerCycle();
    await wait(async () => (await r.status()).enabled === true, 'the unit enabled again after its power-up', r);
    await r.emulator.controller.insertNote(2);
    await wait(() => r.cabinet.meters().billsInMinor === 2_000, 'the second note credited', r);
    await wait(async () => !(await r.status())['unacked'], 'the credit acknowledged', r);
    expect(r.cabinet.meters().billsInMinor).toBe(2_000);
  });

  it('a power cut with a note in escrow: the note is returned or credited, never both and never twice', async () => {
    const r = await rig();
    await wait(async () => (await r.status()).enabled === true, 'the unit enabled', r);
    await r.emulator.controller.insertNote(3);
    await wait(
      async () => ((await r.status()).note as { stage?: string } | null)?.stage === 'escrow',
      'the note held in escrow',
      r,
    );
    await r.emulator.controller.powerCycle();
    await wait(async () => (await r.status()).enabled === true, 'the unit enabled again after its power-up', r);
    await wait(async () => !(await r.status())['unacked'], 'the power-up events acknowledged', r);
    const credited = r.cabinet.meters().billsInMinor;
    expect([0, 2_000]).toContain(credited);
    // A new note after the power cut is credited on its own, once.
    await r.emulator.controller.insertNote(2);
    await wait(() => r.cabinet.meters().billsInMinor === credited + 1_000, 'the next note credited', r);
  });

  it('a fixed key that differs from the unit: a device fault that says so, the unit out of service, nothing enabled', async () => {
    const r = await rig('5b17e0c94a2d863f');
    await wait(
      () =>
        r.cabinet
          .snapshot()
          .tilts.some((t) => t.source === 'bill-acceptor' && JSON.stringify(t.reasonCode).includes('key-mismatch')),
      'the key-mismatch tilt',
      r,
    );
    const s = await r.status();
    expect(s).toMatchObject({ enabled: false, outOfService: true });
    expect(r.cabinet.meters().billsInMinor).toBe(0);
  });

  it('a reply lost on the line is retried with the same count: the unit answers from its stored reply, no new key', async () => {
    const r = await rig();
    await wait(async () => (await r.status()).enabled === true, 'the unit enabled', r);
    const before = await r.status();
    const renegotiations = () => r.events.filter((e) => /renegotiat|key exchange/i.test(e)).length;
    const keyed = renegotiations();
    await r.emulator.controller.corruptCrc();
    await wait(async () => Number((await r.status())['repeats']) > Number(before['repeats']), 'a retransmission', r);
    await r.emulator.controller.insertNote(1);
    await wait(() => r.cabinet.meters().billsInMinor === 500, 'a note credited after the retry', r);
    const after = await r.status();
    expect(after['dropped']).toBe(before['dropped']);
    expect(after['wrongKey']).toBe(0);
    expect(renegotiations()).toBe(keyed);
  });
});
