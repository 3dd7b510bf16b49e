import { afterEach, describe, expect, it } from 'vitest';
import { closeCabinets, fund, refusal, setupCabinet, journalOf } from '../../testing/cabinet-harness.ts';
import { testConfig } from '../../testing/fixtures.ts';

afterEach(closeCabinets);

describe('venue config: validated, and changes go to the event log', () => {
  it('logs a config change at start with the field that changed', () => {
    const h = setupCabinet();
    const changed = testConfig({ demoCreditsMinor: 50_000 });
    const c = h.restart(changed);
    const entry = c.events({ limit: 20 }).find((e) => e.kind === 'config' && e.detail.includes('demoCreditsMinor'));
    expect(entry?.detail).toMatch(/demoCreditsMinor: 100000 → 50000/);
    // The same config again is not a change.
    const configEvents = c.events({ limit: 50 }).filter((e) => e.kind === 'config').length;
    const again = h.restart(changed);
    expect(again.events({ limit: 50 }).filter((e) => e.kind === 'config').length).toBe(configEvents);
  });

  it('refuses a bad config with the field named; reconfigure changes nothing on a bad one', () => {
    const h = setupCabinet();
    const bad = { ...testConfig(), limits: { ...testConfig().limits, tableMaxMinor: 10.5 } };
    const e = refusal(() => h.cabinet.reconfigure(bad));
    expect(e.code).toBe('invalid-config');
    expect(e.message).toMatch(/limits\.tableMaxMinor/);
    expect(h.cabinet.venueConfig().limits.tableMaxMinor).toBe(100_000);
  });

  it('reconfigure installs a valid config, clears the table and logs the change', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    fund(c);
    c.placeChip('player', 100);
    const next = testConfig({ limits: { ...testConfig().limits, tableMaxMinor: 90_000 } });
    const snap = c.reconfigure(next);
    expect(snap.limits.tableMaxMinor).toBe(90_000);
    expect(snap.tableBets).toEqual({});
    expect(snap.phase).toBe('idle');
    expect(c.events({ limit: 5 }).find((e) => e.kind === 'config')?.detail).toMatch(/tableMaxMinor: 100000 → 90000/);
    // It survives a restart with the same config without a new change entry.
    const marker = journalOf(c).lastEventId();
    const again = h.restart(next);
    expect(again.venueConfig().limits.tableMaxMinor).toBe(90_000);
    expect(again.events({ fromId: marker + 1 }).filter((e) => e.kind === 'config')).toEqual([]);
  });
});
