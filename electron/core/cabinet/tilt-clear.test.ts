import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openCabinet } from '../../storage/open-cabinet.ts';
import { Journal } from '../../storage/journal.ts';
import { deterministicRandom, tempJournalPath, testConfig } from '../../testing/fixtures.ts';
import type { DeviceDetail } from '../model/device-detail.ts';
import { programFaultTilt } from './program-fault.ts';
import type { TiltKind } from '../model/tilt.ts';
import { TILT_CLEAR_RULE } from '../model/tilt-clear-role.ts';
import { isStaffError, type StaffError } from '../staff/staff-error.ts';
import { closeCabinets, journalOf, refusal, setupCabinet } from '../../testing/cabinet-harness.ts';
import type { CabinetCore } from './cabinet.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
  closeCabinets();
});

const attendant = { by: 'attendant', doorOpen: false } as const;
const technician = { by: 'technician', doorOpen: false } as const;

/** Runs `fn` and returns the StaffError it throws; fails when it throws nothing. */
function staffRefusal(fn: () => unknown): StaffError {
  try {
    fn();
  } catch (error) {
    if (isStaffError(error)) return error;
    throw error;
  }
  throw new Error('expected a StaffError');
}

const acceptor = (...conditions: string[]) => ({ code: 'acceptor-conditions', conditions }) as DeviceDetail;

/** What the bill acceptor's driver does: raises a condition with its code, and reports healthy after its reset. */
function acceptorRaises(cabinet: CabinetCore, condition: string): void {
  cabinet.raiseFault('device-fault', 'bill-acceptor', {
    code: 'device-reported',
    device: 'bill-acceptor',
    health: 'fault',
    deviceDetail: acceptor(condition),
  });
}
function acceptorResets(cabinet: CabinetCore): void {
  cabinet.reportDevice({ device: 'bill-acceptor', health: 'healthy', detail: 'reset', detailCode: acceptor() });
}

