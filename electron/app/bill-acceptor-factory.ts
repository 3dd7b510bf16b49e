/**
 * Picks the bill acceptor's driver by protocol (`devices.billAcceptor.protocol`,
 * docs/venue-config.md#device-settings): eSSP (ITL NV9/NV200) or ID-003 (JCM). The constructors
 * are injected, so the choice is tested with stub services; BUILT_IN_BILL_ACCEPTORS is the one
 * place the build's drivers are plugged in. A setting that cannot make a driver (no key for eSSP,
 * the published factory key, no ID-003 driver in this build) is a device fault in words, never a throw.
 */
import type { DevicePort, DeviceStatus } from '../core/cabinet/cabinet-api.ts';
import type { DeviceDetail } from '../core/model/device-detail.ts';
import { BillAcceptorConfigError } from '../devices/bill-acceptor/bill-acceptor-config.ts';
import type { BillAcceptorService, BillAcceptorServiceOptions } from '../devices/bill-acceptor/acceptor-service.ts';
import { createBillAcceptorService, type BillAcceptorConfig } from '../devices/bill-acceptor/bill-acceptor-service.ts';
import { createId003BillAcceptorService } from '../devices/bill-acceptor/id003/id003-service.ts';
import type { BillSettings } from './device-settings.ts';

/** The ID-003 driver's options: the eSSP ones without the fixed key (ID-003 has no encryption key). */
export type Id003ServiceOptions = Omit<BillAcceptorServiceOptions, 'config'> & {
  readonly config: Omit<BillAcceptorConfig, 'fixedKeyHex'>;
};

export interface BillAcceptorConstructors {
  readonly essp: (options: BillAcceptorServiceOptions) => BillAcceptorService;
  /** null: this build has no ID-003 driver. */
  readonly id003: ((options: Id003ServiceOptions) => BillAcceptorService) | null;
}

/** The drivers of this build: ITL eSSP and JCM ID-003 (electron/devices/bill-acceptor/id003/). */
export const BUILT_IN_BILL_ACCEPTORS: BillAcceptorConstructors = {
  essp: createBillAcceptorService,
  id003: createId003BillAcceptorService,
};

export const ID003_NOT_INSTALLED = 'ID-003 driver not installed in this build';

export type BillAcceptorChoice =
  | { readonly kind: 'service'; readonly service: BillAcceptorService }
  | { readonly kind: 'fault'; readonly status: DeviceStatus };

function fault(detail: string, detailCode: DeviceDetail): BillAcceptorChoice {
  return { kind: 'fault', status: { device: 'bill-acceptor', health: 'fault', detail, detailCode } };
}

export function chooseBillAcceptor(
  settings: BillSettings & { readonly port: string },
  context: { readonly cabinet: DevicePort; readonly stateFile: string },
  constructors: BillAcceptorConstructors = BUILT_IN_BILL_ACCEPTORS,
): BillAcceptorChoice {
  const config = {
    ...(settings.enabledChannels.length ? { enabledChannels: settings.enabledChannels } : {}),
    currency: settings.currency,
  };
  const common = { portPath: settings.port, cabinet: context.cabinet, stateFile: context.stateFile };
  try {
    if (settings.protocol === 'id003') {
      if (!constructors.id003) {
        return fault(`${ID003_NOT_INSTALLED} (${settings.port})`, { code: 'id003-not-installed', port: settings.port });
      }
      return { kind: 'service', service: constructors.id003({ ...common, config }) };
    }
    if (!settings.fixedKeyHex) {
      return fault(
        `no eSSP fixed key is set for ${settings.port}: set devices.billAcceptor.fixedKeyHex at the cabinet (or BACCARAT_BILL_FIXED_KEY)`,
        { code: 'acceptor-no-fixed-key', port: settings.port },
      );
    }
    return {
      kind: 'service',
      service: constructors.essp({ ...common, config: { ...config, fixedKeyHex: settings.fixedKeyHex } }),
    };
  } catch (error) {
    // The driver refuses its settings (the factory key, a bad channel list) before it opens anything.
    const port = settings.port;
    const code: DeviceDetail =
      error instanceof BillAcceptorConfigError && error.factoryKey
        ? { code: 'acceptor-factory-key-refused', port }
        : { code: 'acceptor-settings-refused', port, protocol: settings.protocol };
    return fault(
      `${settings.protocol} bill acceptor on ${port}: ${error instanceof Error ? error.message : String(error)}`,
      code,
    );
  }
}
