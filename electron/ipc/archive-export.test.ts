import { afterEach, describe, expect, it } from 'vitest';
import { closeCabinets, fund, journalOf, setupCabinet } from '../testing/cabinet-harness.ts';
import { testStaff } from '../testing/memory-staff.ts';
import type { IpcResult, JournalExportFile } from './contract.ts';
import { createIpcRouter } from './router.ts';

afterEach(closeCabinets);

function value<T>(result: IpcResult<unknown>): T {
  if (!result.ok) throw new Error(`refused: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

/** A cabinet that played 25 rounds, the oldest 15 moved to its archive. */
function archivedCabinet() {
  const h = setupCabinet();
  fund(h.cabinet, 50_000);
  for (let i = 0; i < 25; i++) {
    h.cabinet.placeChip('player', 100);
    h.cabinet.deal();
  }
  const j = journalOf(h.cabinet);
  for (;;) {
    const r = j.archiveOldRecords({ retainRounds: 10, maxRounds: 4, maxEvents: 10, at: '2026-12-01T10:00:00.000Z' });
    if (r.outcome !== 'moved') break;
  }
  return h;
}

async function routerAs(role: 'technician' | 'attendant', cabinet: ReturnType<typeof setupCabinet>['cabinet']) {
  const { staff } = testStaff({ keyOn: true, pins: { technician: '2468', attendant: '1357' } });
  await staff.signIn(role, role === 'technician' ? '2468' : '1357');
  return createIpcRouter(cabinet, {
    staff,
    paytable: () => ({}) as never,
    clock: () => new Date(Date.UTC(2026, 11, 1, 9, 30)),
  });
}

describe('tech:archive:export: the archived rows as a file, technician only', () => {
  it('the rounds file holds every archived round with its digest, oldest first, after a header', async () => {
    const h = archivedCabinet();
    const router = await routerAs('technician', h.cabinet);
    const file = value<JournalExportFile>(await router.handle('tech:archive:export', { part: 'rounds' }));
    const doc = JSON.parse(file.text) as {
      header: { format: string; counts: { rows: number } };
      chains: Array<{ chain: string; lastId: number }>;
      rows: Array<Record<string, unknown>>;
    };
    expect(file.contentType).toBe('application/json');
    expect(file.fileName).toMatch(/^journal-archive-rounds-.*\.json$/);
    expect(doc.header).toMatchObject({ format: 'baccarat-kiosk.journal-archive.rounds', counts: { rows: 15 } });
    expect(doc.rows.map((r) => r.round_id)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(doc.rows.every((r) => typeof r.chain_digest === 'string' && typeof r.cards_json === 'string')).toBe(true);
    expect(doc.chains.find((c) => c.chain === 'rounds')?.lastId).toBe(15);
    const events = value<JournalExportFile>(await router.handle('tech:archive:export', { part: 'events' }));
    expect(events.records).toBe(journalOf(h.cabinet).archivedRows('events', 0, 10_000).length);
    expect(events.records).toBeGreaterThan(0);
  });

  it('an attendant is refused with wrong-role, and no file is made', async () => {
    const h = archivedCabinet();
    const router = await routerAs('attendant', h.cabinet);
    expect(await router.handle('tech:archive:export', { part: 'rounds' })).toMatchObject({
      ok: false,
      error: { code: 'wrong-role' },
    });
  });

  it('a bad part is refused naming the field', async () => {
    const h = setupCabinet();
    const router = await routerAs('technician', h.cabinet);
    for (const bad of [{}, { part: 'ledger' }, { part: 'rounds', limit: 5 }]) {
      const r = await router.handle('tech:archive:export', bad as never);
      expect(r, JSON.stringify(bad)).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    }
    const r = await router.handle('tech:archive:export', { part: 'ledger' } as never);
    expect(r.ok ? '' : r.error.message).toMatch(/part/);
  });

  it('a cabinet with no archive exports an empty file', async () => {
    const h = setupCabinet();
    const router = await routerAs('technician', h.cabinet);
    const file = value<JournalExportFile>(await router.handle('tech:archive:export', { part: 'rounds' }));
    expect(file.records).toBe(0);
    expect(JSON.parse(file.text)).toMatchObject({ chains: [], rows: [] });
  });
});