describe('clearing a latched tilt (docs/cabinet-rules.md#door-and-tilt)', () => {
  it('a device-fault raised while the device reports healthy stays: a technician clears it, and the log says who', () => {
    const { cabinet } = setupCabinet();
    cabinet.reportDevice({
      device: 'bill-acceptor',
      health: 'healthy',
      detail: 'polling',
      detailCode: { code: 'acceptor-ready', port: '/dev/test', enabled: true },
    });
    cabinet.raiseFault('device-fault', 'bill-acceptor', {
      code: 'device-reported',
      device: 'bill-acceptor',
      health: 'fault',
      deviceDetail: { code: 'acceptor-conditions', conditions: ['stacker-full'] },
    });
    expect(cabinet.snapshot().tilts.map((t) => t.kind)).toEqual(['device-fault']);
    expect(staffRefusal(() => cabinet.clearTilt('device-fault', 'bill-acceptor', attendant)).code).toBe('wrong-role');
    cabinet.clearTilt('device-fault', 'bill-acceptor', technician);
    expect(cabinet.snapshot().tilts).toEqual([]);
    const log = journalOf(cabinet).events({ kind: 'clear', limit: 1 });
    expect(log[0]?.message).toEqual({
      code: 'tilt-cleared',
      tilt: 'device-fault',
      source: 'bill-acceptor',
      cause: 'staff',
      role: 'technician',
      deviceDetail: null,
    });
  });

  it('an attendant clears a jammed note whose jam has gone', () => {
    const { cabinet } = setupCabinet();
    cabinet.reportDevice({
      device: 'bill-acceptor',
      health: 'healthy',
      detail: 'polling',
      detailCode: { code: 'acceptor-ready', port: '/dev/test', enabled: true },
    });
    acceptorRaises(cabinet, 'safe-jam');
    cabinet.clearTilt('device-fault', 'bill-acceptor', attendant);
    expect(cabinet.snapshot().tilts).toEqual([]);
  });

  it('refuses while the condition is still there, saying why, and changes nothing', () => {
    const { cabinet } = setupCabinet();
    cabinet.reportDevice({
      device: 'bill-acceptor',
      health: 'fault',
      detail: 'stacker full',
      detailCode: { code: 'acceptor-conditions', conditions: ['stacker-full'] },
    });
    const before = cabinet.snapshot().tilts;
    const error = refusal(() => cabinet.clearTilt('device-fault', 'bill-acceptor', technician));
    expect(error.code).toBe('not-permitted');
    expect(error.message).toContain('bill-acceptor still reports fault: stacker full');
    expect(cabinet.snapshot().tilts).toEqual(before);
    // The automatic clearing still works.
    cabinet.reportDevice({
      device: 'bill-acceptor',
      health: 'healthy',
      detail: 'emptied',
      detailCode: { code: 'acceptor-ready', port: '/dev/test', enabled: true },
    });
    expect(cabinet.snapshot().tilts).toEqual([]);
  });

  it('door-open clears only with the door closed; memory-error and handpay-pending have their own clearances', () => {
    const { cabinet } = setupCabinet();
    cabinet.setDoorOpen(true);
    expect(refusal(() => cabinet.clearTilt('door-open', 'door', { by: 'technician', doorOpen: true })).message).toMatch(
      /door is still open/,
    );
    cabinet.clearTilt('door-open', 'door', { by: 'technician', doorOpen: false });
    expect(cabinet.snapshot().tilts).toEqual([]);
    cabinet.raiseFault('memory-error', 'critical-memory', { code: 'memory-no-good-copy' });
    expect(staffRefusal(() => cabinet.clearTilt('memory-error', 'critical-memory', attendant)).code).toBe('wrong-role');
    expect(refusal(() => cabinet.clearTilt('memory-error', 'critical-memory', technician)).message).toMatch(
      /RAM clear/,
    );
    expect(refusal(() => cabinet.clearTilt('rng-fault', 'rng', attendant)).message).toBe(
      'there is no rng-fault tilt from rng',
    );
  });

  it('an attendant may clear only door, handpay and jam tilts: every other tilt answers wrong-role and stays', () => {
    const { cabinet } = setupCabinet();
    cabinet.reportDevice({
      device: 'bill-acceptor',
      health: 'healthy',
      detail: 'polling',
      detailCode: { code: 'acceptor-ready', port: '/dev/test', enabled: true },
    });
    cabinet.reportDevice({ device: 'rng', health: 'healthy', detail: 'ok', detailCode: { code: 'os-entropy-only' } });
    const raised: Array<[TiltKind, string, () => void]> = [
      ['rng-fault', 'rng', () => cabinet.raiseFault('rng-fault', 'rng', { code: 'rng-deal-failure' })],
      [
        'memory-error',
        'critical-memory',
        () => cabinet.raiseFault('memory-error', 'critical-memory', { code: 'memory-no-good-copy' }),
      ],
    ];
    for (const condition of ['credit-anomaly', 'fraud', 'stacker-full', 'cashbox-removed']) {
      raised.push(['device-fault', 'bill-acceptor', () => acceptorRaises(cabinet, condition)]);
    }
    for (const [kind, source, raise] of raised) {
      raise();
      const before = cabinet.snapshot().tilts;
      expect(staffRefusal(() => cabinet.clearTilt(kind, source, attendant)).code, `${kind} ${source}`).toBe(
        'wrong-role',
      );
      expect(cabinet.snapshot().tilts).toEqual(before);
      if (kind === 'device-fault') cabinet.clearTilt(kind, source, technician);
    }
    expect(TILT_CLEAR_RULE.byKind).toEqual({
      'door-open': 'attendant',
      'handpay-pending': 'attendant',
      'device-fault': 'technician',
      'rng-fault': 'technician',
      'memory-error': 'technician',
      'storage-fault': 'technician',
      'program-fault': 'technician',
      'stadium-fault': 'technician',
    });
  });
});

