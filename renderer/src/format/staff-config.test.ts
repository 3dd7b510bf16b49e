import { describe, expect, it } from 'vitest';
import { configView } from '../../../electron/core/config/config-secrets.ts';
import { DEFAULT_VENUE_CONFIG } from '../../../electron/core/config/venue-config.ts';
import { configChanges, configFields, getAt, issuesAt, secretState, setAt } from './staff-config.ts';
import { SIDE_BETS } from '../../../electron/core/engine/side-bets.ts';

/** The config as main shows it to the editor (configView: the eSSP key only as whether it is set), with a key set. */
const DEFAULTS = configView(DEFAULT_VENUE_CONFIG);
const VIEW = {
  ...DEFAULTS,
  devices: { ...DEFAULTS.devices, billAcceptor: { ...DEFAULTS.devices.billAcceptor, fixedKeyHex: { set: true } } },
} as Record<string, unknown>;

describe('the editor shows every field of the venue config, grouped', () => {
  const fields = configFields(VIEW);
  const byKey = new Map(fields.map((f) => [f.key, f]));

  it('every group of the config has its fields, in the editor order', () => {
    const sections = [...new Set(fields.map((f) => f.section))];
    expect(sections).toEqual([
      'rules',
      'limits',
      'chips',
      'currency',
      'money',
      'bills',
      'demo',
      'timing',
      'language',
      'sound',
      'roads',
      'squeeze',
      'devices',
      'inputs',
      'staff',
      'journal',
      'responsible',
      'stadium',
    ]);
  });

  it('each field gets the control that fits it', () => {
    expect(byKey.get('limits.spots.tie.maxMinor')?.kind).toBe('money');
    expect(byKey.get('profile.decks')?.kind).toBe('int');
    expect(byKey.get('profile.tiePays')).toMatchObject({ kind: 'choice', choices: [8, 9] });
    expect(byKey.get('demoMode')?.kind).toBe('bool');
    expect(byKey.get('limits.chipDenominationsMinor')?.kind).toBe('money-list');
    expect(byKey.get('billChannels')?.kind).toBe('rows');
    expect(byKey.get('defaultLanguage')?.choices).toHaveLength(6);
    expect(byKey.get('devices.rng.port')).toMatchObject({ kind: 'text', nullable: true });
    // A session limit that may be off is still an amount or a number; the reality check is one of its intervals.
    expect(byKey.get('responsibleGaming.sessionLossLimitMinor')).toMatchObject({ kind: 'money', nullable: true });
    expect(byKey.get('responsibleGaming.sessionTimeLimitMinutes')).toMatchObject({ kind: 'int', nullable: true });
    expect(byKey.get('responsibleGaming.realityCheckMinutes')).toMatchObject({
      kind: 'choice',
      choices: [null, 15, 30, 60],
    });
    expect(byKey.get('devices.billAcceptor.fixedKeyHex')?.kind).toBe('secret');
    expect(byKey.get('devices.billAcceptor.protocol')).toMatchObject({ kind: 'choice', choices: ['essp', 'id003'] });
    expect(byKey.get('devices.rng.source')).toMatchObject({ kind: 'choice', choices: ['hardware', 'os'] });
    expect(byKey.get('devices.rng.minEntropyBitsPerByte')?.kind).toBe('decimal');
    expect(byKey.get('sound.musicOn')).toMatchObject({ kind: 'bool', section: 'sound' });
    expect(byKey.get('sound.volumePercent')).toMatchObject({ kind: 'int', section: 'sound' });
    expect(byKey.get('roads.windowRounds')).toMatchObject({ kind: 'int', section: 'roads' });
    expect(byKey.get('roads.shownByDefault')).toMatchObject({ kind: 'bool', section: 'roads' });
    expect(byKey.get('squeeze.offered')).toMatchObject({ kind: 'bool', section: 'squeeze' });
    expect(byKey.get('squeeze.timeLimitS')).toMatchObject({ kind: 'int', section: 'squeeze' });
    expect(byKey.get('stadium')).toMatchObject({ kind: 'text', section: 'stadium', nullable: true, value: null });
  });

  it('every field the schema has is offered, so none can be edited only in a file', () => {
    const leaves = (v: unknown, path: string): string[] =>
      typeof v === 'object' && v !== null && !Array.isArray(v)
        ? Object.entries(v).flatMap(([k, x]) => leaves(x, path ? `${path}.${k}` : k))
        : [path];
    // The side bets' section has no leaves while none is offered: each bet gets its switch instead.
    const switches = SIDE_BETS.map((bet) => `limits.sideBets.${bet}`);
    expect(new Set(configFields(DEFAULT_VENUE_CONFIG as never).map((f) => f.key))).toEqual(
      new Set([...leaves(DEFAULT_VENUE_CONFIG, '').filter((k) => k !== 'limits.sideBets'), ...switches]),
    );
  });

  it('every side bet has a switch; an offered one has its min and max as money fields after it', () => {
    const offered = {
      ...DEFAULT_VENUE_CONFIG,
      limits: { ...DEFAULT_VENUE_CONFIG.limits, sideBets: { 'lucky-6': { minMinor: 100, maxMinor: 500 } } },
    };
    const fields = configFields(offered as never).filter((f) => f.key.startsWith('limits.sideBets.'));
    expect(fields.find((f) => f.key === 'limits.sideBets.lucky-6')).toMatchObject({
      kind: 'offer',
      value: { minMinor: 100, maxMinor: 500 },
    });
    expect(fields.find((f) => f.key === 'limits.sideBets.dragon-7')).toMatchObject({ kind: 'offer', value: null });
    expect(fields.filter((f) => f.kind === 'money').map((f) => f.key)).toEqual([
      'limits.sideBets.lucky-6.minMinor',
      'limits.sideBets.lucky-6.maxMinor',
    ]);
  });
});

