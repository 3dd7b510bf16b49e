/**
 * What the composition root hands to a shell (the Electron main process or the
 * browser test host): the recovered cabinet, the router's services and, when the
 * embedded emulators are running, their controls.
 */
import type { Cabinet } from '../core/cabinet/cabinet-api.ts';
import type { RouterServices } from '../ipc/router.ts';
import type { DeviceControls } from '../emulators/emulator-controls.ts';

export interface OperatorKey {
  isOn(): boolean;
  set(on: boolean): void;
}

export function createOperatorKey(initial = false, onChange?: (on: boolean) => void): OperatorKey {
  let on = initial;
  return {
    isOn: () => on,
    set: (value) => {
      if (value === on) return;
      on = value;
      onChange?.(on);
    },
  };
}

/**
 * Follows a key switch wired to a GPIO line (sysfs/libgpiod value file: "1" = on), polled.
 * Returns a stop function. An unreadable file counts as off (fail closed).
 */
export function watchOperatorKeyFile(
  key: OperatorKey,
  file: string,
  read: (file: string) => string,
  intervalMs = 250,
): () => void {
  const poll = (): void => {
    let on = false;
    try {
      on = read(file).trim() === '1';
    } catch {
      on = false;
    }
    key.set(on);
  };
  poll();
  const timer = setInterval(poll, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

export interface RunningCabinet {
  readonly cabinet: Cabinet;
  readonly services: RouterServices;
  readonly controls: DeviceControls;
  readonly operatorKey: OperatorKey;
  /** Plain-words summary of what start-up recovery did (voided round, refund), for the log. */
  readonly recovery: string;
  /** Stops the devices and closes the journal. Idempotent. */
  dispose(): Promise<void>;
}
