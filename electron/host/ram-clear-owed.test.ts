/**
 * A RAM clear never loses money, through the browser host's real channels on a real cabinet
 * (docs/cabinet-rules.md#critical-memory, docs/cabinet-rules.md#damaged-journal): the technician's
 * `tech:ram-clear` turns what the player is owed into a handpay an attendant pays, also when the
 * journal that held the credits was damaged and moved aside at start-up.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_VENUE_CONFIG } from '../core/config/venue-config.ts';
import type { RunningCabinet } from '../app/running-cabinet.ts';
import { startCabinet } from '../app/start-cabinet.ts';
import { damageTableRootPage } from '../testing/journal-file-damage.ts';
import { connectHostClient, type HostCall } from '../testing/host-client.ts';
import { runCli } from '../testing/run-cli.ts';
import { startBrowserHost, type RunningHost } from './host-server.ts';

/** OS entropy approved, so the cabinet runs without devices (docs/rng.md#approved-entropy-source). */
const CONFIG = {
  ...DEFAULT_VENUE_CONFIG,
  devices: { ...DEFAULT_VENUE_CONFIG.devices, rng: { ...DEFAULT_VENUE_CONFIG.devices.rng, source: 'os' as const } },
};

const dirs: string[] = [];
const hosts: RunningHost[] = [];
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ram-clear-owed-'));
  dirs.push(dir);
  return dir;
}

function startReal(journalPath: string): Promise<RunningCabinet> {
  return startCabinet({ journalPath, config: CONFIG, env: {}, log: () => undefined });
}

async function startHost(journalPath: string): Promise<RunningHost> {
  const rendererDir = scratch();
  writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>kiosk</title>');
  const host = await startBrowserHost({
    host: '127.0.0.1',
    port: 0,
    journalPath,
    attractAfterMs: null,
    rendererDir,
    testControls: true,
    start: (options) => startReal(options.journalPath),
    log: () => undefined,
  });
  hosts.push(host);
  return host;
}

/** One client of the host, answering `call(channel, request)` with the channel's result. */
async function client(host: RunningHost): Promise<HostCall> {
  return (await connectHostClient(`http://127.0.0.1:${host.port}/?token=${host.token}`)).call;
}

/** The technician with the key on, signed in, confirms the RAM clear; answers its result. */
async function technicianRamClear(call: (channel: string, request: unknown) => Promise<unknown>): Promise<unknown> {
  expect(await call('test:operator-key', { on: true })).toMatchObject({ ok: true });
  expect(await call('test:set-pin', { role: 'technician', pin: '864209' })).toMatchObject({ ok: true });
  expect(await call('staff:sign-in', { role: 'technician', pin: '864209' })).toMatchObject({ ok: true });
  return call('tech:ram-clear', { confirm: 'RAM CLEAR' });
}

function fund150(cabinet: RunningCabinet['cabinet'], tag: string): void {
  expect(cabinet.creditBill({ valueMinor: 10_000, channel: 5, eventKey: `${tag}-1` })).toBe(true);
  expect(cabinet.creditBill({ valueMinor: 5_000, channel: 4, eventKey: `${tag}-2` })).toBe(true);
  expect(cabinet.snapshot().creditsMinor).toBe(15_000);
}

describe('tech:ram-clear through the host: what is owed becomes a handpay', () => {
  it('150.00 on the meter under a memory error: credits 0 and a handpay of 150.00 waits for an attendant', async () => {
    const journalPath = path.join(scratch(), 'journal.sqlite');
    const host = await startHost(journalPath);
    const cabinet = host.running.cabinet;
    fund150(cabinet, 'memory');
    cabinet.raiseFault('memory-error', 'ecc', { code: 'memory-no-good-copy' });

    expect(await technicianRamClear(await client(host))).toMatchObject({ ok: true });
    expect(cabinet.snapshot()).toMatchObject({ creditsMinor: 0, pendingHandpay: { amountMinor: 15_000 } });
    expect(cabinet.snapshot().tilts.map((t) => t.kind)).toEqual(['handpay-pending']);
  });

  it('a journal damaged with 150.00 on it: the RAM clear on the fresh journal records a handpay of 150.00, and the export of the old one verifies', async () => {
    const dir = scratch();
    const journalPath = path.join(dir, 'journal.sqlite');
    const first = await startReal(journalPath);
    fund150(first.cabinet, 'damaged');
    await first.dispose();
    damageTableRootPage(journalPath, 'rounds');

    const host = await startHost(journalPath);
    const cabinet = host.running.cabinet;
    expect(cabinet.snapshot().tilts.map((t) => `${t.kind}:${t.source}`)).toEqual(['memory-error:journal']);
    expect(cabinet.snapshot().creditsMinor).toBe(0);
    const kept = readdirSync(dir).find((f) => /^journal\.sqlite\.damaged-\d{8}T\d{9}Z$/.test(f))!;
    expect(kept).toBeDefined();

    expect(await technicianRamClear(await client(host))).toMatchObject({ ok: true });
    expect(cabinet.snapshot().pendingHandpay?.amountMinor).toBe(15_000);
    expect(cabinet.snapshot().tilts.map((t) => t.kind)).toEqual(['handpay-pending']);
    // The witnesses agree with the sum: the newest readable balance and the critical copy kept beside the file.
    expect(cabinet.events({ kind: 'ram-clear', limit: 1 })[0]!.message).toMatchObject({
      code: 'ram-cleared',
      damagedFile: kept,
      damagedOwedMinor: 15_000,
      damagedLastBalanceMinor: 15_000,
      damagedCopyCreditsMinor: 15_000,
    });
    // The damaged file is kept, and its export says what it owed; the auditor adds it up again.
    expect(existsSync(path.join(dir, kept))).toBe(true);
    const audit = await runCli(
      'electron/cli/audit-journal.ts',
      '--owed',
      path.join(dir, `${kept}.owed.jsonl`),
      '--json',
    );
    expect(audit.code).toBe(0);
    expect(JSON.parse(audit.last)).toMatchObject({ owed: { damagedFile: kept, owedMinor: 15_000 }, problems: [] });
  });
});
