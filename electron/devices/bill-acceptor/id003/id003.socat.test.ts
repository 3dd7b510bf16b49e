/**
 * The ID-003 driver end to end over real pseudo-terminals: `socat pty pty`, the ID-003 emulator on end A, the
 * real driver on end B, the real cabinet with a SQLite journal in a temp dir.
 * Rules: docs/protocols/id003.md#credit-rules (credit at VEND_VALID only, once),
 * #power-up (a bill in the stacker that was never credited is a fault, never a silent credit),
 * docs/cabinet-rules.md#door-and-tilt (jams, cheats and the stacker disable money-in; a cheat and an uncredited
 * bill stay latched through the unit's power-up until a technician clears them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { openCabinet } from '../../../storage/open-cabinet.ts';
import type { CabinetCore } from '../../../core/cabinet/cabinet.ts';
import type { DeviceStatus } from '../../../core/cabinet/cabinet-api.ts';
import { DEFAULT_VENUE_CONFIG } from '../../../core/config/venue-config.ts';
import { createCryptoRandomSource } from '../../../core/random/crypto-random-source.ts';
import { tempJournalPath } from '../../../testing/fixtures.ts';
import { morePolls, until } from '../../../testing/bill-acceptor-harness.ts';
import { crashAfterFirstCredit } from '../../../testing/host-crash.ts';
import { clearLatchedAsTechnician } from '../../../testing/latched-tilt.ts';
import { openSerialportLink } from '../../serial/serialport-link.ts';
import { fileStore } from '../note-tracker.ts';
import type { SerialLinkOpener } from '../../serial/serial-link.ts';
import type { BillAcceptorService } from '../acceptor-service.ts';
import {
  startEmbeddedId003Emulator,
  type EmbeddedId003Emulator,
} from '../../../emulators/bill-acceptor/id003/embedded-id003-emulator.ts';
import { createId003BillAcceptorService } from './id003-service.ts';
import { Id003BillAcceptorDriver } from './id003-driver.ts';

let socatAvailable = true;
try {
  execFileSync('socat', ['-V'], { stdio: 'ignore' });
} catch {
  socatAvailable = false;
}

describe.runIf(socatAvailable)('ID-003 bill acceptor over socat pseudo-terminals with the real cabinet', () => {
  let temp: ReturnType<typeof tempJournalPath>;
  let cabinet: CabinetCore;
  let emulator: EmbeddedId003Emulator;
  let service: BillAcceptorService;
  const events: string[] = [];
  /** Every status the cabinet heard from the acceptor in this run. */
  const statuses: DeviceStatus[] = [];
  const coded = (condition: string) => ({ code: 'id003-conditions', conditions: [condition] });
  const deviceReported = (condition: string) => ({
    code: 'device-reported',
    device: 'bill-acceptor',
    health: 'fault',
    deviceDetail: coded(condition),
  });
  const stateFile = () => join(temp.dir, 'bill-acceptor-state.json');

  const unit = () => emulator.status() as Record<string, unknown> & { stage: string; inhibited: boolean };
  const count = (key: 'cashbox' | 'returned' | 'rejected' | 'hostAcks' | 'vendValidReports' | 'resets') =>
    unit()[key] as number;
  const credits = () => cabinet.meters().billsInMinor;
  const deviceTilts = () => cabinet.snapshot().tilts.filter((t) => t.source === 'bill-acceptor');
  const wait = (check: () => boolean, what: string) =>
    until(check, what, { timeoutMs: 20_000, context: () => events.slice(-20).join('\n') });
  const control = (line: string) => {
    const answer = emulator.control(line);
    if (!answer.startsWith('ok')) throw new Error(`control "${line}": ${answer}`);
  };
  const enabled = () => wait(() => unit().inhibited === false && unit().stage === 'idle', 'the unit enabled and idle');
  /** The unit's RESET ends its own fault and the driver reports it healthy, yet the latched tilt stays. */
  const powerCycleKeepsLatch = async () => {
    const resets = count('resets');
    control('power-cycle');
    await wait(
      () => count('resets') > resets && unit().stage === 'idle' && service.status().health === 'healthy',
      'the unit healthy after its power-up',
    );
    await morePolls(service.metrics, 3, 'polls after the power-up');
    expect(deviceTilts()).toHaveLength(1);
    expect(unit().inhibited).toBe(true);
    expect(cabinet.canAcceptBill(500).accept).toBe(false);
  };

  const config = {
    enabledChannels: DEFAULT_VENUE_CONFIG.billChannels.filter((c) => c.enabled).map((c) => c.channel),
    pollIntervalMs: 100,
    replyTimeoutMs: 400,
    backoff: { initialMs: 100, maxMs: 800 },
  };
  /** The host's frames of these commands are lost on the wire (a line fault injected through the opener). */
  const lost = new Set<number>();
  const lossyOpen: SerialLinkOpener = async (options) => {
    const link = await openSerialportLink(options);
    return {
      ...link,
      path: link.path,
      write: (bytes) => (lost.has(bytes[2]!) ? Promise.resolve() : link.write(bytes)),
    };
  };
  const startService = async () => {
    service = createId003BillAcceptorService({
      portPath: emulator.portPath,
      cabinet,
      config,
      stateFile: stateFile(),
      open: lossyOpen,
    });
    service.onEvent((e) => events.push(`${e.type}: ${e.detail}`));
    await service.start();
  };

  beforeAll(async () => {
    temp = tempJournalPath('id003-socat-');
    cabinet = openCabinet({ journalPath: temp.path, config: DEFAULT_VENUE_CONFIG, random: createCryptoRandomSource() });
    cabinet.subscribe((e) => {
      if (e.type === 'device' && e.status.device === 'bill-acceptor') statuses.push(e.status);
    });
    emulator = await startEmbeddedId003Emulator();
    await startService();
  });

  afterAll(async () => {
    await service?.stop();
    await emulator?.stop();
    cabinet?.close();
    temp?.cleanup();
  });

  it('power-up: RESET, the currency assignment read, settings sent, the unit enabled and reported healthy', async () => {
    await enabled();
    expect(count('resets')).toBeGreaterThanOrEqual(1);
    expect(service.status().health).toBe('healthy');
    const d = service.diagnostics();
    expect(d.firmware).toMatch(/ID003/);
    expect(d.channels.slice(0, 6)).toEqual([
      { channel: 1, valueMinor: 500, enabled: true, currency: 'EUR' },
      { channel: 2, valueMinor: 1_000, enabled: true, currency: 'EUR' },
      { channel: 3, valueMinor: 2_000, enabled: true, currency: 'EUR' },
      { channel: 4, valueMinor: 5_000, enabled: true, currency: 'EUR' },
      { channel: 5, valueMinor: 10_000, enabled: true, currency: 'EUR' },
      { channel: 6, valueMinor: 20_000, enabled: false, currency: 'EUR' },
    ]);
    // Codes 0x62…0x66 enabled (bits 1…5 clear), everything else disabled at the unit.
    expect(unit().disabledMask).toBe(0xffff & ~0b111110);
  });

  it('a note is credited at VEND_VALID, once, and metered per denomination', async () => {
    await enabled();
    const before = credits();
    control('insert 20');
    await wait(() => credits() === before + 2_000 && unit().stage === 'idle', 'credited and stacked');
    await morePolls(service.metrics, 3, 'polls after the credit');
    expect(credits()).toBe(before + 2_000);
    expect(cabinet.meters().billsByDenomination['2000']).toBe(1);
    expect(count('hostAcks')).toBeGreaterThanOrEqual(1);
  });

  it('a lost ACK: VEND_VALID repeats and maps to the same eventKey, so the cabinet journals it once', async () => {
    await enabled();
    const before = credits();
    control('lose-ack');
    control('insert 5');
    await wait(() => credits() === before + 500 && unit().stage === 'idle', 'credited after the repeat');
    await morePolls(service.metrics, 3, 'polls after the credit');
    expect(credits()).toBe(before + 500);
    expect(events.some((e) => /^duplicate: .*already credited \(repeated VEND_VALID\)/.test(e))).toBe(true);
  });

  it('rejects: a denomination the venue disabled is refused by the unit itself, an unreadable note with its reason', async () => {
    await enabled();
    const before = credits();
    const rejected = count('rejected');
    control('insert 200'); // channel 6 is disabled in the venue config, so its code is disabled at the unit
    await wait(() => count('rejected') === rejected + 1, 'the unit rejected the 200');
    await enabled();
    control('reject 0x77');
    await wait(
      () => events.some((e) => /reject: the unit rejected a note: photo pattern error/.test(e)),
      'reason reported',
    );
    await morePolls(service.metrics, 2);
    expect(credits()).toBe(before);
    expect(service.diagnostics().counters.rejects.acceptor).toBeGreaterThanOrEqual(2);
  });

  it('the cabinet cannot take money (door open): the unit is inhibited and takes no note; closed again, it does', async () => {
    await enabled();
    cabinet.setDoorOpen(true);
    await wait(() => unit().inhibited === true, 'inhibited while the door is open');
    expect(emulator.control('insert 10')).toMatch(/^error .*inhibited/);
    cabinet.setDoorOpen(false);
    await enabled();
    const before = credits();
    control('insert 10');
    await wait(() => credits() === before + 1_000 && unit().stage === 'idle', 'credited after the door closed');
  });

  it('a power-cycle during escrow: the note comes back, nothing is credited, the next note is credited once', async () => {
    await enabled();
    const before = credits();
    const returned = count('returned');
    lost.add(0x41); // STACK-1 never arrives: the note waits in escrow
    control('insert 50');
    await wait(
      () => events.some((e) => /^escrow: .*channel 4 \(5000\) accepted/.test(e)) && unit().stage === 'escrow',
      'recorded in escrow',
    );
    control('power-cycle');
    lost.clear();
    await wait(() => count('returned') === returned + 1, 'the RESET returned the note');
    await enabled();
    expect(credits()).toBe(before);
    expect(deviceTilts()).toEqual([]);
    control('insert 50');
    await wait(() => credits() === before + 5_000 && unit().stage === 'idle', 'the re-inserted note credited');
    await morePolls(service.metrics, 3);
    expect(credits()).toBe(before + 5_000);
  });

  it('a power-cycle after VEND_VALID before the ACK: credited once, the note is in the cashbox, no fault', async () => {
    await enabled();
    const before = credits();
    const cashbox = count('cashbox');
    lost.add(0x50); // the host's ACK never arrives: the unit keeps repeating VEND_VALID
    control('insert 10');
    await wait(() => credits() === before + 1_000 && count('vendValidReports') > 0, 'credited at VEND_VALID');
    await morePolls(service.metrics, 2, 'repeats of VEND_VALID');
    control('power-cycle');
    lost.clear();
    await wait(() => count('cashbox') === cashbox + 1, 'the RESET finished the note into the cashbox');
    await enabled();
    await morePolls(service.metrics, 3);
    expect(credits()).toBe(before + 1_000);
    expect(deviceTilts()).toEqual([]);
    expect(events.some((e) => /^power-up: .* was credited before the power-up/.test(e))).toBe(true);
  });

  it('a power-cycle while stacking, before VEND_VALID: never credited, a latched fault only a technician clears', async () => {
    await enabled();
    const before = credits();
    control('hold-stacking on');
    control('insert 20');
    await wait(() => unit().stage === 'stacking', 'stacking');
    await morePolls(service.metrics, 2, 'polls while stacking');
    control('power-cycle');
    await wait(
      () => deviceTilts().some((t) => JSON.stringify(t.reasonCode).includes('uncredited-bill-in-stacker')),
      'the uncredited-bill fault',
    );
    expect(service.status().health).toBe('fault');
    expect(deviceTilts().map((t) => t.reasonCode)).toEqual([deviceReported('uncredited-bill-in-stacker')]);
    await wait(() => unit().stage === 'idle', 'the unit settled');
    await morePolls(service.metrics, 3);
    expect(unit().inhibited).toBe(true); // no money-in while the fault stands
    expect(credits()).toBe(before);
    await powerCycleKeepsLatch(); // whoever can reach the unit's power cannot settle the note
    clearLatchedAsTechnician(cabinet, 'bill-acceptor'); // the technician counted the cashbox
    await enabled();
    expect(credits()).toBe(before);
  });

  it('jams in the acceptor and the stacker, the stacker open and full: tilts that inhibit the unit and clear', async () => {
    const cases: Array<[string, string, string]> = [
      ['jam acceptor', 'clear-jam', 'acceptor-jam'],
      ['jam stacker', 'clear-jam', 'stacker-jam'],
      ['stacker-open', 'stacker-close', 'stacker-open'],
      ['stacker-full', 'stacker-emptied', 'stacker-full'],
    ];
    for (const [raise, clear, condition] of cases) {
      await enabled();
      control(raise);
      await wait(
        () => deviceTilts().some((t) => t.kind === 'device-fault' && JSON.stringify(t.reasonCode).includes(condition)),
        `${raise} tilt`,
      );
      // The tilt carries the condition's code, and so does the status the staff menu shows.
      expect(deviceTilts().map((t) => t.reasonCode)).toEqual([deviceReported(condition)]);
      await wait(() => service.status().detailCode?.code === 'id003-conditions', `${raise} coded status`);
      expect(service.status().detailCode).toEqual(coded(condition));
      await wait(() => unit().inhibited === true, `${raise} inhibits`);
      expect(cabinet.canAcceptBill(500).accept).toBe(false);
      control(clear);
      await wait(() => deviceTilts().length === 0, `${raise} cleared`);
    }
    await enabled();
    expect(service.diagnostics().counters.jams).toBeGreaterThanOrEqual(2);
  });

  it('a cheat: a latched fault that a power-cycle leaves in place until a technician clears it', async () => {
    await enabled();
    control('cheat');
    await wait(() => deviceTilts().some((t) => JSON.stringify(t.reasonCode).includes('cheated')), 'cheat tilt');
    expect(deviceTilts().map((t) => t.reasonCode)).toEqual([deviceReported('cheated')]);
    await wait(() => unit().inhibited === true, 'cheat inhibits');
    await morePolls(service.metrics, 2);
    expect(service.status().health).toBe('fault');
    await powerCycleKeepsLatch();
    clearLatchedAsTechnician(cabinet, 'bill-acceptor');
    await enabled();
  });

  it('a hardware failure: a fault with its code that the power-up clears, as it does not latch', async () => {
    await enabled();
    control('fail 0xa2');
    await wait(() => deviceTilts().some((t) => JSON.stringify(t.reasonCode).includes('"failure"')), 'failure tilt');
    expect(deviceTilts().map((t) => t.reasonCode)).toEqual([deviceReported('failure')]);
    await wait(() => unit().inhibited === true, 'failure inhibits');
    await morePolls(service.metrics, 2);
    expect(service.status().health).toBe('fault');
    control('power-cycle');
    await wait(() => deviceTilts().length === 0, 'failure cleared by the power-up');
    await enabled();
  });

  it('a host crash after the credit is journaled and before the ACK: the restarted host credits nothing twice', async () => {
    await enabled();
    await service.stop();
    const before = credits();
    const host = crashAfterFirstCredit(openSerialportLink, cabinet);
    const crashing = new Id003BillAcceptorDriver({
      portPath: emulator.portPath,
      cabinet: host.cabinet,
      config,
      open: host.open,
      store: fileStore(stateFile()),
    });
    await crashing.start();
    await enabled();
    control('insert 100');
    await wait(() => host.crashed, 'the crash point');
    expect(credits() - before).toBe(10_000); // journaled before the crash
    await crashing.stop();
    expect(unit().stage).toBe('vend-valid'); // the unit still waits for the ACK
    await startService();
    await wait(() => unit().stage === 'idle' && count('hostAcks') > 0, 'the new host acknowledged the repeat');
    await morePolls(service.metrics, 3);
    expect(credits() - before).toBe(10_000);
    expect(events.some((e) => /^duplicate: .*already credited/.test(e))).toBe(true);
  });

  it('a host restart while a note waits in escrow: the new host finds the record, decides again, credits once', async () => {
    await enabled();
    const before = credits();
    const from = events.length;
    lost.add(0x41);
    control('insert 20');
    await wait(
      () =>
        events.slice(from).some((e) => /^escrow: .*channel 3 \(2000\) accepted/.test(e)) && unit().stage === 'escrow',
      'recorded in escrow',
    );
    await service.stop();
    lost.clear();
    expect(unit().stage).toBe('escrow');
    await startService();
    await wait(() => credits() === before + 2_000 && unit().stage === 'idle', 'credited by the new host');
    await morePolls(service.metrics, 3);
    expect(credits()).toBe(before + 2_000);
  });

  it('note test mode, door open: the unit is enabled, the note is read and handed back, never credited', async () => {
    await enabled();
    cabinet.setDoorOpen(true);
    await wait(() => unit().inhibited === true, 'door open inhibits');
    const before = credits();
    const returned = count('returned');
    service.setTestMode(true);
    await enabled();
    control('insert 50');
    await wait(() => count('returned') === returned + 1, 'handed back');
    await morePolls(service.metrics, 2);
    expect(credits()).toBe(before);
    expect(service.diagnostics().testNotes.map((n) => [n.channel, n.valueMinor])).toEqual([[4, 5_000]]);
    service.setTestMode(false);
    await wait(() => unit().inhibited === true, 'door still open: inhibited again');
    cabinet.setDoorOpen(false);
    await enabled();
  });

  it('a note over the credit limit is returned from escrow and nothing is credited', async () => {
    // Last: it fills the credits up to the limit.
    await enabled();
    const room = DEFAULT_VENUE_CONFIG.limits.creditLimitMinor - cabinet.snapshot().creditsMinor;
    // Fill up to below one 100 note of the limit with 100 notes, then the next 100 must come back.
    const hundreds = Math.floor(room / 10_000);
    for (let i = 0; i < hundreds; i++) {
      const before = credits();
      control('insert 100');
      await wait(() => credits() === before + 10_000 && unit().stage === 'idle', `100 note ${i + 1}`);
    }
    expect(DEFAULT_VENUE_CONFIG.limits.creditLimitMinor - cabinet.snapshot().creditsMinor).toBeLessThan(10_000);
    const before = credits();
    const returned = count('returned');
    control('insert 100');
    await wait(() => count('returned') === returned + 1, 'returned from escrow');
    await morePolls(service.metrics, 2);
    expect(credits()).toBe(before);
    expect(service.diagnostics().counters.rejects['cabinet-refused']).toBeGreaterThanOrEqual(1);
  });

  it('every status the driver reported in this run carried a code the screens word', () => {
    expect(statuses.length).toBeGreaterThan(10);
    const uncoded = statuses.filter((st) => !st.detailCode);
    expect(uncoded.map((st) => `${st.health}: ${st.detail}`)).toEqual([]);
    const codes = new Set(statuses.map((st) => st.detailCode!.code));
    expect([...codes]).toEqual(expect.arrayContaining(['acceptor-ready', 'id003-conditions']));
  });
});
