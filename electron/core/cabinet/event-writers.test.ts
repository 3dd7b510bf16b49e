/**
 * Each event-log writer stores its own code beside its words (docs/cabinet-rules.md#operator-menu-and-key-switch):
 * power-up and shutdown, critical memory and its copy file, bills, handpays, config changes and staff access,
 * each run for real through the cabinet or staff access on a real journal. The words are the row's
 * original text; the code is what the staff menu words, and the journal never reads one from the other.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../storage/migrations.ts';
import { closeCabinets, fund, journalOf, setupCabinet } from '../../testing/cabinet-harness.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { corruptCriticalCopy } from '../../testing/journal-damage.ts';
import { TEST_SCRYPT, testPinHash } from '../../testing/memory-staff.ts';
import { configHash } from '../config/config-hash.ts';
import type { EventLogEntry } from '../model/event-log.ts';
import { createPinHasher } from '../staff/pin-hash.ts';
import { createStaffAccess } from '../staff/staff-access.ts';
import type { CabinetCore } from './cabinet.ts';

afterEach(closeCabinets);

/** The rows of one kind, oldest first, as their codes and parameters. */
function rows(c: CabinetCore, kind: string): Array<EventLogEntry['message']> {
  return c
    .events({ kind, limit: 100 })
    .reverse()
    .map((e) => e.message);
}

const SCHEMA = MIGRATIONS.length;

