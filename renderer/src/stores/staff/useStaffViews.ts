/**
 * Moving between the staff menu's views: the session store shows the view, and the view's own store asks main
 * for what it shows. Kept apart from the session store so the session knows no view (and no view imports another).
 */
import { useStaffStore, type StaffView } from '../useStaffStore.ts';
import { useStaffAuditStore } from './useStaffAuditStore.ts';
import { useStaffConfigStore } from './useStaffConfigStore.ts';
import { useStaffDiagnosticsStore } from './useStaffDiagnosticsStore.ts';
import { useStaffEventsStore } from './useStaffEventsStore.ts';
import { useStaffJournalStore } from './useStaffJournalStore.ts';
import { useStaffMetersStore } from './useStaffMetersStore.ts';
import { useStaffRecallStore } from './useStaffRecallStore.ts';

export function useStaffViews(): { go(view: StaffView): Promise<void> } {
  const session = useStaffStore();
  const loads: Record<StaffView, (() => Promise<void>) | null> = {
    meters: useStaffMetersStore().load,
    handpay: null,
    tilts: null,
    events: () => useStaffEventsStore().load(),
    recall: () => useStaffRecallStore().load(),
    config: useStaffConfigStore().load,
    audit: () => useStaffAuditStore().load(),
    diagnostics: useStaffDiagnosticsStore().load,
    'ram-clear': useStaffJournalStore().load,
  };
  return {
    async go(view) {
      session.show(view);
      await loads[view]?.();
    },
  };
}
