import { createI18n } from 'vue-i18n';
import { describe, expect, it } from 'vitest';
import { STORAGE_STAGES, VOID_REASON_CODES, type VoidReason } from '../../../electron/core/model/journal-message.ts';
import { LOCALES, messages } from '../i18n/index.ts';
import { STADIUM_VOID_CAUSES } from '../../../electron/core/model/stadium-terminal.ts';
import { voidWhyKey } from './void-why.ts';

const REASONS: readonly VoidReason[] = [
  { code: 'power-lost', status: 'dealt' },
  { code: 'rng-fault', source: 'rng', reason: { code: 'rng-deal-failure' } },
  {
    code: 'device-fault',
    device: 'bill-acceptor',
    reason: {
      code: 'device-reported',
      device: 'bill-acceptor',
      health: 'fault',
      deviceDetail: { code: 'acceptor-conditions', conditions: ['safe-jam'] },
    },
  },
  { code: 'memory-error', source: 'critical-memory', reason: { code: 'memory-no-good-copy' } },
  { code: 'ram-clear' },
  ...STORAGE_STAGES.map((stage): VoidReason => ({ code: 'storage-error', stage, sqlite: 'SQLITE_FULL' })),
  ...STADIUM_VOID_CAUSES.map((voidCause): VoidReason => ({
    code: 'stadium-void',
    tableId: 'T1',
    tableRound: 4,
    voidCause,
  })),
  { code: 'stadium-fault', tableId: 'T1', tableRound: 4, fault: 'bad-signature' },
];

describe.each(LOCALES)('the void screen says why in %s', (locale) => {
  const g = createI18n({ legacy: false, locale, fallbackLocale: [], messages, missingWarn: false }).global;

  it('every void code has its sentence, in the language, without main’s words', () => {
    expect(new Set(REASONS.map((r) => r.code))).toEqual(new Set(VOID_REASON_CODES));
    for (const reason of REASONS) {
      const key = voidWhyKey(reason)!;
      expect(g.te(key, locale), `${locale} ${key}`).toBe(true);
      expect(g.t(key)).not.toMatch(/SQLITE|storage-error|[{}]/);
    }
  });

  it('a settlement the journal refused says the cards were recorded; a refused deal says none were', () => {
    const settle = voidWhyKey({ code: 'storage-error', stage: 'settle', sqlite: 'SQLITE_IOERR' });
    const deal = voidWhyKey({ code: 'storage-error', stage: 'deal', sqlite: 'SQLITE_IOERR' });
    expect(settle).toBe('voidScreen.why.storage-settle');
    expect(deal).toBe('voidScreen.why.storage-deal');
    expect(g.t(settle!)).not.toBe(g.t(deal!));
  });

  it('a stadium void says whether the table voided the round or its result came too late', () => {
    const [tableVoid, timeout] = STADIUM_VOID_CAUSES.map((voidCause) =>
      voidWhyKey({ code: 'stadium-void', tableId: 'T1', tableRound: 4, voidCause })!,
    );
    expect(tableVoid).toBe('voidScreen.why.stadium-table-void');
    expect(g.t(tableVoid!)).not.toBe(g.t(timeout!));
  });
});

it('a void written before codes were kept has no sentence (the screen shows none)', () => {
  expect(voidWhyKey(null)).toBeNull();
  expect(voidWhyKey(undefined)).toBeNull();
});
