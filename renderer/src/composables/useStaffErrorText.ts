import { useI18n } from 'vue-i18n';
import { clockTime } from '../format/date-time.ts';
import { staffErrorText } from '../format/error-text.ts';
import { useMoney } from './useMoney.ts';

type StaffError = Parameters<typeof staffErrorText>[0];

/**
 * How every staff screen words a refusal: staffErrorText with this screen's translations, and a lockout's
 * end as a clock time in the staff member's language, and amounts as the meters show them.
 */
export function useStaffErrorText(): (error: StaffError) => string {
  const { t, te, locale } = useI18n();
  const { money } = useMoney();
  return (error) => staffErrorText(error, t, te, (iso) => clockTime(iso, locale.value), money);
}
