/**
 * What an acceptor driver follows of the cabinet for its enable policy: the latest snapshot, refreshed on the
 * events that can change whether the cabinet takes money (its state, a tilt, a round settled or voided), and a
 * wake-up for the poll loop on each of them so the enable state follows at once
 * (docs/cabinet-rules.md#bill-validator). The same for every protocol, so it lives outside the drivers.
 */
import type { CabinetSnapshot, DevicePort } from '../../core/cabinet/cabinet-api.ts';
import { cabinetTakesMoney } from './escrow-policy.ts';

export class CabinetWatch {
  readonly #cabinet: Pick<DevicePort, 'snapshot' | 'subscribe'>;
  #latest: CabinetSnapshot | null = null;
  #unsubscribe: (() => void) | null = null;

  constructor(cabinet: Pick<DevicePort, 'snapshot' | 'subscribe'>) {
    this.#cabinet = cabinet;
  }

  /** Takes a snapshot now and follows the cabinet; `changed` runs after each event that may change it. */
  start(changed: () => void): void {
    this.#latest = this.#cabinet.snapshot();
    this.#unsubscribe = this.#cabinet.subscribe((event) => {
      if (event.type === 'state') this.#latest = event.snapshot;
      else if (event.type === 'tilt' || event.type === 'round-settled' || event.type === 'round-voided') {
        this.#latest = this.#cabinet.snapshot();
      } else return;
      changed();
    });
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }

  /** No tilt, round phase idle or betting, not in demo mode (escrow-policy.ts cabinetTakesMoney). */
  takesMoney(): boolean {
    return cabinetTakesMoney(this.#latest);
  }
}
