/**
 * The venue config changed at the cabinet through the technician channels (docs/venue-config.md#applying):
 * new limits and a new chip reach the player's table, invalid values are refused each with its field, and
 * new rules (six decks, Tie 9:1) change the paytable's exact figures. The key switch is turned with the
 * host's test control; everything else goes through the production channels over the host's socket, except the
 * money test, which types on the technician's screen as a person does
 * (docs/venue-config.md#amounts-on-the-configuration-screen).
 */
import type { Page } from '@playwright/test';
import path from 'node:path';
import { ARTIFACTS, bet, expect, expectMeter, insertNote, keepShot, test } from './fixtures.ts';
import type { HostProcess } from './host-process.ts';

type FieldIssueLike = {
  path: string;
  rule: string;
  limit?: number;
  allowed?: string[];
};
type Config = Record<string, unknown> & {
  profile: Record<string, unknown>;
  limits: {
    spots: Record<'player' | 'banker' | 'tie', { minMinor: number; maxMinor: number }>;
    tableMaxMinor: number;
    chipDenominationsMinor: number[];
  } & Record<string, unknown>;
};

/** Key on and a technician signed in (the PIN is set by the test control), through main's staff channels. */
async function signInTechnician(host: HostProcess): Promise<void> {
  await host.must('test:operator-key', { on: true });
  await host.must('test:set-pin', { role: 'technician', pin: '2468' });
  await host.must('staff:sign-in', { role: 'technician', pin: '2468' });
}

async function technicianConfig(host: HostProcess): Promise<Config> {
  await signInTechnician(host);
  const { config } = await host.must<{ config: Config }>('tech:config:get', {});
  return config;
}

async function refusedFields(host: HostProcess, config: Config): Promise<FieldIssueLike[]> {
  const result = await host.call('tech:config:apply', { config });
  if (result.ok) throw new Error('expected the config to be refused');
  expect(result.error.code).toBe('invalid-config');
  return (result.error as { fields?: FieldIssueLike[] }).fields ?? [];
}

test('new limits and a new chip reach the player table', async ({ kiosk, host }) => {
  const config = await technicianConfig(host);
  const next: Config = {
    ...config,
    limits: {
      ...config.limits,
      spots: { ...config.limits.spots, tie: { minMinor: 200, maxMinor: 4_000 } },
      chipDenominationsMinor: [...config.limits.chipDenominationsMinor.filter((c) => c !== 2_500), 20_000],
    },
  };
  await host.must('tech:config:apply', { config: next });
  await host.must('test:operator-key', { on: false });

  await expect(kiosk.getByTestId('chip-20000')).toBeAttached();
  await expect(kiosk.getByTestId('chip-2500')).toHaveCount(0);
  // The new Tie limits hold at the table: 40.00 fits, one more 1.00 chip does not.
  await insertNote(kiosk, host, 4, 5_000);
  await bet(kiosk, 'tie', 500, 8);
  await expectMeter(kiosk, 'total-bet', 4_000);
  await bet(kiosk, 'tie', 100, 1);
  await expect(kiosk.getByTestId('error-banner')).toBeVisible();
  await expectMeter(kiosk, 'total-bet', 4_000);

  // Every field of the change is in the audit trail, with the role of the session that made it.
  await signInTechnician(host);
  const audit = await host.must<Array<{ role: string; field: string; oldValue: string; newValue: string }>>(
    'tech:config:audit',
    { limit: 50 },
  );
  expect(audit.map((r) => r.field)).toEqual(
    expect.arrayContaining([
      'limits.spots.tie.minMinor',
      'limits.spots.tie.maxMinor',
      'limits.chipDenominationsMinor.4',
    ]),
  );
  expect(new Set(audit.map((r) => r.role))).toEqual(new Set(['technician']));
  // With chips on the table a change is refused.
  const busy = await host.call('tech:config:apply', { config: next });
  expect(busy).toMatchObject({ ok: false, error: { code: 'bets-on-table' } });
});

test('invalid values are refused, each with its field, and change nothing', async ({ kiosk, host }) => {
  const config = await technicianConfig(host);
  const cases: Array<[Config, FieldIssueLike]> = [
    [
      { ...config, limits: { ...config.limits, tableMaxMinor: 10.5 } },
      { path: 'limits.tableMaxMinor', rule: 'integer' },
    ],
    [
      {
        ...config,
        limits: { ...config.limits, spots: { ...config.limits.spots, tie: { minMinor: 500, maxMinor: 100 } } },
      },
      { path: 'limits.spots.tie.minMinor', rule: 'relation' },
    ],
    [
      { ...config, limits: { ...config.limits, chipDenominationsMinor: [500, 100] } },
      { path: 'limits.chipDenominationsMinor', rule: 'increasing' },
    ],
    [
      { ...config, profile: { ...config.profile, tiePays: 7 } },
      { path: 'profile.tiePays', rule: 'enum' },
    ],
    [
      { ...config, attractIdleS: 1 },
      { path: 'attractIdleS', rule: 'min', limit: 10 },
    ],
    [
      { ...config, currency: { code: 'XYZ' } },
      { path: 'currency.code', rule: 'enum' },
    ],
  ];
  for (const [bad, expected] of cases) {
    expect(await refusedFields(host, bad)).toEqual(expect.arrayContaining([expect.objectContaining(expected)]));
  }
  const malformed = await host.call('tech:config:import', { json: '{"limits": ' });
  expect(malformed).toMatchObject({
    ok: false,
    error: { code: 'invalid-config', fields: [{ path: '', rule: 'type' }] },
  });
  expect(await host.must('tech:config:audit', { limit: 10 })).toEqual([]);
  expect((await host.must<{ config: Config }>('tech:config:get', {})).config).toEqual(config);
  await expect(kiosk.getByTestId('chip-2500')).toBeAttached();
});

