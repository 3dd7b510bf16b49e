/**
 * What the service panel and the technician's diagnostics see of an ID-003 unit, in the shapes the eSSP
 * service already returns (SetupInfo, BillAcceptorDiagnostics), so both drivers sit behind one service type.
 * ID-003 has no serial number or dataset in its basic command set; the firmware is the VERSION answer.
 */
import type { DeviceStatus } from '../../../core/cabinet/cabinet-api.ts';
import type { AcceptorCountersView, BillAcceptorDiagnostics, TestNote } from '../acceptor-diagnostics.ts';
import type { SetupInfo } from '../ssp-protocol.ts';
import type { Id003Channel } from './id003-denominations.ts';

/** Channel n = the n-th denomination of the unit; values are already in minor units (multipliers 1). */
export function setupView(version: string | null, channels: readonly Id003Channel[]): SetupInfo | null {
  if (version === null) return null;
  return {
    unitType: 0,
    firmware: version,
    countryCode: channels[0]?.currency ?? '',
    valueMultiplier: 1,
    realValueMultiplier: 1,
    protocolVersion: 0,
    channelCount: channels.length,
    channelValuesMinor: channels.map((c) => c.valueMinor),
    channelCountries: channels.map((c) => c.currency),
  };
}

export interface DiagnosticsInput {
  readonly status: DeviceStatus;
  readonly version: string | null;
  readonly channels: readonly Id003Channel[];
  readonly accepted: readonly number[];
  readonly counters: AcceptorCountersView;
  readonly testMode: boolean;
  readonly testNotes: readonly TestNote[];
}

export function diagnosticsView(input: DiagnosticsInput): BillAcceptorDiagnostics {
  return {
    health: input.status.health,
    detail: input.status.detail,
    detailCode: input.status.detailCode,
    ...(input.version ? { firmware: input.version } : {}),
    channels: input.channels.map((c) => ({
      channel: c.channel,
      valueMinor: c.valueMinor,
      enabled: input.accepted.includes(c.channel),
      currency: c.currency,
    })),
    counters: input.counters,
    testMode: input.testMode,
    testNotes: [...input.testNotes],
  };
}
