/**
 * A cabinet switch wired to a GPIO line (the operator key switch, the door switch), read
 * from its value file: sysfs `/sys/class/gpio/gpioN/value` or any file holding "1" (on /
 * open) or "0" (off / closed) (docs/cabinet-rules.md#operator-menu-and-key-switch).
 *
 * - The file is watched (fs.watch) and also read every `pollMs`: a sysfs value file does not
 *   always notify a watcher, so the poll is what a real cabinet relies on.
 * - A new value counts only once it has read the same for `debounceMs` (contact bounce).
 * - A missing or unreadable file, or one holding anything but 0/1, is a device fault with
 *   the file and the reason in its detail; the value is then unknown (null) and the owner
 *   fails closed (the key counts as off). The fault clears when the file reads again.
 *
 * The first read at start() counts at once (the state at power-up needs no debounce).
 */
import { readFileSync, watch, type FSWatcher } from 'node:fs';
import type { DeviceStatus } from '../../core/cabinet/cabinet-api.ts';
import type { DeviceDetail } from '../../core/model/device-detail.ts';
import { TypedEmitter } from '../typed-emitter.ts';

export type { SwitchName } from '../../core/model/device-detail.ts';
import type { SwitchName } from '../../core/model/device-detail.ts';

export interface SwitchInputOptions {
  readonly name: SwitchName;
  readonly file: string;
  /** How long a new value must hold before it counts. */
  readonly debounceMs?: number;
  readonly pollMs?: number;
  /** The file reader (tests may inject one). */
  readonly read?: (file: string) => string;
}

export interface SwitchInputEvents extends Record<string, unknown> {
  /** The debounced value changed: true = on / open. */
  change: boolean;
  /** The input's health changed (healthy, or fault with the reason). */
  status: DeviceStatus;
}

export interface SwitchInput {
  readonly events: TypedEmitter<SwitchInputEvents>;
  /** The debounced value, or null while the input cannot be read. */
  value(): boolean | null;
  status(): DeviceStatus;
  start(): void;
  stop(): void;
}

export const DEFAULT_DEBOUNCE_MS = 30;
export const DEFAULT_POLL_MS = 250;

type Sample = { ok: true; value: boolean } | { ok: false; detail: string; code: DeviceDetail };

export function createSwitchInput(options: SwitchInputOptions): SwitchInput {
  const { name, file } = options;
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const read = options.read ?? ((path: string) => readFileSync(path, 'utf8'));
  const events = new TypedEmitter<SwitchInputEvents>();
  const label = name === 'key-switch' ? 'operator key switch' : 'door switch';

  let value: boolean | null = null;
  let status: DeviceStatus = {
    device: name,
    health: 'not-configured',
    detail: `${label} not read yet (${file})`,
    detailCode: { code: 'switch-not-read', switch: name, file },
  };
  let pending: { value: boolean; timer: ReturnType<typeof setTimeout> } | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;
  let watcher: FSWatcher | null = null;
  let running = false;

  function sample(): Sample {
    let text: string;
    try {
      text = read(file);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const why = typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
      const osCode = typeof code === 'string' ? code : 'unknown';
      return {
        ok: false,
        detail: `${label} input ${file} cannot be read (${why})`,
        code: { code: 'switch-unreadable', switch: name, file, osCode },
      };
    }
    const trimmed = text.trim();
    if (trimmed === '1') return { ok: true, value: true };
    if (trimmed === '0') return { ok: true, value: false };
    const held = trimmed.slice(0, 20);
    return {
      ok: false,
      detail: `${label} input ${file} holds ${JSON.stringify(held)}, not 0 or 1`,
      code: { code: 'switch-bad-value', switch: name, file, value: held },
    };
  }

  function setStatus(next: DeviceStatus): void {
    if (next.health === status.health && next.detail === status.detail) return;
    status = next;
    events.emit('status', next);
  }

  function commit(next: boolean): void {
    if (value === next) return;
    value = next;
    events.emit('change', next);
  }

  function cancelPending(): void {
    if (pending) clearTimeout(pending.timer);
    pending = null;
  }

  function check(immediate: boolean): void {
    if (!running) return;
    const s = sample();
    if (!s.ok) {
      cancelPending();
      value = null;
      setStatus({ device: name, health: 'fault', detail: s.detail, detailCode: s.code });
      return;
    }
    setStatus({
      device: name,
      health: 'healthy',
      detail: `${label} on ${file}`,
      detailCode: { code: 'switch-ready', switch: name, file },
    });
    if (immediate || value === null) {
      cancelPending();
      commit(s.value);
      return;
    }
    if (s.value === value) {
      cancelPending(); // it bounced back
      return;
    }
    if (pending?.value === s.value) return; // already waiting for this value to hold
    cancelPending();
    const timer = setTimeout(() => {
      pending = null;
      if (!running) return;
      const again = sample();
      if (again.ok && again.value === s.value) commit(s.value);
      else check(false);
    }, debounceMs);
    timer.unref?.();
    pending = { value: s.value, timer };
  }

  function startWatch(): void {
    if (watcher) return;
    try {
      watcher = watch(file, { persistent: false }, () => check(false));
      watcher.on('error', () => {
        watcher?.close();
        watcher = null;
      });
    } catch {
      watcher = null; // missing file: the poll reports it and the watch is tried again
    }
  }

  return {
    events,
    value: () => value,
    status: () => status,
    start() {
      if (running) return;
      running = true;
      check(true);
      startWatch();
      poll = setInterval(() => {
        if (!watcher) startWatch();
        check(false);
      }, pollMs);
      poll.unref?.();
    },
    stop() {
      running = false;
      cancelPending();
      if (poll) clearInterval(poll);
      poll = null;
      watcher?.close();
      watcher = null;
    },
  };
}
