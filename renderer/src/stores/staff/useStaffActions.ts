/**
 * The staff actions at the table that keep no view state: pay a handpay, clear a tilt, reset the roads. Each
 * answer is main's new snapshot, which the table adopts.
 */
import type { Tilt } from '../../../../electron/core/model/tilt.ts';
import { useCabinetStore } from '../useCabinetStore.ts';
import { useStaffStore } from '../useStaffStore.ts';

export function useStaffActions(): {
  clearHandpay(): Promise<boolean>;
  clearTilt(tilt: Tilt): Promise<boolean>;
  resetRoads(): Promise<boolean>;
} {
  const session = useStaffStore();
  const cabinet = useCabinetStore();
  return {
    clearHandpay: async () => session.adopt(await session.ask('tech:clear-handpay', {}), 'handpay-cleared'),
    clearTilt: async (tilt) =>
      session.adopt(await session.ask('tech:clear-tilt', { kind: tilt.kind, source: tilt.source }), 'tilt-cleared'),
    /** Starts the roads at the table afresh (docs/roads.md#implementation-status); the table follows main's snapshot. */
    resetRoads: async () => {
      const s = await session.ask('tech:roads:reset', {});
      if (!s) return false;
      cabinet.adopt(s);
      return true;
    },
  };
}
