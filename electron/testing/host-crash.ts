/**
 * A host process that dies at an exact point, for the tests of "a crash after the journaled credit and before
 * EVENT_ACK". Nothing in the driver knows about it: the test hands the driver a wrapped opener and a wrapped
 * cabinet port.
 *
 * - `open` wraps a SerialLinkOpener. After the crash every link it opened drops what the host writes and hands
 *   the host nothing more (a dead process holding its port open), and it opens no new link.
 * - `cabinet` passes everything to the real DevicePort. Its creditBill crashes the host right after the credit
 *   returned (committed), so the EVENT_ACK that would follow never reaches the acceptor. After the crash the
 *   dead host reaches the cabinet no more (reports, faults and credits are dropped).
 */
import type { DevicePort } from '../core/cabinet/cabinet-api.ts';
import type { SerialLink, SerialLinkOpener } from '../devices/serial/serial-link.ts';

export interface CrashingHost {
  readonly open: SerialLinkOpener;
  readonly cabinet: DevicePort;
  /** True once the host has died. */
  readonly crashed: boolean;
  /** Kills the host now. */
  crash(): void;
}

export function crashAfterFirstCredit(open: SerialLinkOpener, cabinet: DevicePort): CrashingHost {
  let crashed = false;
  const host: CrashingHost = {
    get crashed() {
      return crashed;
    },
    crash() {
      crashed = true;
    },
    async open(options) {
      if (crashed) throw new Error(`cannot open ${options.path}: the host process has died`);
      const link = await open(options);
      const dead: SerialLink = {
        path: link.path,
        write: async (bytes) => {
          if (!crashed) await link.write(bytes);
        },
        onData: (listener) =>
          link.onData((chunk) => {
            if (!crashed) listener(chunk);
          }),
        onClose: (listener) =>
          link.onClose((info) => {
            if (!crashed) listener(info);
          }),
        close: () => link.close(),
      };
      return dead;
    },
    cabinet: {
      snapshot: () => cabinet.snapshot(),
      subscribe: (listener) => cabinet.subscribe(listener),
      canAcceptBill: (valueMinor) =>
        crashed ? { accept: false, reason: 'host died' } : cabinet.canAcceptBill(valueMinor),
      creditBill(credit) {
        if (crashed) return false;
        const credited = cabinet.creditBill(credit);
        crashed = true;
        return credited;
      },
      reportDevice(status) {
        if (!crashed) cabinet.reportDevice(status);
      },
      raiseFault(kind, source, reason) {
        if (!crashed) cabinet.raiseFault(kind, source, reason);
      },
    },
  };
  return host;
}
