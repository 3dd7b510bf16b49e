import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_VENUE_CONFIG } from '../core/config/venue-config.ts';
import { createIpcRouter } from '../ipc/router.ts';
import type { JournalDamageView, JournalSalvageExport } from '../ipc/journal-damage-view.ts';
import { damageJournalFile, FILE_DAMAGES } from '../testing/journal-file-damage.ts';
import type { RunningCabinet } from './running-cabinet.ts';
import { startCabinet } from './start-cabinet.ts';

const dirs: string[] = [];
const running: RunningCabinet[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.dispose();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** OS entropy approved, so a sound journal plays without devices (docs/rng.md#approved-entropy-source). */
const CONFIG = {
  ...DEFAULT_VENUE_CONFIG,
  devices: { ...DEFAULT_VENUE_CONFIG.devices, rng: { ...DEFAULT_VENUE_CONFIG.devices.rng, source: 'os' as const } },
};

async function start(journalPath: string): Promise<RunningCabinet> {
  const r = await startCabinet({ journalPath, config: CONFIG, env: {}, log: () => undefined });
  running.push(r);
  return r;
}

let note = 0;
async function playOneRound(r: RunningCabinet): Promise<void> {
  expect(r.cabinet.creditBill({ valueMinor: 10_000, channel: 5, eventKey: `damage-test-${note++}` })).toBe(true);
  r.cabinet.placeChip('banker', 500);
  expect(r.cabinet.deal().status).toBe('settled');
}

/** A real journal with money and a round in it, closed, then damaged below SQLite. */
async function damagedJournal(
  how: (typeof FILE_DAMAGES)[number],
): Promise<{ journalPath: string; sha256: string | null }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'damaged-journal-'));
  dirs.push(dir);
  const journalPath = path.join(dir, 'journal.sqlite');
  const first = await start(journalPath);
  await playOneRound(first);
  await first.dispose();
  damageJournalFile(journalPath, how);
  const sha256 = statSync(journalPath).isFile()
    ? createHash('sha256').update(readFileSync(journalPath)).digest('hex')
    : null;
  return { journalPath, sha256 };
}

/**
 * Which check each damage fails first (a truncated file loses schema or data pages, by its layout), and
 * which proof moves it aside (docs/cabinet-rules.md#damaged-journal).
 */
const EXPECTED: Record<(typeof FILE_DAMAGES)[number], { checks: readonly string[]; proofs: readonly string[] }> = {
  header: { checks: ['open'], proofs: ['header'] },
  'schema-page': { checks: ['schema'], proofs: ['schema'] },
  'data-page': { checks: ['quick-check'], proofs: ['integrity-check'] },
  truncated: { checks: ['schema', 'quick-check'], proofs: ['schema', 'integrity-check'] },
  directory: { checks: ['file'], proofs: ['file'] },
};

