import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_VENUE_CONFIG } from '../core/config/venue-config.ts';
import { createIpcRouter } from '../ipc/router.ts';
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
      expect(tilt?.reason).toContain(kept!);
      if (sha256) expect(tilt?.reason).toContain(sha256);
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

      // The technician: key on, a PIN set at the first sign-in (none can be read from the damaged file), RAM clear.
      r.inputs.setOperatorKey(true);
      await r.staff.signIn('technician', '864209');
      expect(await router.handle('tech:ram-clear', { confirm: 'RAM CLEAR' })).toMatchObject({ ok: true });
      const ramClear = r.cabinet.events({ limit: 20 }).find((e) => e.kind === 'ram-clear');
      expect(ramClear?.detail).toContain(kept!);
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
