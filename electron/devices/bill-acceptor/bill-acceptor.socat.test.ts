/**
 * End to end over real pseudo-terminals: `socat pty pty` as its own child process, the emulator as a separate
 * process on end A, the real driver on end B, the real cabinet with a SQLite journal in a temp dir.
 * Rules checked: docs/cabinet-rules.md#bill-validator (credit only when stacked, once), #power-loss (a bill
 * being accepted is either credited or returned), #door-and-tilt (jams etc. disable money-in; fraud and a credit
 * repeated after its ACK stay latched through the acceptor's power-up until a technician clears them), and
 * docs/protocols/essp.md#framing (line faults).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { openCabinet } from '../../storage/open-cabinet.ts';
import type { CabinetCore } from '../../core/cabinet/cabinet.ts';
import { DEFAULT_VENUE_CONFIG } from '../../core/config/venue-config.ts';
import { createCryptoRandomSource } from '../../core/random/crypto-random-source.ts';
import { tempJournalPath } from '../../testing/fixtures.ts';
import type { BillAcceptorService } from './acceptor-service.ts';
import { createBillAcceptorService } from './bill-acceptor-service.ts';
import { BillAcceptorDriver } from './bill-acceptor-driver.ts';
import { fileStore } from './note-tracker.ts';
import { openSerialportLink } from '../serial/serialport-link.ts';
import {
  EMULATOR_FIXED_KEY_HEX,
  startEmbeddedBillAcceptorEmulator,
  type EmbeddedBillAcceptor,
} from '../../emulators/bill-acceptor/embedded-emulator.ts';
import { morePolls, until } from '../../testing/bill-acceptor-harness.ts';
import { crashAfterFirstCredit } from '../../testing/host-crash.ts';
import { clearLatchedAsTechnician } from '../../testing/latched-tilt.ts';

let socatAvailable = true;
try {
  execFileSync('socat', ['-V'], { stdio: 'ignore' });
} catch {
  socatAvailable = false;
}

describe.runIf(socatAvailable)('bill acceptor over socat pseudo-terminals with the real cabinet', () => {
  let temp: ReturnType<typeof tempJournalPath>;
  let cabinet: CabinetCore;
  let emulator: EmbeddedBillAcceptor;
  let service: BillAcceptorService;
  const statuses: string[] = [];
  const events: string[] = [];

  const noteStage = async () => ((await emulator.controller.status()).note as { stage?: string } | null)?.stage;
  const credits = () => cabinet.meters().billsInMinor;
  const deviceTilts = () => cabinet.snapshot().tilts.filter((t) => t.source === 'bill-acceptor');
  const acceptorFault = (condition: string) => ({
    code: 'device-reported',
    device: 'bill-acceptor',
    health: 'fault',
    deviceDetail: { code: 'acceptor-conditions', conditions: [condition] },
  });

  const untilAsync = (check: () => Promise<boolean>, what: string) =>
    until(check, what, { timeoutMs: 20_000, context: () => events.slice(-15).join('\n') });

  /** The fault's tilt is up and money-in is disabled. */
  const raiseFault = async (raise: string, condition: RegExp) => {
    await emulator.controller.command(raise);
    await until(
      () => deviceTilts().some((t) => t.kind === 'device-fault' && condition.test(JSON.stringify(t.reasonCode))),
      `${raise} tilt`,
    );
    await untilAsync(async () => (await emulator.controller.status()).enabled === false, `${raise} disables`);
    expect(cabinet.canAcceptBill(500).accept).toBe(false);
  };
  /** The acceptor's power-up ends its own fault and it reports healthy, yet the latched tilt stays. */
  const powerCycleKeepsLatch = async () => {
    const from = events.length;
    await emulator.controller.command('power-cycle');
    await until(
      () => events.slice(from).some((e) => /^reset: /.test(e)) && service.status().health === 'healthy',
      'the acceptor healthy after its power-up',
      { timeoutMs: 20_000, context: () => events.slice(-15).join('\n') },
    );
    await morePolls(service.metrics, 2, 'polls after the power-up');
    expect(deviceTilts()).toHaveLength(1);
    expect(cabinet.canAcceptBill(500).accept).toBe(false);
    expect((await emulator.controller.status()).enabled).toBe(false);
  };

  const driverConfig = {
    fixedKeyHex: EMULATOR_FIXED_KEY_HEX,
    enabledChannels: DEFAULT_VENUE_CONFIG.billChannels.filter((c) => c.enabled).map((c) => c.channel),
    pollIntervalMs: 200,
    replyTimeoutMs: 400,
    backoff: { initialMs: 100, maxMs: 800 },
  };

  beforeAll(async () => {
    temp = tempJournalPath('bill-socat-');
    cabinet = openCabinet({ journalPath: temp.path, config: DEFAULT_VENUE_CONFIG, random: createCryptoRandomSource() });
    // Short enough for the unplug case to outlast it, long enough that no note elsewhere times out in escrow
    // because one process of a busy machine was not scheduled for a moment.
    emulator = await startEmbeddedBillAcceptorEmulator({ mode: 'process', escrowTimeoutMs: 5_000 });
    service = createBillAcceptorService({
      portPath: emulator.portPath,
      cabinet,
      config: driverConfig,
      stateFile: join(temp.dir, 'bill-acceptor-state.json'),
    });
    service.onEvent((e) => {
      events.push(`${e.type}: ${e.detail}`);
      if (e.type === 'status') statuses.push(e.detail);
    });
    await service.start();
    await untilAsync(async () => (await emulator.controller.status()).enabled === true, 'acceptor enabled');
  });

  afterAll(async () => {
    await service?.stop();
    await emulator?.stop();
    cabinet?.close();
    temp?.cleanup();
  });

  it('credits an inserted note once and meters it per denomination', async () => {
    const before = credits();
    expect((await emulator.controller.insertNote(3)).accepted).toBe(true);
    await untilAsync(
      async () => credits() === before + 2_000 && (await emulator.controller.status()).unacked === 0,
      'credit',
    );
    expect(cabinet.meters().billsByDenomination['2000']).toBe(1);
    expect(cabinet.snapshot().creditsMinor).toBe(before + 2_000);
  });

  it('rejects a note of a channel the venue disabled (channel 6) and credits nothing', async () => {
    const before = credits();
    const returnedBefore = (await emulator.controller.status()).returned as number;
    await emulator.controller.insertNote(6);
    await untilAsync(async () => (await emulator.controller.status()).returned === returnedBefore + 1, 'returned');
    expect(credits()).toBe(before);
  });

  it('diagnostics: serial number, firmware and dataset from the acceptor, its channels and counters', async () => {
    // Channel 6 is inhibited at the acceptor, so the acceptor itself handed that note back (0xEC, a poll later).
    await until(() => (service.diagnostics().counters.rejects.acceptor ?? 0) >= 1, 'the acceptor reject counted', {
      timeoutMs: 20_000,
      context: () => `${JSON.stringify(service.diagnostics().counters)}\n${events.slice(-15).join('\n')}`,
    });
    const d = service.diagnostics();
    expect(d).toMatchObject({
      health: 'healthy',
      serialNumber: String(0x00c0ffee),
      firmware: 'NV0200041000000',
      dataset: 'EUR01610',
      testMode: false,
    });
    expect(d.channels.slice(0, 3)).toEqual([
      { channel: 1, valueMinor: 500, enabled: true, currency: 'EUR' },
      { channel: 2, valueMinor: 1_000, enabled: true, currency: 'EUR' },
      { channel: 3, valueMinor: 2_000, enabled: true, currency: 'EUR' },
    ]);
    expect(d.channels.find((c) => c.channel === 6)?.enabled).toBe(false);
    expect(d.counters.notesIn).toBeGreaterThanOrEqual(1);
    expect(d.counters.jams).toBe(0);
  });

  it('note test mode, even with the door open: the note is read and handed back, never stacked or credited', async () => {
    cabinet.setDoorOpen(true);
    await untilAsync(async () => (await emulator.controller.status()).enabled === false, 'door open disables');
    const before = credits();
    const status = await emulator.controller.status();
    const stackedBefore = status.credits as number;
    const returnedBefore = status.returned as number;
    const testRejectsBefore = service.diagnostics().counters.rejects['test-mode'] ?? 0;
    service.setTestMode(true);
    await untilAsync(async () => (await emulator.controller.status()).enabled === true, 'test mode enables');
    await emulator.controller.insertNote(3);
    await untilAsync(async () => (await emulator.controller.status()).returned === returnedBefore + 1, 'returned');
    await morePolls(service.metrics, 3, 'polls after the test note');
    const after = await emulator.controller.status();
    expect(after.credits).toBe(stackedBefore); // never reached the cashbox
    expect(after.unacked).toBe(0);
    expect(credits()).toBe(before); // never credited
    const d = service.diagnostics();
    expect(d.testMode).toBe(true);
    expect(d.testNotes.map((n) => [n.channel, n.valueMinor])).toEqual([[3, 2_000]]);
    expect(d.counters.rejects['test-mode']).toBe(testRejectsBefore + 1);
    expect(events.some((e) => /^test-note: .*channel 3 .*not credited/.test(e))).toBe(true);
    service.setTestMode(false);
    await untilAsync(async () => (await emulator.controller.status()).enabled === false, 'door still open: disabled');
    cabinet.setDoorOpen(false);
    await untilAsync(async () => (await emulator.controller.status()).enabled === true, 'door closed: enabled');
    const notesIn = service.diagnostics().counters.notesIn;
    await emulator.controller.insertNote(1);
    await untilAsync(
      async () => credits() === before + 500 && (await emulator.controller.status()).unacked === 0,
      'a note after test mode is credited again',
    );
    expect(service.diagnostics().counters.notesIn).toBe(notesIn + 1);
  });

  it('an unplug during escrow: the note is credited once or returned, and the driver reconnects with backoff', async () => {
    const before = credits();
    const returnedBefore = (await emulator.controller.status()).returned as number;
    const creditsBefore = (await emulator.controller.status()).credits as number;
    await emulator.controller.insertNote(2);
    await untilAsync(async () => (await noteStage()) === 'escrow', 'note in escrow');
    await emulator.controller.unplug();
    await until(() => service.status().health === 'disconnected', 'driver sees the unplug');
    // Unplugged for longer than the 5 s escrow timeout: the emulator's own deadline for the note passes.
    await untilAsync(async () => {
      const note = (await emulator.controller.status()).note as { deadline: number } | null;
      return note === null || Date.now() > note.deadline;
    }, 'the escrow deadline passed while unplugged');
    await emulator.controller.replug();
    await untilAsync(
      async () => service.status().health === 'healthy' && (await emulator.controller.status()).enabled === true,
      'reconnected',
    );
    await untilAsync(async () => (await emulator.controller.status()).note === null, 'note settled');
    await untilAsync(async () => (await emulator.controller.status()).unacked === 0, 'acknowledged');
    const after = await emulator.controller.status();
    const credited = (after.credits as number) - creditsBefore;
    const returned = (after.returned as number) - returnedBefore;
    expect(credited + returned).toBe(1); // never lost, never both
    expect(credits() - before).toBe(credited * 1_000); // never double
    expect(statuses.some((s) => /retrying in \d+ ms/.test(s))).toBe(true);
  });

  it('an unplug while the note is being stacked: it is credited exactly once after the reconnect', async () => {
    const before = credits();
    await emulator.controller.insertNote(5);
    await untilAsync(async () => (await noteStage()) === 'stacking', 'note stacking');
    await emulator.controller.unplug();
    await until(() => service.status().health === 'disconnected', 'driver sees the unplug');
    await emulator.controller.replug();
    await untilAsync(
      async () => credits() - before === 10_000 && (await emulator.controller.status()).unacked === 0,
      'credited after reconnect',
    );
    await morePolls(service.metrics, 3, 'polls after the reconnect');
    expect(credits() - before).toBe(10_000);
  });

  it('a lost EVENT_ACK: the acceptor repeats the credit over a new session and it is journaled once', async () => {
    const before = credits();
    await emulator.controller.command('lose-ack');
    await emulator.controller.insertNote(1);
    await untilAsync(
      async () => (await emulator.controller.status()).unacked === 0 && credits() - before === 500,
      'acknowledged after the loss',
    );
    await morePolls(service.metrics, 3, 'polls after the acknowledgement');
    expect(credits() - before).toBe(500);
    expect(events.some((e) => /^duplicate: .* already credited/.test(e))).toBe(true);
    // The unit never took that ACK, so its repeat is the protocol's own and latches no credit anomaly.
    expect(events.filter((e) => /^credit-refused: /.test(e))).toEqual([]);
    await until(() => deviceTilts().length === 0, 'no tilt once the new session is up');
  });

  it('the acceptor process is killed: the driver reports it gone, retries with backoff and recovers on power-up', async () => {
    await emulator.controller.killEmulator();
    await until(() => service.status().health === 'disconnected', 'driver notices the silent acceptor');
    expect(deviceTilts().some((t) => t.kind === 'device-fault')).toBe(true); // money-in disabled meanwhile
    await emulator.controller.restartEmulator();
    await untilAsync(
      async () => service.status().health === 'healthy' && (await emulator.controller.status()).enabled === true,
      'recovered',
    );
    expect(deviceTilts()).toEqual([]);
    const before = credits();
    await emulator.controller.insertNote(1);
    await untilAsync(
      async () => credits() - before === 500 && (await emulator.controller.status()).unacked === 0,
      'credit after recovery',
    );
  });

  it('corrupted CRCs, dropped bytes, garbage and duplicated events: no false and no missed credits', async () => {
    const before = credits();
    const plan: Array<[number, string]> = [
      [1, 'corrupt-crc'],
      [2, 'drop-bytes'],
      [1, 'garbage'],
      [4, 'duplicate-events'],
    ];
    let expected = 0;
    let duplicatedFrom = 0;
    for (const [channel, fault] of plan) {
      duplicatedFrom = events.length;
      await emulator.controller.command(fault);
      await emulator.controller.insertNote(channel);
      expected += DEFAULT_VENUE_CONFIG.billChannels[channel - 1]!.valueMinor;
      await untilAsync(
        async () => credits() - before === expected && (await emulator.controller.status()).unacked === 0,
        `credit after ${fault}`,
      );
      // A corrupted, cut or noisy reply is asked for again with the same sequence bit and answered from the
      // unit's stored reply (docs/protocols/essp.md#sequence-bit): the protocol's own repeat, never an anomaly.
      if (fault !== 'duplicate-events') expect(events.filter((e) => /^credit-refused: /.test(e))).toEqual([]);
    }
    // The same credit twice in one reply, before its ACK, is a repeat of one note: journaled once.
    const afterDuplication = events.slice(duplicatedFrom);
    expect(afterDuplication.some((e) => /^duplicate: .* already credited \(repeated CREDIT_NOTE\)/.test(e))).toBe(true);
    // The emulator then repeats that credit once more after the unit answered its EVENT_ACK. A real unit never
    // does (docs/protocols/essp.md#credit-rules), so to the host it is a second note whose escrow was missed:
    // never credited, and a latched cashbox fault that the acceptor's power-up leaves for a technician.
    await until(() => deviceTilts().length === 1, 'the cashbox fault of the credit repeated after its ACK', {
      timeoutMs: 20_000,
      context: () => events.slice(-15).join('\n'),
    });
    await morePolls(service.metrics, 4, 'polls for more ghost repeats'); // they must not credit either
    expect(credits() - before).toBe(expected);
    expect(deviceTilts().map((t) => t.reasonCode)).toEqual([acceptorFault('credit-anomaly')]);
    expect(events.filter((e) => /^credit-refused: .* was acknowledged, with no new escrow/.test(e))).toHaveLength(1);
    await powerCycleKeepsLatch();
    clearLatchedAsTechnician(cabinet, 'bill-acceptor');
    await untilAsync(async () => (await emulator.controller.status()).enabled === true, 're-enabled');
  });

  it('jam, stacker full and cashbox removed become tilts that disable money-in; they clear again', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['jam', 'clear-jam', /jam/],
      ['stacker-full', 'stacker-emptied', /stacker-full/],
      ['cashbox-out', 'cashbox-in', /cashbox-removed/],
    ];
    for (const [raise, clear, reason] of cases) {
      await raiseFault(raise, reason);
      await emulator.controller.command(clear);
      await until(() => deviceTilts().length === 0, `${raise} cleared`);
      await untilAsync(async () => (await emulator.controller.status()).enabled === true, `${raise} re-enabled`);
    }
  });

  it('fraud becomes a latched tilt: the power-up leaves it, an attendant may not clear it, a technician does', async () => {
    await raiseFault('fraud', /fraud/);
    expect(deviceTilts().map((t) => t.reasonCode)).toEqual([acceptorFault('fraud')]);
    await powerCycleKeepsLatch();
    clearLatchedAsTechnician(cabinet, 'bill-acceptor');
    await untilAsync(async () => (await emulator.controller.status()).enabled === true, 'fraud re-enabled');
    expect(cabinet.events({ limit: 500 }).some((e) => /"fraud"/.test(JSON.stringify(e.message)))).toBe(true);
  });

  it('a host crash after the credit is journaled and before EVENT_ACK: the restarted host credits nothing twice', async () => {
    await service.stop();
    const before = credits();
    const fiftiesBefore = cabinet.meters().billsByDenomination['5000'] ?? 0;
    const stateFile = join(temp.dir, 'bill-acceptor-state.json');
    const host = crashAfterFirstCredit(openSerialportLink, cabinet);
    const crashing = new BillAcceptorDriver({
      portPath: emulator.portPath,
      cabinet: host.cabinet,
      config: driverConfig,
      open: host.open,
      store: fileStore(stateFile),
    });
    await crashing.start();
    await untilAsync(async () => (await emulator.controller.status()).enabled === true, 'enabled by the first host');
    await emulator.controller.insertNote(4);
    await until(() => host.crashed, 'crash point');
    expect(credits() - before).toBe(5_000); // journaled before the crash
    await crashing.stop();
    expect((await emulator.controller.status()).unacked).toBe(1); // the acceptor still holds the event
    service = createBillAcceptorService({ portPath: emulator.portPath, cabinet, config: driverConfig, stateFile });
    await service.start();
    await untilAsync(
      async () => (await emulator.controller.status()).unacked === 0,
      'the new host acknowledged the repeat',
    );
    expect(credits() - before).toBe(5_000);
    expect(cabinet.meters().billsByDenomination['5000']).toBe(fiftiesBefore + 1);
  });
});