describe('a damaged journal starts the cabinet in RAM-error mode, never a crash', () => {
  for (const how of FILE_DAMAGES) {
    it(`${how}: locked with a memory-error naming the damage; the technician RAM clear ends it and play resumes`, async () => {
      const { journalPath, sha256 } = await damagedJournal(how);
      const r = await start(journalPath);
      expect(r.recovery).toMatch(/^RAM error: journal damaged/);

      // Locked: the tilt names the check, the file kept aside and its SHA-256.
      const tilt = r.cabinet.snapshot().tilts.find((t) => t.kind === 'memory-error');
      expect(tilt?.source).toBe('journal');
      const kept = readdirSync(path.dirname(journalPath)).find((f) =>
        /^journal\.sqlite\.damaged-\d{8}T\d{9}Z$/.test(f),
      );
      expect(kept, 'the damaged file is kept aside').toBeDefined();
      if (sha256) expect(tilt?.reasonCode).toMatchObject({ sha256 });
      // The reason is a code naming the proof, never only words.
      expect(tilt?.reasonCode).toMatchObject({ code: 'journal-damaged', damagedFile: kept });
      const proof = (tilt?.reasonCode as { proof?: string } | undefined)?.proof;
      expect(EXPECTED[how].proofs).toContain(proof);
      expect(existsSync(path.join(path.dirname(journalPath), `${kept}.salvage.jsonl`)) || how === 'directory').toBe(
        true,
      );

      // Every player channel that changes something answers a typed error.
      const router = createIpcRouter(r.cabinet, r.services);
      expect(await router.handle('bets:place', { spot: 'banker', chipMinor: 500 })).toMatchObject({
        ok: false,
        error: { code: 'tilted' },
      });
      expect(await router.handle('round:deal', {})).toMatchObject({ ok: false });
      expect(r.cabinet.canAcceptBill(1_000).accept).toBe(false);

      // The technician: key on. No PIN can be read from the damaged file and no sign-in sets one: the
      // fresh journal has none until one is provisioned (the test controls stand in for the command here).
      r.inputs.setOperatorKey(true);
      await expect(r.staff.signIn('technician', '864209')).rejects.toMatchObject({ code: 'no-pin' });
      await r.staff.setPin('technician', '864209');
      await r.staff.signIn('technician', '864209');
      // Diagnostics: which check failed, in SQLite's words, the size, the file kept and its SHA-256.
      const view = await router.handle('tech:journal-damage', {});
      expect(view).toMatchObject({ ok: true, value: { damagedFile: kept, sha256 } });
      const damage = (view as { value: JournalDamageView }).value;
      expect(EXPECTED[how].checks).toContain(damage.check);
      expect(damage.proof).toBe(proof);
      expect(damage.message.length).toBeGreaterThan(0);
      // Export of whatever can still be read, counted per table.
      const exported = await router.handle('tech:journal-damage:export', {});
      if (how === 'directory' || how === 'header') {
        expect(exported).toMatchObject({ ok: true, value: { tables: null } });
      } else {
        const value = (exported as { value: JournalSalvageExport }).value;
        // A damaged schema may hide the list of tables itself; otherwise every table is listed.
        expect(value.problem === null || damage.check === 'schema').toBe(true);
        if (value.tables) {
          const rows = value.tables.reduce((n, t) => n + t.rows, 0);
          expect(value.text?.trim().split('\n').filter(Boolean) ?? []).toHaveLength(rows);
        }
        if (how === 'data-page') {
          // The ledger's page is unreadable and stepped over; the other tables are read in full.
          expect(value.tables?.find((t) => t.table === 'ledger')?.unreadable).toBeGreaterThan(0);
          expect(value.tables?.find((t) => t.table === 'rounds')?.rows).toBeGreaterThan(0);
        }
      }
      expect(await router.handle('tech:ram-clear', { confirm: 'RAM CLEAR' })).toMatchObject({ ok: true });
      expect(await router.handle('tech:journal-damage', {})).toEqual({ ok: true, value: null });
      // The log names the file kept aside where the tilt was raised, and ends that very tilt at the clear.
      const log = r.cabinet
        .events({ limit: 50 })
        .reverse()
        .map((e) => e.message);
      const raised = log.findIndex(
        (m) => m.code === 'tilt-raised' && m.reason.code === 'journal-damaged' && m.reason.damagedFile === kept,
      );
      const cleared = log.findIndex(
        (m) =>
          m.code === 'tilt-cleared' && m.tilt === 'memory-error' && m.source === 'journal' && m.cause === 'ram-clear',
      );
      expect(raised).toBeGreaterThanOrEqual(0);
      expect(cleared).toBeGreaterThan(raised);
      r.staff.signOut();
      r.inputs.setOperatorKey(false);

      expect(r.cabinet.snapshot().tilts).toEqual([]);
      await playOneRound(r);
      // Kept, never deleted.
      expect(existsSync(path.join(path.dirname(journalPath), kept!))).toBe(true);

      // A restart after the clear is a clean start on the fresh journal.
      await r.dispose();
      const again = await start(journalPath);
      expect(again.recovery).not.toMatch(/RAM error/);
      expect(again.cabinet.snapshot().tilts).toEqual([]);
    });
  }

  it('a restart before the RAM clear is locked again (the tilt is durable in the fresh journal)', async () => {
    const { journalPath } = await damagedJournal('data-page');
    const r = await start(journalPath);
    await r.dispose();
    const again = await start(journalPath);
    expect(again.cabinet.snapshot().tilts.map((t) => `${t.kind}:${t.source}`)).toContain('memory-error:journal');
    expect(readdirSync(path.dirname(journalPath)).filter((f) => /\.damaged-\d+T\d+Z$/.test(f))).toHaveLength(1);
  });
});
