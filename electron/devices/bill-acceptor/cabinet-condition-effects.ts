/**
 * What a condition does outside the condition set (condition-set.ts), the same for every protocol: a raised
 * condition is a `device-fault` for the cabinet carrying the condition's code (the tilt holds it, the screens
 * word it) and a line in the event log, a jam is counted for the technician's diagnostics, a cleared tilt is
 * logged, and any change reports the health again (docs/cabinet-rules.md#door-and-tilt).
 */
import type { DevicePort } from '../../core/cabinet/cabinet-api.ts';
import type { DeviceDetail } from '../../core/model/device-detail.ts';
import type { AcceptorCounters } from './acceptor-diagnostics.ts';
import type { ConditionEffects } from './condition-set.ts';

export interface CabinetConditionOptions<C extends string> {
  readonly cabinet: Pick<DevicePort, 'raiseFault'>;
  readonly counters: AcceptorCounters;
  /** The protocol's jam conditions, counted as jams. */
  readonly jams: readonly C[];
  /** The code of a freshly raised condition alone, for the tilt it raises. */
  codeOf(condition: C): DeviceDetail;
  emit(type: string, detail: string): void;
  /** Reports the health again. */
  changed(): void;
}

export function cabinetConditionEffects<C extends string>(options: CabinetConditionOptions<C>): ConditionEffects<C> {
  return {
    raised: (condition, reason) => {
      if (options.jams.includes(condition)) options.counters.jams++;
      options.emit('fault', reason);
      options.cabinet.raiseFault('device-fault', 'bill-acceptor', {
        code: 'device-reported',
        device: 'bill-acceptor',
        health: 'fault',
        deviceDetail: options.codeOf(condition),
      });
    },
    cleared: (condition) => options.emit('cleared', `${condition} cleared`),
    changed: () => options.changed(),
  };
}
