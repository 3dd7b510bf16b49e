/**
 * The real cabinet (SQLite journal in a temp dir) playing on the RNG service over a socat pty,
 * with the emulator as a separate process. Rules: "If the RNG fails, play stops"
 * (docs/rng.md#rng-failure-stops-play), a malfunction voids the round and refunds every bet
 * (docs/cabinet-rules.md#power-loss), SP 800-90B RCT (docs/rng.md#repetition-count-test).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceStatus } from '../../core/cabinet/cabinet-api.ts';
import { openCabinet } from '../../storage/open-cabinet.ts';
import { tempJournalPath, testConfig } from '../../testing/fixtures.ts';
import { createRngService, type RngService } from './rng-service.ts';
import { startRngEmulatorProcess, type EmulatorProcess } from '../../testing/rng-emulator-process.ts';
import { createSocatPair, type SocatPair } from '../../emulators/socat-pair.ts';

let socat: SocatPair;
let emulator: EmulatorProcess | null = null;
let service: RngService | null = null;
let journal: ReturnType<typeof tempJournalPath>;
let cabinet: ReturnType<typeof openCabinet> | null = null;

beforeEach(async () => {
  socat = createSocatPair();
  await socat.start();
  journal = tempJournalPath('rng-cabinet-');
});

afterEach(async () => {
  await service?.stop();
  service = null;
  await emulator?.stop();
  emulator = null;
  cabinet?.close();
  cabinet = null;
  journal.cleanup();
  await socat.dispose();
});

describe('cabinet + hardware RNG over a socat pty', () => {
  it('a stuck RNG stream: the RCT trips within its cutoff, the round in progress is voided and refunded, play stops until healthy', async () => {
    emulator = await startRngEmulatorProcess(socat.a, 'good');
    // Status reaches the cabinet asynchronously, as through a hardware bridge: a deal can start in between.
    const delivered: DeviceStatus[] = [];
    service = createRngService({
      portPath: socat.b,
      // Not a test of stalls: a limit no busy machine reaches, so the fault that comes is the stuck stream's.
      stallTimeoutMs: 10_000,
      backoff: { initialMs: 50, maxMs: 300 },
      onStatus: (status) =>
        setImmediate(() => {
          delivered.push(status);
          cabinet?.reportDevice(status);
        }),
    });
    cabinet = openCabinet({ journalPath: journal.path, config: testConfig(), random: service.random });
    await service.start();
    await service.reader!.whenHealth('healthy', 10_000);
    await service.reader!.whenAvailable(512, 5000);
    await new Promise((r) => setImmediate(r));

    cabinet.creditBill({ valueMinor: 10_000, channel: 3, eventKey: 'note-1' });
    cabinet.placeChip('banker', 500);
    cabinet.placeChip('player', 100);
    const settled = cabinet.deal();
    expect(settled.status).toBe('settled');
    const creditsBefore = cabinet.snapshot().creditsMinor;

    // The next round's bets are on the table when the stream sticks.
    cabinet.placeChip('banker', 500);
    cabinet.placeChip('tie', 100);
    const rctFailures: number[] = [];
    service.reader!.events.on('failure', (f) => {
      if (f.test === 'repetition-count') rctFailures.push(f.count);
    });
    let voided: ReturnType<typeof cabinet.deal> | null = null;
    const fault = service.reader!.whenHealth('fault', 5000).then((status) => {
      // The player pressed DEAL in the same instant: the tilt has not reached the cabinet yet.
      voided = cabinet!.deal();
      return status;
    });
    emulator.setMode('stuck');
    const status = await fault;
    expect(status.detail).toMatch(/repetition count test failed: 9 identical samples/);
    // Tripped on the 9th identical sample in a row: the cutoff C = 1 + ⌈30/4⌉ = 9, not later.
    expect(rctFailures[0]).toBe(9);

    // The round was locked and debited, the RNG threw mid-deal: voided, every bet refunded once.
    expect(voided).not.toBeNull();
    const record = voided!;
    expect(record.status).toBe('voided');
    expect(record.cards).toEqual([]);
    expect(record.refundedMinor).toBe(600);
    expect(record.voidCode?.code).toBe('rng-fault');
    expect(cabinet.snapshot().creditsMinor).toBe(creditsBefore);
    expect(cabinet.meters().roundsVoided).toBe(1);
    expect(cabinet.snapshot().tilts.some((t) => t.kind === 'rng-fault')).toBe(true);

    // The fault status arrives: play stays stopped, nothing is refunded twice.
    await new Promise((r) => setImmediate(r));
    expect(delivered.at(-1)?.health).toBe('fault');
    expect(cabinet.snapshot().creditsMinor).toBe(creditsBefore);
    expect(() => cabinet!.deal()).toThrow();
    expect(cabinet.meters().roundsVoided).toBe(1);

    // The device recovers: fresh start-up test, healthy, tilt cleared, play resumes.
    emulator.setMode('good');
    await service.reader!.whenHealth('healthy', 10_000);
    await service.reader!.whenAvailable(512, 5000);
    await new Promise((r) => setImmediate(r));
    expect(cabinet.snapshot().tilts.some((t) => t.kind === 'rng-fault')).toBe(false);
    cabinet.placeChip('player', 100);
    expect(cabinet.deal().status).toBe('settled');
    expect(cabinet.recall({ limit: 10 }).map((r) => r.status)).toEqual(
      expect.arrayContaining(['settled', 'voided', 'settled']),
    );
  });
});
