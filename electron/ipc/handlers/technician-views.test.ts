import { afterEach, describe, expect, it } from 'vitest';
import { configHash } from '../../core/config/config-hash.ts';
import type {
  BillAcceptorDiagnostics,
  TechDiagnostics as TechDiagnosticsResult,
} from '../../core/cabinet/diagnostics.ts';
import type { ReplayReport } from '../../core/engine/replay.ts';
import type { EventLogEntry } from '../../core/model/event-log.ts';
import type { RoundRecord } from '../../core/model/round-record.ts';
import { closeCabinets, fund, setupCabinet } from '../../testing/cabinet-harness.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { testStaff } from '../../testing/memory-staff.ts';
import type { IpcResult, JournalExportFile } from '../contract.ts';
import { createIpcRouter, type RouterServices } from '../router.ts';

afterEach(closeCabinets);

function value<T>(result: IpcResult<unknown>): T {
  if (!result.ok) throw new Error(`refused: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

/** Staff access with the key on and a technician signed in (its PIN provisioned before the test). */
async function technician() {
  const { staff } = testStaff({ keyOn: true, pins: { technician: '2468', attendant: '1357' } });
  await staff.signIn('technician', '2468');
  return staff;
}

async function setup(services: Partial<RouterServices> = {}) {
  const h = setupCabinet();
  const cabinet = h.cabinet;
  const staff = await technician();
  const router = createIpcRouter(cabinet, {
    staff,
    paytable: () => ({}) as never,
    identity: () => ({
      cabinetId: 'BK-7',
      configHash: configHash(cabinet.venueConfig()),
      currency: { code: 'EUR', minorDigits: 2 },
    }),
    clock: () => new Date(Date.UTC(2026, 11, 1, 9, 30)),
    ...services,
  });
  return { h, cabinet, router, staff };
}

describe('tech:recall:replay on the real cabinet', () => {
  it('a settled round and a voided one replay to a match under the profile kept with them', async () => {
    const { h, cabinet, router } = await setup();
    fund(cabinet);
    cabinet.placeChip('banker', 500);
    const settled = cabinet.deal();
    expect(settled.status).toBe('settled');
    expect(settled.profile).toEqual(testConfig().profile);
    h.random.failNext = true;
    cabinet.placeChip('player', 500);
    const voided = cabinet.deal();
    expect(voided.status).toBe('voided');

    const a = value<ReplayReport>(await router.handle('tech:recall:replay', { roundId: settled.roundId }));
    expect(a).toMatchObject({
      roundId: settled.roundId,
      outcomeMatches: true,
      payoutsMatch: true,
      profileRecorded: true,
    });
    expect(a.replayedOutcome).toEqual(settled.outcome);
    expect(a.replayedReturns).toEqual(settled.returns);
    const b = value<ReplayReport>(await router.handle('tech:recall:replay', { roundId: voided.roundId }));
    expect(b).toMatchObject({ outcomeMatches: true, payoutsMatch: true, replayedOutcome: null, differences: [] });
  });

  it('a round journaled before profiles were kept replays under the profile in force, and says so', async () => {
    const h = setupCabinet();
    fund(h.cabinet);
    h.cabinet.placeChip('player', 500);
    const round = h.cabinet.deal();
    // A round from before schema v3 reads back with no profile (round-store.test.ts checks the migration itself).
    const cabinet = Object.create(h.cabinet, {
      recall: { value: (q: object) => h.cabinet.recall(q).map((r) => ({ ...r, profile: null })) },
    }) as typeof h.cabinet;
    const router = createIpcRouter(cabinet, { staff: await technician(), paytable: () => ({}) as never });
    const report = value<ReplayReport>(await router.handle('tech:recall:replay', { roundId: round.roundId }));
    expect(report).toMatchObject({ outcomeMatches: true, payoutsMatch: true, profileRecorded: false });
    expect(report.profile).toEqual(h.cabinet.snapshot().profile);
  });

  it('an unknown round is refused, naming it', async () => {
    const { router } = await setup();
    const result = await router.handle('tech:recall:replay', { roundId: 99 });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'not-permitted', message: 'there is no round 99 in the journal' },
    });
  });
});

describe('tech:recall and tech:events through the router', () => {
  it('recall by time and by number; events by kind and time, paged', async () => {
    const { cabinet, router } = await setup();
    fund(cabinet, 50_000);
    for (let i = 0; i < 5; i++) {
      cabinet.placeChip('player', 100);
      cabinet.deal();
    }
    const all = value<RoundRecord[]>(await router.handle('tech:recall', { limit: 500 }));
    expect(all.map((r) => r.roundId)).toEqual([5, 4, 3, 2, 1]);
    const third = all[2]!;
    const byTime = value<RoundRecord[]>(
      await router.handle('tech:recall', { limit: 10, fromTime: third.startedAt, toTime: third.startedAt }),
    );
    expect(byTime.map((r) => r.roundId)).toEqual([3]);
    const page = value<RoundRecord[]>(await router.handle('tech:recall', { limit: 2, toRoundId: 3 }));
    expect(page.map((r) => r.roundId)).toEqual([3, 2]);

    cabinet.setDoorOpen(true);
    cabinet.setDoorOpen(false);
    const doors = value<EventLogEntry[]>(await router.handle('tech:events', { limit: 1, kind: 'door' }));
    expect(doors.map((e) => e.message)).toEqual([{ code: 'door-closed' }]);
    const older = value<EventLogEntry[]>(
      await router.handle('tech:events', { limit: 5, kind: 'door', toId: doors[0]!.id - 1 }),
    );
    expect(older.map((e) => e.message)).toEqual([{ code: 'door-opened' }]);
    const at = doors[0]!.at;
    const sameInstant = value<EventLogEntry[]>(
      await router.handle('tech:events', { limit: 50, fromTime: at, toTime: at, kind: 'door' }),
    );
    expect(sameInstant.map((e) => e.id)).toEqual([doors[0]!.id]);
  });
});

describe('tech:meters:export', () => {
  it('the meters CSV with the cabinet, the config hash and the time', async () => {
    const { cabinet, router } = await setup();
    fund(cabinet, 10_000);
    fund(cabinet, 2_000, 3);
    const { fileName, csv } = value<{ fileName: string; csv: string }>(
      await router.handle('tech:meters:export', { format: 'csv' }),
    );
    expect(fileName).toBe('meters-BK-7-20261201T093000Z.csv');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('cabinet,BK-7');
    expect(lines[1]).toBe(`config_sha256,${configHash(cabinet.venueConfig())}`);
    expect(lines[2]).toBe('generated_at,2026-12-01T09:30:00.000Z');
    expect(lines).toContain('bills-in,Bills in (notes stacked and credited),2,12000,120.00');
    expect(lines).toContain('bills-in-2000,Bills in: 20.00 EUR notes,1,2000,20.00');
    expect(lines).toContain('bills-in-10000,Bills in: 100.00 EUR notes,1,10000,100.00');
  });

  it('the same meters as a printable page when asked for html', async () => {
    const { cabinet, router } = await setup();
    fund(cabinet, 10_000);
    fund(cabinet, 2_000, 3);
    const answer = value<Record<string, string>>(await router.handle('tech:meters:export', { format: 'html' }));
    expect(Object.keys(answer).sort()).toEqual(['fileName', 'html']);
    expect(answer.fileName).toBe('meters-BK-7-20261201T093000Z.html');
    const html = answer.html ?? '';
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<th scope="row">Cabinet</th><td>BK-7</td>');
    expect(html).toContain(`<td>${configHash(cabinet.venueConfig())}</td>`);
    expect(html).toContain('<td>2026-12-01T09:30:00.000Z</td>');
    expect(html).toContain(
      '<tr data-meter="bills-in-10000"><td class="id">bills-in-10000</td><td>Bills in: 100.00 EUR notes</td>' +
        '<td class="n">1</td><td class="n">10000</td><td class="n">100.00</td></tr>',
    );
    expect(html).not.toContain('<script');
  });
});

describe('tech:diagnostics and tech:bill-test-mode', () => {
  it('without live devices: the device status from the cabinet and the inputs as staff access has them', async () => {
    const { router, staff } = await setup();
    staff.setDoor(true);
    const d = value<TechDiagnosticsResult>(await router.handle('tech:diagnostics', {}));
    expect(d.inputs).toEqual({ keyOn: true, doorOpen: true, keyFile: null, doorFile: null });
    expect(d.billAcceptor).toMatchObject({
      channels: [],
      counters: { notesIn: 0, rejects: {}, jams: 0 },
      testMode: false,
    });
    expect(d.rng).toMatchObject({ bytesRead: 0, rctFailures: 0, aptFailures: 0, lastFailure: null });
    const refusedTest = await router.handle('tech:bill-test-mode', { on: true });
    expect(refusedTest).toMatchObject({ ok: false, error: { code: 'not-permitted' } });
    expect((await router.handle('tech:bill-test-mode', { on: false })).ok).toBe(true);
  });

  it('with providers: their diagnostics, the inputs provider, and the test mode switched through', async () => {
    let testMode = false;
    const bill = (): BillAcceptorDiagnostics => ({
      health: 'healthy',
      detail: 'enabled on /dev/ttyBILL',
      detailCode: { code: 'acceptor-ready', port: '/dev/ttyBILL', enabled: true },
      serialNumber: '12648430',
      firmware: 'NV0200041000000',
      dataset: 'EUR01610',
      channels: [{ channel: 1, valueMinor: 500, enabled: true, currency: 'EUR' }],
      counters: { notesIn: 3, rejects: { acceptor: 1 }, jams: 0 },
      testMode,
      testNotes: [],
    });
    const { router } = await setup({
      diagnostics: {
        billAcceptor: bill,
        rng: () => null,
        setBillTestMode: (on) => {
          testMode = on;
          return true;
        },
      },
      inputs: () => ({ keyOn: true, doorOpen: false, keyFile: '/sys/key', doorFile: '/sys/door' }),
    });
    const d = value<TechDiagnosticsResult>(await router.handle('tech:bill-test-mode', { on: true }));
    expect(d.billAcceptor).toMatchObject({ serialNumber: '12648430', testMode: true });
    // The device's words come with their code: the screen words the code.
    expect(d.billAcceptor.detailCode).toEqual({ code: 'acceptor-ready', port: '/dev/ttyBILL', enabled: true });
    expect(d.inputs).toEqual({ keyOn: true, doorOpen: false, keyFile: '/sys/key', doorFile: '/sys/door' });
    expect(
      value<TechDiagnosticsResult>(await router.handle('tech:bill-test-mode', { on: false })).billAcceptor.testMode,
    ).toBe(false);
  });

  it('every technician view is refused while the operator key is off', async () => {
    const { router } = await setup({ staff: testStaff({ keyOn: false }).staff });
    for (const [channel, request] of [
      ['tech:meters:export', { format: 'csv' }],
      ['tech:meters:export', { format: 'html' }],
      ['tech:recall:replay', { roundId: 1 }],
      ['tech:recall:export', {}],
      ['tech:events:export', { format: 'json' }],
      ['tech:events:export', { format: 'csv' }],
      ['tech:diagnostics', {}],
      ['tech:bill-test-mode', { on: true }],
    ] as const) {
      expect(await router.handle(channel, request), channel).toMatchObject({ ok: false, error: { code: 'key-off' } });
    }
  });
});

describe('the whole event log and game recall as files (before a RAM clear)', () => {
  it('technician only: an attendant is refused with wrong-role', async () => {
    const h = setupCabinet();
    const { staff } = testStaff({ keyOn: true, pins: { technician: '2468', attendant: '1357' } });
    await staff.signIn('attendant', '1357');
    const router = createIpcRouter(h.cabinet, { staff, paytable: () => ({}) as never });
    for (const [channel, request] of [
      ['tech:recall:export', {}],
      ['tech:events:export', { format: 'csv' }],
    ] as const) {
      expect(await router.handle(channel, request), channel).toMatchObject({
        ok: false,
        error: { code: 'wrong-role' },
      });
    }
  });

  it('a bad format is refused naming the field; no file is made', async () => {
    const { router } = await setup();
    const bad = await router.handle('tech:events:export', { format: 'xml' } as never);
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(bad.ok ? '' : bad.error.message).toMatch(/format/);
  });

  it('files with the cabinet, the config hash, the time and the counts; records as the journal has them', async () => {
    const { h, cabinet, router } = await setup();
    fund(cabinet, 50_000);
    cabinet.placeChip('player', 100);
    cabinet.deal();
    h.random.failNext = true;
    cabinet.placeChip('player', 100);
    cabinet.deal();
    const recall = value<JournalExportFile>(await router.handle('tech:recall:export', {}));
    expect(recall.fileName).toBe('game-recall-BK-7-20261201T093000Z.json');
    const doc = JSON.parse(recall.text) as { header: Record<string, unknown>; rounds: RoundRecord[] };
    expect(doc.header).toEqual({
      format: 'baccarat-kiosk.game-recall',
      formatVersion: 1,
      cabinetId: 'BK-7',
      configHash: configHash(cabinet.venueConfig()),
      exportedAt: '2026-12-01T09:30:00.000Z',
      counts: { rounds: 2, settled: 1, voided: 1, inProgress: 0, demo: 0 },
    });
    // Each record as the journal has it; a voided one also says why in English.
    expect(doc.rounds.map(({ voidText: _words, ...r }: RoundRecord & { voidText?: string }) => r)).toEqual(
      JSON.parse(JSON.stringify(cabinet.recall({ limit: 10 }).reverse())),
    );
    expect(doc.rounds.map((r: RoundRecord & { voidText?: string }) => r.voidText)).toEqual([
      undefined,
      'RNG fault (RNG): the RNG failed during the deal',
    ]);

    const events = value<JournalExportFile>(await router.handle('tech:events:export', { format: 'json' }));
    const log = JSON.parse(events.text) as { header: { counts: { events: number } }; events: EventLogEntry[] };
    expect(log.header.counts.events).toBe(cabinet.events({ limit: 500 }).length);
    expect(log.events.map((e) => e.id)).toEqual(
      cabinet
        .events({ limit: 500 })
        .map((e) => e.id)
        .reverse(),
    );
    const csv = value<JournalExportFile>(await router.handle('tech:events:export', { format: 'csv' }));
    expect(csv).toMatchObject({ contentType: 'text/csv', records: log.events.length });
    expect(csv.fileName).toBe('event-log-BK-7-20261201T093000Z.csv');
  });
});

describe('device words in the rows the technician reads come with their code', () => {
  it('a bill-acceptor fault reaches the event log with the conditions its status reported, as codes', async () => {
    const { cabinet, router } = await setup();
    cabinet.reportDevice({
      device: 'bill-acceptor',
      health: 'fault',
      detail: 'stacker full: empty the cashbox; cashbox removed',
      detailCode: { code: 'acceptor-conditions', conditions: ['stacker-full', 'cashbox-removed'] },
    });
    const [tilt] = value<EventLogEntry[]>(await router.handle('tech:events', { limit: 1, kind: 'tilt' }));
    expect(tilt!.message).toEqual({
      code: 'tilt-raised',
      tilt: 'device-fault',
      source: 'bill-acceptor',
      clearance: 'device-healthy',
      reason: {
        code: 'device-reported',
        device: 'bill-acceptor',
        health: 'fault',
        deviceDetail: { code: 'acceptor-conditions', conditions: ['stacker-full', 'cashbox-removed'] },
      },
    });
  });
});
