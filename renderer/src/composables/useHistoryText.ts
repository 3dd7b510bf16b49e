import { storeToRefs } from 'pinia';
import { useI18n } from 'vue-i18n';
import type { Winner } from '../../../electron/core/engine/round.ts';
import type { Side } from '../format/cards.ts';
import { useSettingsStore } from '../stores/useSettingsStore.ts';
import { useMoney } from './useMoney.ts';

/** A hand won its round when its side won, and both did on a tie (the history marks both totals). */
export function handWon(winner: Winner | null, side: Side): boolean {
  return winner === side || winner === 'tie';
}

/** The words for a recorded round's winner: "Tie", "Banker wins", or nothing when no card was dealt. */
export function winnerLine(winner: Winner | null, t: (key: string, named?: Record<string, unknown>) => string): string {
  if (winner === 'tie') return t('history.tie');
  return winner ? t('history.wins', { spot: t(`spot.${winner}`) }) : '';
}

/**
 * What every view of the game history (a list row, a round in full) reads its words from: the
 * translations, amounts in the venue currency, and the player's locale for the times.
 */
export function useHistoryText() {
  const { t } = useI18n();
  const { money } = useMoney();
  const { locale } = storeToRefs(useSettingsStore());
  return { t, money, locale };
}
