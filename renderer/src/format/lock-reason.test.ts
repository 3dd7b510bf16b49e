/**
 * The player's lock screen says why from codes, never from main's words (docs/cabinet-rules.md#door-and-tilt):
 * each reason has its sentence in every language, and a device's code picks the one that fits.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import type { DeviceDetail } from '../../../electron/core/model/device-detail.ts';
import { LOCALES, messages } from '../i18n/index.ts';
import { LOCK_REASONS, lockReasonOf, lockReasonOfDevice } from './lock-reason.ts';

const JAM: DeviceDetail = { code: 'acceptor-conditions', conditions: ['safe-jam'] };

describe('the reason a player reads', () => {
  it.each(LOCALES)('every reason is a whole sentence in %s, with the device named', (locale) => {
    const i18n = createI18n({ legacy: false, locale, fallbackLocale: [], messages, missingWarn: false });
    const t = i18n.global.t;
    for (const reason of LOCK_REASONS) {
      expect(i18n.global.te(`tiltWhy.${reason}`, locale), `${locale} ${reason}`).toBe(true);
      const text = t(`tiltWhy.${reason}`, { device: t('device.bill-acceptor') });
      expect(text).not.toMatch(/[{}]|tiltWhy/);
      expect(text.trim().length).toBeGreaterThan(0);
    }
  });

  it('a doubtful stadium stream says the shared table’s results were not trusted, never a device fault', () => {
    const tilt = {
      kind: 'stadium-fault' as const,
      reasonCode: {
        code: 'stadium-stream-fault' as const,
        fault: 'round-gap' as const,
        tableId: 'T1',
        round: 9,
        lastRound: 7,
      },
    };
    expect(lockReasonOf(tilt)).toBe('stadiumDoubt');
  });

  it("a device's code picks what it means to a player", () => {
    expect(lockReasonOfDevice(JAM)).toBe('jam');
    expect(lockReasonOfDevice({ code: 'id003-conditions', conditions: ['stacker-jam'] })).toBe('jam');
    expect(lockReasonOfDevice({ code: 'acceptor-conditions', conditions: ['stacker-full'] })).toBe('cashbox');
    expect(lockReasonOfDevice({ code: 'id003-conditions', conditions: ['stacker-open'] })).toBe('cashbox');
    expect(lockReasonOfDevice({ code: 'acceptor-conditions', conditions: ['key-mismatch'] })).toBe('fault');
    expect(
      lockReasonOfDevice({ code: 'link-retrying', port: '/dev/x', cause: 'device-unplugged', retryInMs: 200 }),
    ).toBe('notConnected');
    expect(lockReasonOfDevice({ code: 'rng-no-approved-source' })).toBe('notSetUp');
    expect(lockReasonOfDevice({ code: 'rng-stalled', port: '/dev/r', silentMs: 3000, limitMs: 2000 })).toBe(
      'rngHealth',
    );
    expect(lockReasonOfDevice({ code: 'rng-restarting' })).toBe('restarting');
  });

  it("the device's live code wins; else the tilt's coded reason; else the tilt's kind", () => {
    const tilt = {
      kind: 'device-fault' as const,
      reasonCode: {
        code: 'device-reported' as const,
        device: 'bill-acceptor',
        health: 'fault' as const,
        deviceDetail: JAM,
      },
    };
    expect(lockReasonOf(tilt)).toBe('jam');
    expect(lockReasonOf(tilt, { code: 'acceptor-conditions', conditions: ['cashbox-removed'] })).toBe('cashbox');
    expect(lockReasonOf(tilt, { code: 'not-reported' })).toBe('jam');
    expect(lockReasonOf({ kind: 'door-open', reasonCode: { code: 'door-is-open' } })).toBe('doorOpen');
    expect(
      lockReasonOf({
        kind: 'memory-error',
        reasonCode: { code: 'record-chain-broken', table: 'ledger', rowId: 1, check: 'start-up' },
      }),
    ).toBe('memory');
    expect(
      lockReasonOf({
        kind: 'rng-fault',
        reasonCode: {
          code: 'rng-not-ready',
          waitedMs: 5000,
          health: 'connected',
          deviceDetail: { code: 'rng-restarting' },
        },
      }),
    ).toBe('starting');
    const fraud = { code: 'acceptor-conditions' as const, conditions: ['fraud' as const] };
    expect(
      lockReasonOf({
        kind: 'device-fault',
        reasonCode: { code: 'device-reported', device: 'bill-acceptor', health: 'fault', deviceDetail: fraud },
      }),
    ).toBe('fault');
    expect(
      lockReasonOf({
        kind: 'program-fault',
        reasonCode: { code: 'program-crash', crash: 'uncaught-exception', error: 'TypeError' },
      }),
    ).toBe('crash');
  });
});
