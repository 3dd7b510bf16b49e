/**
 * Start-up and restart recovery (docs/cabinet-rules.md#power-loss) with real processes and real
 * SQLite files: a child is SIGKILLed in every state of the round, then the cabinet starts
 * again. A round that was locked or dealt is voided and every bet refunded exactly once;
 * credits, meters and tilts come back exactly; recovery killed at every one of its own
 * statements is still safe (idempotent).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { auditJournalFile } from '../../certification/journal-audit.ts';
import { Journal } from '../../storage/journal.ts';
import { MIGRATIONS } from '../../storage/migrations.ts';
import { openCabinet } from '../../storage/open-cabinet.ts';
import { closeCabinets, fund, setupCabinet, journalOf } from '../../testing/cabinet-harness.ts';
import { deterministicRandom, tempJournalPath, testConfig } from '../../testing/fixtures.ts';

const CHILD = fileURLToPath(new URL('../../testing/recovery-child.ts', import.meta.url));
const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
  closeCabinets();
});

function runChild(path: string, state: string, killAt?: number) {
  const env: NodeJS.ProcessEnv = { ...process.env, RECOVERY_JOURNAL: path, RECOVERY_STATE: state };
  if (killAt !== undefined) env.CHAOS_KILL_AT_STATEMENT = String(killAt);
  else delete env.CHAOS_KILL_AT_STATEMENT;
  const r = spawnSync(process.execPath, [CHILD], { env, encoding: 'utf8', timeout: 30_000 });
  return { signal: r.signal, status: r.status, stderr: r.stderr };
}

function audit(path: string, allowOpen: boolean) {
  const report = auditJournalFile(path, testConfig().profile, allowOpen);
  expect(report.problems).toEqual([]);
  return report;
}

function reopen(path: string) {
  return openCabinet({ journalPath: path, config: testConfig(), random: deterministicRandom(3) });
}

describe('start-up', () => {
  it('runs numbered migrations and uses WAL with synchronous=FULL', () => {
    const h = setupCabinet();
    const j = journalOf(h.cabinet);
    expect(j.schemaVersion()).toBe(MIGRATIONS.length);
    expect(j.hasSchema()).toBe(true);
    h.cabinet.close();
    const raw = Journal.open(h.path);
    expect(raw.schemaVersion()).toBe(MIGRATIONS.length);
    raw.close();
  });

  it('initialises critical memory once, counts every power-up and logs every shutdown', () => {
    const h = setupCabinet();
    fund(h.cabinet, 1_000, 2);
    h.restart();
    const c = h.restart();
    expect(c.meters().powerUps).toBe(3);
    expect(c.snapshot().creditsMinor).toBe(1_000);
    const log = c.events({ limit: 100 });
    expect(log.filter((e) => e.kind === 'memory').map((e) => e.message)).toEqual([{ code: 'memory-initialised' }]);
    expect(log.filter((e) => e.kind === 'shutdown')).toHaveLength(2);
    expect(log.find((e) => e.kind === 'power-up')?.message).toEqual({
      code: 'power-up',
      count: 3,
      schema: MIGRATIONS.length,
    });
  });

  it('fills an empty demo wallet at power-up', () => {
    const h = setupCabinet(testConfig({ demoMode: true, demoCreditsMinor: 2_000 }));
    expect(h.cabinet.snapshot().creditsMinor).toBe(2_000);
    expect(h.cabinet.snapshot().demo).toBe(true);
  });
});

describe('recovery after SIGKILL in every state of the round', () => {
  const cases: Array<{
    state: string;
    open: boolean;
    credits: (c: number) => boolean;
    voided: number;
    settled: number;
  }> = [
    { state: 'idle', open: false, credits: (c) => c === 10_000, voided: 0, settled: 0 },
    { state: 'betting', open: false, credits: (c) => c === 10_000, voided: 0, settled: 0 },
    { state: 'in-lock', open: false, credits: (c) => c === 10_000, voided: 0, settled: 0 },
    { state: 'locked', open: true, credits: (c) => c === 10_000, voided: 1, settled: 0 },
    { state: 'dealt', open: true, credits: (c) => c === 10_000, voided: 1, settled: 0 },
    { state: 'in-settle', open: true, credits: (c) => c === 10_000, voided: 1, settled: 0 },
    { state: 'settled', open: false, credits: (c) => c !== 9_400, voided: 0, settled: 1 },
  ];
  for (const tc of cases) {
    it(`killed in ${tc.state}: ${tc.open ? 'the round is voided and refunded once' : 'nothing to recover'}; credits exact`, () => {
      const tmp = tempJournalPath('recovery-');
      cleanups.push(tmp.cleanup);
      const child = runChild(tmp.path, tc.state);
      expect(child.signal, child.stderr).toBe('SIGKILL');
      const before = audit(tmp.path, true);
      expect(before.roundsOpen).toBe(tc.open ? 1 : 0);
      const c = reopen(tmp.path);
      const snap = c.snapshot();
      expect(tc.credits(snap.creditsMinor)).toBe(true);
      expect(snap.phase).toBe('idle');
      const m = c.meters();
      expect(m.roundsVoided).toBe(tc.voided);
      expect(m.roundsPlayed).toBe(tc.settled);
      expect(m.refundsMinor).toBe(tc.voided * 600);
      expect(m.powerUps).toBe(2);
      if (tc.open) {
        const r = c.recall({})[0]!;
        expect(r.status).toBe('voided');
        expect(r.refundedMinor).toBe(600);
        expect(r.voidCode).toMatchObject({ code: 'power-lost' });
      }
      c.close();
      // A second restart changes nothing: recovery is idempotent.
      const again = reopen(tmp.path);
      expect(again.snapshot().creditsMinor).toBe(snap.creditsMinor);
      expect(again.meters().roundsVoided).toBe(tc.voided);
      again.close();
      const after = audit(tmp.path, false);
      expect(after.doubleRefunds).toBe(0);
    });
  }

  it('recovery killed at each of its own statements is safe and refunds exactly once', () => {
    const tmp = tempJournalPath('recovery-');
    cleanups.push(tmp.cleanup);
    expect(runChild(tmp.path, 'dealt').signal).toBe('SIGKILL');
    let survived = false;
    let kills = 0;
    for (let n = 1; n <= 80 && !survived; n++) {
      const r = runChild(tmp.path, 'recover', n);
      if (r.signal === 'SIGKILL') {
        kills++;
        audit(tmp.path, true);
      } else {
        expect(r.status, r.stderr).toBe(0);
        survived = true;
      }
    }
    expect(kills).toBeGreaterThan(5);
    expect(survived).toBe(true);
    const report = audit(tmp.path, false);
    expect(report.roundsVoided).toBe(1);
    const c = reopen(tmp.path);
    expect(c.snapshot().creditsMinor).toBe(10_000);
    expect(c.meters().refundsMinor).toBe(600);
    expect(c.recall({})[0]?.refundedMinor).toBe(600);
    c.close();
  }, 240_000); // ~35 child processes; slow only on a loaded machine

  it('tilts come back after a kill: an error survives a power cycle', () => {
    const tmp = tempJournalPath('recovery-');
    cleanups.push(tmp.cleanup);
    const c = reopen(tmp.path);
    c.setDoorOpen(true);
    c.reportDevice({
      device: 'bill-acceptor',
      health: 'fault',
      detail: 'stacker full',
      detailCode: { code: 'acceptor-conditions', conditions: ['stacker-full'] },
    });
    c.close();
    expect(runChild(tmp.path, 'recover').status).toBe(0);
    const back = reopen(tmp.path);
    expect(
      back
        .snapshot()
        .tilts.map((t) => t.kind)
        .sort(),
    ).toEqual(['device-fault', 'door-open']);
    back.close();
  });
});