test('six decks with Tie 9:1: the paytable shows the exact figures of the new rules', async ({ kiosk, host }) => {
  const before = await host.must<{ decks: number; spots: { tie: { rtp: number; pays: string } } }>('paytable:get', {});
  expect(before.decks).toBe(8);
  await kiosk.getByTestId('minmax-sign').click();
  await expect(kiosk.getByTestId('rtp-tie')).toHaveText(`${(before.spots.tie.rtp * 100).toFixed(2)}%`);

  const config = await technicianConfig(host);
  await host.must('tech:config:apply', {
    config: { ...config, profile: { id: 'six-deck-tie-9-to-1', decks: 6, tiePays: 9, bankerCommissionPercent: 5 } },
  });
  const after = await host.must<{ decks: number; spots: { tie: { rtp: number; pays: string } } }>('paytable:get', {});
  expect(after.decks).toBe(6);
  expect(after.spots.tie.pays).toBe('9:1');
  expect(after.spots.tie.rtp).not.toBeCloseTo(before.spots.tie.rtp, 3);
  await host.must('test:operator-key', { on: false });
  await expect(kiosk.getByTestId('rtp-tie')).toHaveText(`${(after.spots.tie.rtp * 100).toFixed(2)}%`);
  await expect(kiosk.getByTestId('paytable-tie')).toContainText('9:1');
});

test('a change answers what it did to the running cabinet: the staff timer waits for the next start', async ({
  host,
}) => {
  const config = await technicianConfig(host);
  const staff = config['staff'] as { idleSignOutS: number };
  const answer = await host.must<{ configApplied?: { restarted: string[]; atNextStart: string[] } }>(
    'tech:config:apply',
    { config: { ...config, staff: { ...staff, idleSignOutS: staff.idleSignOutS + 60 } } },
  );
  expect(answer.configApplied).toMatchObject({ restarted: [], atNextStart: ['staff.idleSignOutS'] });
});

test('with a player’s money on the cabinet: no change of what it means, no RAM clear, no live input path', async ({
  kiosk,
  host,
}) => {
  await insertNote(kiosk, host, 4, 5_000);
  const config = await technicianConfig(host);
  const owed = { code: 'money-on-cabinet', creditsMinor: 5_000, openRounds: 0, unpaidHandpays: 0 };
  for (const [change, settings] of [
    [{ currency: { code: 'EUR', minorDigits: 0 } }, ['currency.minorDigits']],
    [{ demoMode: true }, ['demoMode']],
  ] as const) {
    expect(await host.call('tech:config:apply', { config: { ...config, ...change } })).toMatchObject({
      ok: false,
      error: { code: 'not-permitted', reason: { ...owed, settings } },
    });
  }
  expect(await host.call('tech:ram-clear', { confirm: 'RAM CLEAR' })).toMatchObject({
    ok: false,
    error: { code: 'not-permitted', reason: { ...owed, settings: [] } },
  });
  const rewired = { ...config, inputs: { ...(config.inputs as object), operatorKeyFile: '/tmp/anything' } };
  expect(await host.call('tech:config:apply', { config: rewired })).toMatchObject({
    ok: false,
    error: { code: 'not-permitted', reason: { code: 'restart-only', settings: ['inputs.operatorKeyFile'] } },
  });
  // Limits change at any time; the credits and their currency are as they were.
  const limits = { ...config.limits, creditLimitMinor: 300_000 };
  expect(await host.call('tech:config:apply', { config: { ...config, limits } })).toMatchObject({ ok: true });
  const snapshot = await host.must<{ creditsMinor: number; display: { currency: unknown } }>('cabinet:snapshot', {});
  expect(snapshot).toMatchObject({ creditsMinor: 5_000, display: { currency: { code: 'EUR', minorDigits: 2 } } });
});

/** Money as the German screen writes it, spaces made plain for comparing texts. */
const euroDe = (minor: number): string =>
  new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(minor / 100).replace(/\s/g, ' ');
const plain = async (page: Page, testId: string): Promise<string> =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