describe('edits', () => {
  it('setAt copies along the path and leaves the original alone', () => {
    const next = setAt(VIEW, ['limits', 'spots', 'tie', 'maxMinor'], 5_000) as typeof VIEW;
    expect(getAt(next, ['limits', 'spots', 'tie', 'maxMinor'])).toBe(5_000);
    expect(getAt(VIEW, ['limits', 'spots', 'tie', 'maxMinor'])).toBe(10_000);
    expect(getAt(next, ['limits', 'spots', 'player'])).toBe(getAt(VIEW, ['limits', 'spots', 'player']));
    const rows = setAt(VIEW, ['billChannels', 5, 'enabled'], true);
    expect(getAt(rows, ['billChannels', 5, 'enabled'])).toBe(true);
    expect(Array.isArray(getAt(rows, ['billChannels']))).toBe(true);
  });

  it('the changes list names each changed leaf; the key shows only set / not set / will change', () => {
    let next = setAt(VIEW, ['limits', 'tableMaxMinor'], 90_000);
    next = setAt(next, ['devices', 'billAcceptor', 'fixedKeyHex'], '0123456789abcdef');
    expect(configChanges(VIEW, next)).toEqual([
      { key: 'limits.tableMaxMinor', before: 100_000, after: 90_000 },
      { key: 'devices.billAcceptor.fixedKeyHex', before: 'set', after: 'changed' },
    ]);
    expect(configChanges(VIEW, VIEW)).toEqual([]);
    expect(secretState(null)).toBe('not-set');
  });

  it('a field shows the issues for itself and for anything inside it', () => {
    const issues = [{ path: 'billChannels.2.valueMinor' }, { path: 'billChannels' }, { path: 'billChannelsExtra' }];
    expect(issuesAt(issues, 'billChannels')).toHaveLength(2);
    expect(issuesAt(issues, 'billChannels.2.valueMinor')).toHaveLength(1);
  });
});