describe('each event-log writer stores its code with every fact as a parameter', () => {
  it('power-up, orderly shutdown and a new journal initialising critical memory', () => {
    const h = setupCabinet();
    const c = h.restart();
    expect(rows(c, 'memory')).toEqual([{ code: 'memory-initialised' }]);
    expect(rows(c, 'power-up')).toEqual([
      { code: 'power-up', count: 1, schema: SCHEMA },
      { code: 'power-up', count: 2, schema: SCHEMA },
    ]);
    expect(rows(c, 'shutdown')).toEqual([{ code: 'shutdown' }]);
  });

  it('a power-up with no good copy of critical memory says its meters are unavailable', () => {
    const h = setupCabinet();
    h.cabinet.close();
    corruptCriticalCopy(h.path, 'a', 'flip-body');
    corruptCriticalCopy(h.path, 'b', 'bad-checksum');
    const c = h.restart();
    expect(rows(c, 'power-up').at(-1)).toEqual({ code: 'power-up-memory-error' });
  });

  it('a bad copy of critical memory rebuilt from the good one names both copies, what was wrong and which check', () => {
    const h = setupCabinet();
    fund(h.cabinet, 5_000, 4);
    h.cabinet.close();
    corruptCriticalCopy(h.path, 'b', 'flip-body');
    let c = h.restart();
    expect(rows(c, 'memory').at(-1)).toEqual({
      code: 'memory-copy-rebuilt',
      copy: 'b',
      from: 'a',
      copyProblem: 'checksum-mismatch',
      during: 'start-up',
    });
    c.close();
    corruptCriticalCopy(h.path, 'a', 'delete');
    c = h.restart();
    expect(rows(c, 'memory').at(-1)).toEqual({
      code: 'memory-copy-rebuilt',
      copy: 'a',
      from: 'b',
      copyProblem: 'missing',
      during: 'start-up',
    });
  });

  it('the copy file of critical memory: rebuilt when unusable, brought up to date when behind, by how much', () => {
    const h = setupCabinet();
    const copyFile = `${h.path}.critical`;
    fund(h.cabinet, 5_000, 4);
    h.cabinet.close();
    rmSync(copyFile);
    let c = h.restart();
    expect(rows(c, 'memory').at(-1)).toEqual({
      code: 'memory-copy-file-rebuilt',
      copyFile,
      problem: 'missing',
      osCode: null,
    });

    for (const notes of [1, 2]) {
      const before = readFileSync(copyFile);
      for (let i = 0; i < notes; i++) fund(c, 1_000, 2);
      c.close();
      writeFileSync(copyFile, before); // the writes that never happened
      c = h.restart();
      expect(rows(c, 'memory').at(-1)).toEqual({ code: 'memory-copy-file-behind', commitsBehind: notes });
    }
  });

  it('a note credited with a warning keeps its value in minor units and its warnings as codes', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    c.setDoorOpen(true);
    expect(c.creditBill({ valueMinor: 2_000, channel: 3, eventKey: 'stacked-while-open' })).toBe(true);
    expect(rows(c, 'bill').at(-1)).toEqual({
      code: 'bill-credited-anomaly',
      valueMinor: 2_000,
      channel: 3,
      eventKey: 'stacked-while-open',
      warnings: ['stacked-while-tilted'],
    });
  });

  it('a handpay created at cash-out carries its number, amount and origin', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    fund(c, 12_550 - 50, 5);
    fund(c, 50, 1);
    const hp = c.cashOut();
    expect(rows(c, 'handpay')).toEqual([
      { code: 'handpay-created', handpayId: hp.handpayId, amountMinor: 12_550, origin: 'cash-out' },
    ]);
  });

  it('a config change carries the start of the new config hash and the fields changed, at start-up and by a technician', () => {
    const h = setupCabinet();
    const next = testConfig({ attractIdleS: 77 });
    h.cabinet.applyConfig(next, 'technician');
    const changed = rows(h.cabinet, 'config');
    expect(changed).toHaveLength(2);
    expect(changed).toEqual([
      { code: 'config-changed', hash: configHash(testConfig()).slice(0, 16), installed: true, fields: [] },
      { code: 'config-changed', hash: configHash(next).slice(0, 16), installed: false, fields: ['attractIdleS'] },
    ]);
  });

  it('staff access: every key turn, sign-in, sign-out, wrong PIN, lockout and PIN set', async () => {
    const h = setupCabinet();
    let now = Date.UTC(2026, 11, 1, 4);
    const timers = new Set<() => void>();
    journalOf(h.cabinet).staff.provision('technician', testPinHash('2468'), new Date(now).toISOString());
    journalOf(h.cabinet).staff.provision('attendant', testPinHash('1357'), new Date(now).toISOString());
    const staff = createStaffAccess({
      store: journalOf(h.cabinet).staff,
      hasher: createPinHasher(TEST_SCRYPT),
      clock: () => new Date(now),
      schedule: (_delay, fn) => {
        timers.add(fn);
        return () => void timers.delete(fn);
      },
      idleSignOutMs: 60_000,
    });
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (error: Error) => error.message,
      );

    staff.setKey(true);
    await staff.signIn('technician', '2468');
    staff.signOut();
    await staff.signIn('technician', '2468');
    await staff.signIn('attendant', '1357');
    now += 60_000; // a minute without a staff request: the idle timer fires
    for (const fire of [...timers]) fire();
    await staff.setPin('attendant', '1111');
    for (let i = 0; i < 5; i++) expect(await refused(staff.signIn('attendant', '0000'))).toMatch(/wrong PIN/);
    const until = new Date(now + 15 * 60_000).toISOString();
    expect(await refused(staff.signIn('attendant', '1111'))).toMatch(/locked/);
    await staff.signIn('technician', '2468');
    staff.setKey(false);
    staff.close();

    const wrong = [1, 2, 3, 4].map((failures) => ({ code: 'staff-wrong-pin', role: 'attendant', failures }));
    const signedOut = { code: 'staff-signed-out', idleS: null, by: null };
    expect(rows(h.cabinet, 'staff')).toEqual([
      { code: 'staff-pin-provisioned', role: 'technician' },
      { code: 'staff-pin-provisioned', role: 'attendant' },
      { code: 'key-switch', on: true },
      { code: 'staff-signed-in', role: 'technician' },
      { ...signedOut, role: 'technician', why: 'menu' },
      { code: 'staff-signed-in', role: 'technician' },
      { ...signedOut, role: 'technician', why: 'other-sign-in', by: 'attendant' },
      { code: 'staff-signed-in', role: 'attendant' },
      { ...signedOut, role: 'attendant', why: 'idle', idleS: 60 },
      { code: 'staff-pin-set-by-test', role: 'attendant' },
      ...wrong,
      { code: 'staff-locked-out', role: 'attendant', failures: 5, until },
      { code: 'staff-sign-in-refused', role: 'attendant', until },
      { code: 'staff-signed-in', role: 'technician' },
      { code: 'key-switch', on: false },
      { ...signedOut, role: 'technician', why: 'key-off' },
    ]);
  });
});