describe('the program-fault tilt a crash leaves (docs/cabinet-rules.md#door-and-tilt)', () => {
  const CRASH = { crash: 'uncaught-exception', error: 'TypeError', at: '2026-12-07T03:00:00.000Z' } as const;
  /** The tilt the crash handler leaves in the journal on its way out (electron/app/process-crash-record.ts). */
  const crashTiltWritten = (journal: Journal): void =>
    journal.transaction(() => void journal.putTilt(programFaultTilt(CRASH, CRASH.at)));

  it('a crash with a round open: the next start voids and refunds it, is tilted, lets the player cash out, and only a technician clears the tilt', () => {
    const tmp = tempJournalPath('crash-tilt-');
    cleanups.push(tmp.cleanup);
    // A process that dies right after its lock commit: 100.00 credited, 6.00 bet and debited, no card dealt.
    const child = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('../../testing/recovery-child.ts', import.meta.url))],
      {
        env: { ...process.env, RECOVERY_JOURNAL: tmp.path, RECOVERY_STATE: 'locked' },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(child.signal, child.stderr).toBe('SIGKILL');
    // What the crash handler journals on its way out, the round still open.
    const dying = Journal.open(tmp.path);
    crashTiltWritten(dying);
    dying.close();

    const cabinet = openCabinet({ journalPath: tmp.path, config: testConfig(), random: deterministicRandom(3) });
    cleanups.push(() => cabinet.close());
    expect(cabinet.recall({ limit: 1 })[0]).toMatchObject({ status: 'voided', refundedMinor: 600 });
    expect(cabinet.snapshot().creditsMinor).toBe(10_000);
    expect(cabinet.snapshot().tilts.map((t) => [t.kind, t.source, t.clearedBy])).toEqual([
      ['program-fault', 'program', 'technician-clear'],
    ]);
    // Play and money-in stop; the money on the meter is never stranded behind the tilt.
    expect(cabinet.canAcceptBill(1_000).accept).toBe(false);
    expect(refusal(() => cabinet.placeChip('banker', 500)).code).toBe('tilted');
    expect(staffRefusal(() => cabinet.clearTilt('program-fault', 'program', attendant)).code).toBe('wrong-role');
    expect(cabinet.snapshot().tilts.map((t) => t.kind)).toEqual(['program-fault']);
    cabinet.clearTilt('program-fault', 'program', technician);
    expect(cabinet.snapshot().tilts).toEqual([]);
    expect(cabinet.events({ kind: 'clear', limit: 1 })[0]!.message).toEqual({
      code: 'tilt-cleared',
      tilt: 'program-fault',
      source: 'program',
      cause: 'staff',
      role: 'technician',
      deviceDetail: null,
    });
  });

  it('cash-out stays open during a program-fault tilt', () => {
    const h = setupCabinet();
    h.cabinet.creditBill({ valueMinor: 5_000, channel: 4, eventKey: 'crash-cash-out' });
    crashTiltWritten(journalOf(h.cabinet));
    const after = h.restart();
    expect(after.snapshot().tilts.map((t) => t.kind)).toEqual(['program-fault']);
    expect(after.cashOut().amountMinor).toBe(5_000);
    expect(after.snapshot().creditsMinor).toBe(0);
  });
});

describe('latched device faults (docs/cabinet-rules.md#door-and-tilt)', () => {
  it.each(['credit-anomaly', 'fraud'])(
    "a %s stays through the acceptor's reset and the cabinet's restart until a technician clears it",
    (condition) => {
      const h = setupCabinet();
      acceptorRaises(h.cabinet, condition);
      acceptorResets(h.cabinet);
      expect(h.cabinet.snapshot().tilts.map((t) => [t.kind, t.source])).toEqual([['device-fault', 'bill-acceptor']]);
      const after = h.restart();
      acceptorResets(after);
      expect(after.snapshot().tilts.map((t) => [t.kind, t.source])).toEqual([['device-fault', 'bill-acceptor']]);
      expect(after.canAcceptBill(1_000).accept).toBe(false);
      expect(staffRefusal(() => after.clearTilt('device-fault', 'bill-acceptor', attendant)).code).toBe('wrong-role');
      after.clearTilt('device-fault', 'bill-acceptor', technician);
      expect(after.snapshot().tilts).toEqual([]);
    },
  );

  it('a credit anomaly after a jam latches the tilt the jam raised', () => {
    const { cabinet } = setupCabinet();
    acceptorRaises(cabinet, 'safe-jam');
    acceptorRaises(cabinet, 'credit-anomaly');
    acceptorResets(cabinet);
    expect(cabinet.snapshot().tilts.map((t) => t.reasonCode)).toEqual([
      { code: 'device-reported', device: 'bill-acceptor', health: 'fault', deviceDetail: acceptor('credit-anomaly') },
    ]);
  });

  it('a jam is not latched: the acceptor reporting healthy clears it', () => {
    const { cabinet } = setupCabinet();
    acceptorRaises(cabinet, 'safe-jam');
    acceptorResets(cabinet);
    expect(cabinet.snapshot().tilts).toEqual([]);
  });
});
