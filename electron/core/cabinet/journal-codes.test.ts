/**
 * Every row the cabinet writes from schema v5 on carries its coded form: events, tilts and void reasons
 * (docs/cabinet-rules.md#operator-menu-and-key-switch). The cabinet and staff access run for real on a
 * real journal through every writer; no row may fall back to its words only.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openCabinet } from '../../storage/open-cabinet.ts';
import { closeCabinets, fund, journalOf, setupCabinet } from '../../testing/cabinet-harness.ts';
import { deterministicRandom, tempJournalPath, testConfig } from '../../testing/fixtures.ts';
import { TEST_SCRYPT, testPinHash } from '../../testing/memory-staff.ts';
import { createPinHasher } from '../staff/pin-hash.ts';
import { createStaffAccess } from '../staff/staff-access.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
  closeCabinets();
});

function withoutKillPoint(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  delete copy.CHAOS_KILL_AT_STATEMENT;
  return copy;
}

describe('coded journal rows', () => {
  it('a day of play, faults, handpays, staff access and a RAM clear leaves no row without its code', async () => {
    const h = setupCabinet();
    const c = h.cabinet;
    fund(c);
    c.setDoorOpen(true);
    c.setDoorOpen(false);
    c.placeChip('player', 500);
    h.random.failNext = true;
    const voided = c.deal();
    c.reportDevice({
      device: 'rng',
      health: 'healthy',
      detail: 'health tests pass',
      detailCode: { code: 'os-entropy-only' },
    });
    c.reportDevice({
      device: 'bill-acceptor',
      health: 'fault',
      detail: 'stacker full: empty the cashbox',
      detailCode: { code: 'acceptor-conditions', conditions: ['stacker-full'] },
    });
    c.reportDevice({
      device: 'bill-acceptor',
      health: 'healthy',
      detail: 'enabled on /dev/ttyUSB0',
      detailCode: { code: 'acceptor-ready', port: '/dev/test', enabled: true },
    });
    c.placeChip('banker', 500);
    c.deal();
    c.cashOut();
    c.clearHandpay('attendant');
    c.applyConfig(testConfig({ attractIdleS: 77 }), 'technician');
    c.raiseFault('memory-error', 'critical-memory', { code: 'memory-no-good-copy' });
    c.ramClear();

    const journal = journalOf(c);
    let now = Date.UTC(2026, 11, 1, 4);
    journal.staff.provision('technician', testPinHash('2468'), new Date(now).toISOString());
    const staff = createStaffAccess({
      store: journal.staff,
      hasher: createPinHasher(TEST_SCRYPT),
      clock: () => new Date(now++),
      schedule: () => () => undefined,
      idleSignOutMs: 60_000,
    });
    staff.setKey(true);
    await staff.signIn('technician', '2468');
    staff.signOut();
    await staff.signIn('technician', '1111').catch(() => undefined);
    staff.setKey(false);
    const c2 = h.restart();

    const events = journalOf(c2).events({ limit: 500 });
    const codes = events.map((e) => e.message?.code);
    expect(events.filter((e) => !e.message)).toEqual([]);
    for (const code of [
      'memory-initialised',
      'power-up',
      'door-opened',
      'door-closed',
      'round-voided',
      'tilt-raised',
      'tilt-cleared',
      'fault-raised',
      'handpay-created',
      'handpay-paid',
      'config-changed',
      'ram-cleared',
      'staff-pin-provisioned',
      'staff-signed-out',
      'staff-wrong-pin',
      'key-switch',
      'shutdown',
    ]) {
      expect(codes, code).toContain(code);
    }
    // No tilt reason fell back to its words either.
    const reasons = events.flatMap((e) =>
      e.message && 'reason' in e.message && typeof e.message.reason === 'object' ? [e.message.reason] : [],
    );
    expect(reasons.length).toBeGreaterThan(0);
    // The handpay paid is the one created, with its amount in minor units.
    const created = events.find((e) => e.message?.code === 'handpay-created')?.message;
    const paid = events.find((e) => e.message?.code === 'handpay-paid')?.message;
    expect(created).toEqual({
      code: 'handpay-created',
      handpayId: 1,
      amountMinor: expect.any(Number),
      origin: 'cash-out',
    });
    const amount = created && 'amountMinor' in created ? created.amountMinor : 0;
    expect(amount).toBeGreaterThan(0);
    expect(paid).toEqual({ code: 'handpay-paid', role: 'attendant', handpayIds: [1], totalMinor: amount });
    expect(c2.recall({ fromRoundId: voided.roundId, toRoundId: voided.roundId })[0]!.voidCode).toEqual({
      code: 'rng-fault',
      source: 'rng',
      reason: { code: 'rng-deal-failure' },
    });
    staff.close();
  });

  it('a round found open at power-up is voided as power-lost, saying where it stood', () => {
    const tmp = tempJournalPath('codes-recovery-');
    cleanups.push(tmp.cleanup);
    const child = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('../../testing/recovery-child.ts', import.meta.url))],
      {
        env: { ...withoutKillPoint(process.env), RECOVERY_JOURNAL: tmp.path, RECOVERY_STATE: 'dealt' },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(child.signal, child.stderr).toBe('SIGKILL');
    const c = openCabinet({ journalPath: tmp.path, config: testConfig(), random: deterministicRandom(1) });
    cleanups.unshift(() => c.close());
    const [round] = c.recall({ limit: 1 });
    expect(round!.voidCode).toEqual({ code: 'power-lost', status: 'dealt' });
    const voidEvent = c.events({ kind: 'void', limit: 1 })[0]!;
    expect(voidEvent.message).toEqual({
      code: 'round-voided',
      roundId: round!.roundId,
      refundMinor: 600,
      reason: { code: 'power-lost', status: 'dealt' },
    });
  });
});
