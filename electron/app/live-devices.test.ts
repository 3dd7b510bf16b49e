/**
 * A technician's config change through the IPC router answers with `configApplied` beside the snapshot, and
 * the staff menu's diagnostics name the entropy source (docs/venue-config.md#device-settings).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_VENUE_CONFIG } from '../core/config/venue-config.ts';
import { createIpcRouter } from '../ipc/router.ts';
import type { RunningCabinet } from './running-cabinet.ts';
import { startCabinet } from './start-cabinet.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function technician(config: unknown): Promise<{ r: RunningCabinet; router: ReturnType<typeof createIpcRouter> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'live-devices-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const r = await startCabinet({ journalPath: path.join(dir, 'j.sqlite'), config, env: {}, log: () => undefined });
  cleanups.push(() => r.dispose());
  r.inputs.setOperatorKey(true);
  await r.staff.setPin('technician', '2468');
  await r.staff.signIn('technician', '2468');
  return { r, router: createIpcRouter(r.cabinet, r.services) };
}

describe('tech:config:apply with device settings', () => {
  it('approving OS entropy at the cabinet: the RNG restarts, the tilt clears, the answer says what restarted', async () => {
    const { r, router } = await technician(DEFAULT_VENUE_CONFIG);
    expect(r.cabinet.snapshot().tilts.map((t) => t.kind)).toEqual(['rng-fault']);
    const before = await router.handle('tech:diagnostics', {});
    expect(before).toMatchObject({ ok: true, value: { rng: { entropySource: 'none' } } });
    const config = {
      ...DEFAULT_VENUE_CONFIG,
      devices: { ...DEFAULT_VENUE_CONFIG.devices, rng: { ...DEFAULT_VENUE_CONFIG.devices.rng, source: 'os' } },
    };
    const answer = await router.handle('tech:config:apply', { config });
    expect(answer).toMatchObject({
      ok: true,
      value: { configApplied: { restarted: ['rng'], atNextStart: [], overridden: [] } },
    });
    await new Promise<void>((resolve) => {
      if (r.cabinet.snapshot().tilts.length === 0) return resolve();
      const off = r.cabinet.subscribe(() => {
        if (r.cabinet.snapshot().tilts.length > 0) return;
        off();
        resolve();
      });
    });
    const after = await router.handle('tech:diagnostics', {});
    expect(after).toMatchObject({ ok: true, value: { rng: { entropySource: 'os-approved', health: 'healthy' } } });
  });

  it('a bad device field is refused with the field named, and nothing restarts', async () => {
    const { r, router } = await technician({
      ...DEFAULT_VENUE_CONFIG,
      devices: { ...DEFAULT_VENUE_CONFIG.devices, rng: { ...DEFAULT_VENUE_CONFIG.devices.rng, source: 'os' } },
    });
    const config = {
      ...DEFAULT_VENUE_CONFIG,
      devices: {
        ...DEFAULT_VENUE_CONFIG.devices,
        rng: { ...DEFAULT_VENUE_CONFIG.devices.rng, minEntropyBitsPerByte: 12 },
      },
    };
    const answer = await router.handle('tech:config:apply', { config });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'invalid-config', fields: [{ path: 'devices.rng.minEntropyBitsPerByte', rule: 'max', limit: 8 }] },
    });
    expect(r.cabinet.snapshot().devices.find((d) => d.device === 'rng')?.health).toBe('healthy');
  });
});
