import fc from 'fast-check';
import { readFileSync, existsSync } from 'node:fs';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import {
  closeCabinets,
  fund,
  journalOf,
  openTestCabinet,
  refusal,
  setupCabinet,
} from '../../testing/cabinet-harness.ts';
import { steppingClock, tempJournalPath, testConfig, deterministicRandom } from '../../testing/fixtures.ts';
import { corrupt, leaves, setAt, venueConfigArb } from '../../testing/venue-config-arbitrary.ts';
import { exportVenueFile } from '../config/config-file.ts';
import { SIX_DECK_TIE_9_TO_1 } from '../engine/rule-profile.ts';
import type { CabinetCore } from './cabinet.ts';
import type { RandomSource } from '../random/random-source.ts';

afterEach(closeCabinets);

const KEY = '0123456789ABCDEF';

/** Everything a refused apply must leave alone: the stored config, both critical-memory copies, the audit trail, the config in force. */
function durableState(cabinet: CabinetCore) {
  const j = journalOf(cabinet);
  return JSON.stringify({
    stored: j.storedConfig(),
    critical: j.readCriticalCopies(),
    audit: j.configAudit({ limit: 1000 }),
    secret: j.storedConfigSecret(),
    inForce: cabinet.venueConfig(),
  });
}

describe('venue config: validated, and changes go to the event log', () => {
  it('logs a config change at start with the field that changed', () => {
    const h = setupCabinet();
    const changed = testConfig({ demoCreditsMinor: 50_000 });
    const c = h.restart(changed);
    const entry = c.events({ limit: 20 }).find((e) => e.kind === 'config');
    expect(entry?.message).toMatchObject({ code: 'config-changed', installed: false, fields: ['demoCreditsMinor'] });
    // The values are the start-up's rows in the audit trail, written with it.
    expect(c.configAudit({ limit: 5 })).toMatchObject([
      { role: 'start-up', field: 'demoCreditsMinor', oldValue: '100000', newValue: '50000' },
    ]);
    // The same config again is not a change.
    const configEvents = c.events({ limit: 50 }).filter((e) => e.kind === 'config').length;
    const again = h.restart(changed);
    expect(again.events({ limit: 50 }).filter((e) => e.kind === 'config').length).toBe(configEvents);
  });

  it('refuses a bad config with the field named and structured; nothing changes', () => {
    const h = setupCabinet();
    const before = durableState(h.cabinet);
    const bad = { ...testConfig(), limits: { ...testConfig().limits, tableMaxMinor: 10.5 } };
    const e = refusal(() => h.cabinet.applyConfig(bad, 'technician'));
    expect(e.code).toBe('invalid-config');
    expect(e.message).toMatch(/limits\.tableMaxMinor/);
    expect(e.fields).toEqual([{ path: 'limits.tableMaxMinor', rule: 'integer' }]);
    expect(durableState(h.cabinet)).toBe(before);
  });

  it('installs a valid config between rounds, and it survives a restart without a new change entry', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    const next = testConfig({ limits: { ...testConfig().limits, tableMaxMinor: 90_000 } });
    const snap = c.applyConfig(next, 'technician');
    expect(snap.limits.tableMaxMinor).toBe(90_000);
    expect(snap.phase).toBe('idle');
    expect(c.events({ limit: 5 }).find((e) => e.kind === 'config')?.message).toMatchObject({
      code: 'config-changed',
      installed: false,
      fields: ['limits.tableMaxMinor'],
    });
    expect(c.configAudit({ limit: 1 })).toMatchObject([
      { field: 'limits.tableMaxMinor', oldValue: '100000', newValue: '90000' },
    ]);
    const marker = journalOf(c).lastEventId();
    const again = h.restart(next);
    expect(again.venueConfig().limits.tableMaxMinor).toBe(90_000);
    expect(again.events({ fromId: marker + 1 }).filter((e) => e.kind === 'config')).toEqual([]);
  });

  it('refuses while chips are on the table (bets-on-table) and changes nothing', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    fund(c);
    c.placeChip('player', 100);
    const before = durableState(c);
    const e = refusal(() => c.applyConfig(testConfig({ demoCreditsMinor: 5_000 }), 'technician'));
    expect(e.code).toBe('bets-on-table');
    expect(durableState(c)).toBe(before);
    expect(c.snapshot().tableBets).toEqual({ player: 100 });
    c.clearBets();
    expect(c.applyConfig(testConfig({ demoCreditsMinor: 5_000 }), 'technician').tableBets).toEqual({});
  });

  it('refuses while a round is in progress (round-in-progress) and changes nothing', () => {
    const tmp = tempJournalPath();
    onTestFinished(tmp.cleanup);
    const inner = deterministicRandom(5);
    let cabinet: CabinetCore | null = null;
    let seen: { code: string; same: boolean } | null = null;
    const random: RandomSource = {
      nextInt(bound) {
        // The round is locked and debited when the first card is drawn: a technician tries now.
        if (cabinet && seen === null) {
          const before = durableState(cabinet);
          const e = refusal(() => cabinet!.applyConfig(testConfig({ demoCreditsMinor: 5_000 }), 'technician'));
          seen = { code: e.code, same: durableState(cabinet) === before };
        }
        return inner.nextInt(bound);
      },
    };
    cabinet = openTestCabinet({ journalPath: tmp.path, config: testConfig(), random, clock: steppingClock() });
    onTestFinished(() => cabinet!.close());
    fund(cabinet);
    cabinet.placeChip('banker', 100);
    cabinet.deal();
    expect(seen).toEqual({ code: 'round-in-progress', same: true });
  });

  it('is atomic: a failure inside the transaction leaves the stored config, critical memory and audit unchanged', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    const j = journalOf(c);
    const before = durableState(c);
    const original = j.appendConfigAudit.bind(j);
    let calls = 0;
    j.appendConfigAudit = (entry) => {
      // The second audit row fails: the config row and the first audit row were already written.
      if (++calls === 2) throw new Error('disk failed mid-change');
      return original(entry);
    };
    const next = testConfig({
      demoCreditsMinor: 5_000,
      attractIdleS: 90,
      devices: { ...testConfig().devices, billAcceptor: { port: null, protocol: 'essp', fixedKeyHex: KEY } },
    });
    expect(() => c.applyConfig(next, 'technician')).toThrow('disk failed');
    j.appendConfigAudit = original;
    expect(durableState(c)).toBe(before);
    expect(existsSync(`${h.path}.essp-key.new`)).toBe(false);
    expect(c.snapshot().limits).toEqual(testConfig().limits);
  });

  it('audits one row per changed leaf field with role and time, old and new value', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    const base = testConfig();
    c.applyConfig(
      {
        ...base,
        profile: SIX_DECK_TIE_9_TO_1,
        limits: {
          ...base.limits,
          spots: { ...base.limits.spots, tie: { minMinor: 200, maxMinor: 5_000 } },
          chipDenominationsMinor: [10, 50, 100, 500, 2_500],
        },
        defaultLanguage: 'sv',
      },
      'technician',
    );
    const rows = c.configAudit({ limit: 50 });
    const byField = Object.fromEntries(rows.map((r) => [r.field, [r.oldValue, r.newValue]]));
    expect(byField).toEqual({
      'profile.id': ['"eight-deck-tie-8-to-1"', '"six-deck-tie-9-to-1"'],
      'profile.decks': ['8', '6'],
      'profile.tiePays': ['8', '9'],
      'limits.spots.tie.minMinor': ['100', '200'],
      'limits.spots.tie.maxMinor': ['10000', '5000'],
      'limits.chipDenominationsMinor.5': ['10000', 'absent'],
      defaultLanguage: ['"en"', '"sv"'],
    });
    expect(new Set(rows.map((r) => r.role))).toEqual(new Set(['technician']));
    expect(new Set(rows.map((r) => r.at)).size).toBe(1);
    // Paged: newest first, beforeId pages back.
    const page = c.configAudit({ limit: 3 });
    expect(page).toHaveLength(3);
    const rest = c.configAudit({ limit: 50, beforeId: page.at(-1)!.id });
    expect([...page, ...rest].map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it('keeps the eSSP key out of the journal file, the event log, the audit trail and the export', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    const base = testConfig();
    const withKey = {
      ...base,
      devices: { ...base.devices, billAcceptor: { ...base.devices.billAcceptor, fixedKeyHex: KEY } },
    };
    c.applyConfig(withKey, 'technician');
    // Replaced, then kept by a config that leaves it out (as the menu's view sends it back).
    const replaced = {
      ...withKey,
      devices: {
        ...withKey.devices,
        billAcceptor: { ...withKey.devices.billAcceptor, fixedKeyHex: 'fedcba9876543210' },
      },
    };
    c.applyConfig(replaced, 'technician');
    c.applyConfig(
      {
        ...base,
        demoCreditsMinor: 7_000,
        devices: { rng: base.devices.rng, billAcceptor: { port: null, protocol: 'essp' } },
      },
      'technician',
    );
    expect(c.venueConfig().devices.billAcceptor.fixedKeyHex).toBe('fedcba9876543210');
    const audit = c.configAudit({ limit: 50 }).filter((r) => r.field === 'devices.billAcceptor.fixedKeyHex');
    expect(audit.map((r) => [r.oldValue, r.newValue])).toEqual([
      ['set', 'set (replaced)'],
      ['not set', 'set'],
    ]);
    const exported = exportVenueFile(c.venueConfig()).json;
    c.close();
    for (const key of [KEY, 'fedcba9876543210']) {
      for (const form of [key, key.toLowerCase(), key.toUpperCase()]) {
        for (const file of [h.path, `${h.path}-wal`]) {
          if (existsSync(file))
            expect(readFileSync(file).includes(Buffer.from(form)), `${form} in ${file}`).toBe(false);
        }
        expect(exported.includes(form)).toBe(false);
      }
    }
    // The key survives a power cycle (kept beside the journal), and the stored config wins when no file is given.
    const again = openTestCabinet({
      journalPath: h.path,
      config: testConfig(),
      configSource: 'stored-first',
      random: deterministicRandom(1),
    });
    onTestFinished(() => again.close());
    expect(again.venueConfig().devices.billAcceptor.fixedKeyHex).toBe('fedcba9876543210');
    expect(again.venueConfig().demoCreditsMinor).toBe(7_000);
    expect(again.events({ limit: 100 }).some((e) => /fedcba9876543210/i.test(JSON.stringify(e.message)))).toBe(false);
  });

  it('an old stored config (before the newer fields) still loads and gets the defaults', () => {
    const h = setupCabinet();
    const j = journalOf(h.cabinet);
    const {
      currency: _c,
      attractIdleS: _a,
      playerInactivityS: _p,
      defaultLanguage: _l,
      devices: _d,
      inputs: _i,
      staff: _s,
      ...old
    } = testConfig();
    j.transaction(() => j.storeConfig(JSON.stringify(old), 'an-older-hash'));
    h.cabinet.close();
    const again = openTestCabinet({
      journalPath: h.path,
      config: null,
      configSource: 'stored-first',
      random: deterministicRandom(1),
    });
    onTestFinished(() => again.close());
    expect(again.venueConfig()).toEqual(testConfig());
  });
});

describe('property: a single-field corruption is refused at the cabinet, naming the field, and nothing changes', () => {
  it('holds for any valid config with any one leaf corrupted', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    const before = durableState(c);
    fc.assert(
      fc.property(venueConfigArb, fc.nat(), (config, pick) => {
        const all = leaves(config);
        const [at, value] = all[pick % all.length]!;
        const e = refusal(() => c.applyConfig(setAt(config, at, corrupt(value)), 'technician'));
        expect(e.code).toBe('invalid-config');
        expect(e.fields?.map((f) => f.path)).toContain(at.join('.'));
        expect(durableState(c)).toBe(before);
      }),
      { numRuns: 60 },
    );
  });
});
