/**
 * Test helpers: an in-memory serial link wired to the emulator's device model, a recording fake cabinet that
 * keeps the creditBill contract (journaled once per eventKey), and a wait on the driver's poll count.
 */
import type { SerialLink, SerialLinkOpener } from '../devices/serial/serial-link.ts';
import { SspDeframer, encodeFrame } from '../devices/serial/ssp-framing.ts';
import type { BillAcceptorSlave } from '../emulators/bill-acceptor/bill-acceptor-model.ts';
import type {
  BillCredit,
  CabinetEvent,
  CabinetSnapshot,
  DevicePort,
  DeviceStatus,
} from '../core/cabinet/cabinet-api.ts';
import type { Tilt } from '../core/model/tilt.ts';
import type { AcceptorCondition } from '../core/model/device-detail.ts';
import type { TiltReason } from '../core/model/journal-message.ts';
import { until } from './until.ts';

export { until } from './until.ts';

export interface InMemoryLine {
  readonly open: SerialLinkOpener;
  /** Mangles the next reply: 'crc' flips a CRC bit, 'drop' removes two bytes, 'garbage' prefixes noise. */
  inject(kind: 'crc' | 'drop' | 'garbage' | 'silence'): void;
  unplug(): void;
  plugged: boolean;
}

export function inMemoryLine(slave: BillAcceptorSlave): InMemoryLine {
  const pending: Array<'crc' | 'drop' | 'garbage' | 'silence'> = [];
  let closeListeners = new Set<(info: { disconnected: boolean }) => void>();
  const line: InMemoryLine = {
    plugged: true,
    inject: (kind) => void pending.push(kind),
    unplug() {
      line.plugged = false;
      const listeners = closeListeners;
      closeListeners = new Set();
      for (const l of listeners) l({ disconnected: true });
    },
    open: async (options) => {
      if (!line.plugged) throw new Error(`cannot open ${options.path}: no such device`);
      const dataListeners = new Set<(chunk: Uint8Array) => void>();
      const deframer = new SspDeframer();
      let open = true;
      const link: SerialLink = {
        path: options.path,
        async write(bytes) {
          if (!open) throw new Error('closed');
          for (const result of deframer.push(bytes)) {
            if (result.kind !== 'frame') continue;
            const reply = slave.handle(result.frame);
            if (!reply) continue;
            let wire = encodeFrame(result.frame.seqId, reply);
            const fault = pending.shift();
            if (fault === 'silence') continue;
            if (fault === 'crc') wire[wire.length - 1]! ^= 0x01;
            if (fault === 'drop') wire = Uint8Array.from([...wire.subarray(0, 2), ...wire.subarray(4)]);
            if (fault === 'garbage') wire = Uint8Array.from([1, 2, 3, ...wire]);
            const bytesOut = wire;
            setImmediate(() => {
              if (open) for (const l of dataListeners) l(bytesOut);
            });
          }
        },
        onData(listener) {
          dataListeners.add(listener);
          return () => dataListeners.delete(listener);
        },
        onClose(listener) {
          closeListeners.add(listener);
          return () => closeListeners.delete(listener);
        },
        async close() {
          open = false;
        },
      };
      return link;
    },
  };
  return line;
}

export interface FakeCabinet extends DevicePort {
  readonly credits: BillCredit[];
  readonly devices: DeviceStatus[];
  readonly faults: TiltReason[];
  creditLimitMinor: number;
  creditsMinor: number;
  setPhase(phase: CabinetSnapshot['phase']): void;
  setTilts(tilts: Tilt[]): void;
}

/** A recording cabinet: creditBill is idempotent per eventKey like the real one. */
export function fakeCabinet(): FakeCabinet {
  const listeners = new Set<(event: CabinetEvent) => void>();
  const keys = new Set<string>();
  let phase: CabinetSnapshot['phase'] = 'idle';
  let tilts: Tilt[] = [];
  const snapshot = () =>
    ({ phase, tilts, demo: false, creditsMinor: cabinet.creditsMinor }) as unknown as CabinetSnapshot;
  const publish = () => {
    for (const l of listeners) l({ type: 'state', snapshot: snapshot() });
  };
  const cabinet: FakeCabinet = {
    credits: [],
    devices: [],
    faults: [],
    creditLimitMinor: 1_000_00,
    creditsMinor: 0,
    snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    canAcceptBill(valueMinor) {
      if (tilts.length > 0) return { accept: false, reason: 'tilted' };
      if (cabinet.creditsMinor + valueMinor > cabinet.creditLimitMinor) {
        return { accept: false, reason: `would exceed the credit limit of ${cabinet.creditLimitMinor}` };
      }
      return { accept: true, reason: 'ok' };
    },
    creditBill(credit) {
      if (keys.has(credit.eventKey)) return false;
      keys.add(credit.eventKey);
      cabinet.credits.push(credit);
      cabinet.creditsMinor += credit.valueMinor;
      return true;
    },
    reportDevice(status) {
      cabinet.devices.push(status);
    },
    raiseFault(_kind, _source, reason) {
      cabinet.faults.push(reason);
    },
    setPhase(next) {
      phase = next;
      publish();
    },
    setTilts(next) {
      tilts = next;
      publish();
    },
  };
  return cabinet;
}

/**
 * Waits until the driver has received `count` more poll replies than now: time enough for any ghost repeat to
 * arrive, measured in what the driver did rather than in milliseconds.
 */
export async function morePolls(
  metrics: { readonly polls: number },
  count: number,
  what = 'more polls',
): Promise<void> {
  const target = metrics.polls + count;
  await until(() => metrics.polls >= target, `${count} ${what}`);
}

/** The tilt reason a driver gives the cabinet for a raised eSSP condition (cabinet-condition-effects.ts). */
export function acceptorFault(condition: AcceptorCondition): TiltReason {
  return {
    code: 'device-reported',
    device: 'bill-acceptor',
    health: 'fault',
    deviceDetail: { code: 'acceptor-conditions', conditions: [condition] },
  };
}