test('a technician types amounts as money in German; errors are one sentence; the audit trail shows the same money', async ({
  kiosk: page,
  host,
}) => {
  // About forty taps on the pad, each a real click a person would make: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const shots = path.join(ARTIFACTS, 'config-money');
  await host.must('test:operator-key', { on: true });
  await host.must('test:set-pin', { role: 'technician', pin: '2468' });
  await page.getByTestId('staff-role-technician').click();
  for (const d of '2468') await page.getByTestId(`staff-key-${d}`).click();
  await page.getByTestId('staff-key-ok').click();
  await page.getByTestId('staff-lang-de').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByTestId('staff-nav-config').click();

  const type = async (field: string, text: string): Promise<void> => {
    await page.getByTestId(`staff-config-edit-${field}`).click();
    await page.getByTestId('staff-entry-clear').click();
    for (const c of text) await page.getByTestId(`staff-entry-key-${c === ' ' ? 'space' : c}`).click();
  };
  const tableMax = 'limits.tableMaxMinor';
  await expect(page.getByTestId(`staff-config-edit-${tableMax}`)).toHaveText(euroDe(100_000), { useInnerText: true });

  // Empty, then absurd: one sentence each, naming the field and the range in euros; OK waits, main is not asked.
  // (An over-long 99999999999999999 is refused the same way before any number is made: money-input.test.ts.)
  await type(tableMax, '');
  await expect
    .poll(() => plain(page, 'staff-entry-problem'))
    .toBe(`Tischmaximum: Betrag von ${euroDe(1)} bis ${euroDe(10_000_000_000)} eingeben`);
  await expect(page.getByTestId('staff-entry-ok')).toBeDisabled();
  for (const c of '999999999') await page.getByTestId(`staff-entry-key-${c}`).click();
  await expect(page.getByTestId('staff-entry-value')).toHaveText('999999999');
  await expect.poll(() => plain(page, 'staff-entry-problem')).toBe(`Tischmaximum: höchstens ${euroDe(10_000_000_000)}`);
  await expect(page.getByTestId('staff-entry-ok')).toBeDisabled();
  await keepShot(page, path.join(shots, 'config-error-after-de-1920x1080.png'));
  await page.setViewportSize({ width: 1080, height: 1920 });
  await keepShot(page, path.join(shots, 'config-error-after-de-1080x1920.png'));
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.getByTestId('staff-entry-cancel').click();
  await expect(page.getByTestId('staff-config-issue-count')).toHaveCount(0);

  // A value main refuses (a Tie maximum above the table maximum): its one problem, worded with the limit in euros.
  const tieMax = 'limits.spots.tie.maxMinor';
  await type(tieMax, '2000');
  await expect.poll(() => plain(page, 'staff-entry-problem')).toContain(`Tischmaximum (${euroDe(100_000)})`);
  await page.getByTestId('staff-entry-ok').click();
  await expect(page.getByTestId(`staff-config-issue-${tieMax}`).locator('li')).toHaveCount(1);
  await expect(page.getByTestId('staff-config-issue-count')).toHaveAttribute('data-count', '1');
  await keepShot(page, path.join(shots, 'config-issue-after-de-1920x1080.png'));
  await page.getByTestId('staff-config-reset').click();
  await expect(page.getByTestId('staff-config-issue-count')).toHaveCount(0);

  // 1.000.000,00 typed the German way: previewed as money, confirmed as money, audited as the same money.
  await type(tableMax, '1.000.000,00');
  await expect(page.getByTestId('staff-entry-money')).toHaveText(`= ${euroDe(100_000_000)}`, { useInnerText: true });
  await expect.poll(() => plain(page, 'staff-entry-problem')).toBe('');
  await keepShot(page, path.join(shots, 'config-typed-de-1920x1080.png'));
  await page.getByTestId('staff-entry-ok').click();
  await expect(page.getByTestId(`staff-config-edit-${tableMax}`)).toHaveText(euroDe(100_000_000), {
    useInnerText: true,
  });
  await page.getByTestId('staff-config-apply').click();
  const change = page.getByTestId('staff-config-changes').locator(`tr[data-key="${tableMax}"] td`);
  await expect(change.nth(1)).toHaveText(euroDe(100_000), { useInnerText: true });
  await expect(change.nth(2)).toHaveText(euroDe(100_000_000), { useInnerText: true });
  await page.getByTestId('staff-config-apply-confirm').click();
  await expect(page.getByTestId('staff-done')).toHaveAttribute('data-key', 'config-applied');

  await page.getByTestId('staff-nav-audit').click();
  const row = page.getByTestId('staff-audit-row').first();
  await expect(row).toHaveAttribute('data-field', tableMax);
  await expect(row.getByTestId('staff-audit-before')).toHaveText(euroDe(100_000), { useInnerText: true });
  await expect(row.getByTestId('staff-audit-after')).toHaveText(euroDe(100_000_000), { useInnerText: true });
  await keepShot(page, path.join(shots, 'config-audit-after-de-1920x1080.png'));
});
