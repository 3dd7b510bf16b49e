/**
 * Amounts as the player sees them: in the venue currency (useDisplayStore) and the locale of the UI
 * language (useSettingsStore). Components format through this, so a currency or language change redraws
 * every amount at once.
 */
import { chipLabel, formatMoney, formatMoneyParts, type FormattedMoney } from '../format/money.ts';
import { useDisplayStore } from '../stores/useDisplayStore.ts';
import { useSettingsStore } from '../stores/useSettingsStore.ts';

export function useMoney(): {
  money: (minor: number) => string;
  moneyParts: (minor: number) => FormattedMoney;
  chip: (minor: number) => string;
  minorDigits: () => number;
} {
  const display = useDisplayStore();
  const settings = useSettingsStore();
  return {
    money: (minor) => formatMoney(minor, display.currency, settings.locale),
    moneyParts: (minor) => formatMoneyParts(minor, display.currency, settings.locale),
    chip: (minor) => chipLabel(minor, display.currency.minorDigits, settings.locale),
    minorDigits: () => display.currency.minorDigits,
  };
}
