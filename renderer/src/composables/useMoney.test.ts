import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { createFakeCabinet } from '../../../electron/testing/fake-cabinet.ts';

vi.mock('../bridge/index.ts', () => ({ connectBridge: async () => null }));
const { useCabinetStore } = await import('../stores/useCabinetStore.ts');
const { useDisplayStore } = await import('../stores/useDisplayStore.ts');
const { useSettingsStore } = await import('../stores/useSettingsStore.ts');
const { useMoney } = await import('./useMoney.ts');

beforeEach(() => setActivePinia(createPinia()));

/** Main's snapshot with the venue's display settings replaced. */
function snapshotWith(display: Partial<ReturnType<ReturnType<typeof createFakeCabinet>['snapshot']>['display']>) {
  const s = createFakeCabinet().snapshot();
  return { ...s, display: { ...s.display, ...display } };
}

const plain = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

describe('every amount follows the venue currency from the latest snapshot, in the UI language', () => {
  it('formats with the currency main last sent, and follows a change without a reload', () => {
    const cabinet = useCabinetStore();
    const settings = useSettingsStore();
    const { money, chip } = useMoney();
    cabinet.adopt(snapshotWith({ currency: { code: 'SEK', minorDigits: 2 } }));
    settings.setVenueLanguage('de');
    expect(plain(money(123_450))).toBe('1.234,50 SEK');
    expect(chip(50)).toBe('0,50');

    cabinet.adopt(snapshotWith({ currency: { code: 'JPY', minorDigits: 0 } }));
    expect(plain(money(123_450))).toBe('123.450 ¥');
    expect(chip(2_500)).toBe('2,5K');
    settings.locale = 'en';
    expect(money(123_450)).toBe('¥123,450');
  });
  it('the idle timers and the default language come from the same snapshot', () => {
    const cabinet = useCabinetStore();
    const display = useDisplayStore();
    expect(display.attractIdleMs).toBe(60_000);
    cabinet.adopt(snapshotWith({ attractIdleS: 15, playerInactivityS: 45, defaultLanguage: 'cs' }));
    expect(display.attractIdleMs).toBe(15_000);
    expect(display.playerInactivityMs).toBe(45_000);
    expect(display.defaultLanguage).toBe('cs');
  });
});
