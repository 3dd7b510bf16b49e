/**
 * Device settings changed at the cabinet apply live (docs/venue-config.md#device-settings): the cabinet
 * the shells are given has its applyConfig wrapped (shell-cabinet.ts), so a technician's change is validated, refused
 * while the bill acceptor holds money in flight if the change would restart it (DeviceBusyError,
 * nothing changed), committed by the cabinet, and only then are the affected devices restarted. The
 * answer carries `configApplied` (config-apply-outcome.ts) beside the snapshot.
 */
import type { Cabinet, CabinetSnapshot } from '../core/cabinet/cabinet-api.ts';
import type { CabinetCore } from '../core/cabinet/cabinet.ts';
import {
  FIELDS_APPLIED_AT_START,
  type ConfigApplyOutcome,
  type RestartedDevice,
} from '../core/config/config-apply-outcome.ts';
import { configChanges } from '../core/config/config-diff.ts';
import type { VenueConfig } from '../core/config/venue-config.ts';
import type { CabinetDevices, DevicePlan } from './cabinet-devices.ts';
import type { DeviceSettings, InputSettings } from './device-settings.ts';

/** What the change did to the devices, for the staff menu. */
export function applyOutcome(
  before: VenueConfig,
  next: VenueConfig,
  plan: DevicePlan,
  settings: DeviceSettings,
  previous: InputSettings,
): ConfigApplyOutcome {
  const changed = configChanges(before, next).map((c) => c.field);
  const restarted: RestartedDevice[] = [];
  if (plan.rng) restarted.push('rng');
  if (plan.bill) restarted.push('bill-acceptor');
  if (previous.operatorKeyFile !== settings.inputs.operatorKeyFile) restarted.push('key-switch');
  if (previous.doorFile !== settings.inputs.doorFile) restarted.push('door-switch');
  const overridden: { field: string; by: 'flag' | 'env' }[] = [];
  for (const field of changed) {
    const by = settings.origins[field];
    if (by === 'flag' || by === 'env') overridden.push({ field, by });
  }
  return { restarted, atNextStart: changed.filter((f) => FIELDS_APPLIED_AT_START.includes(f)), overridden };
}

/** One log line: each device's port (or stand-in) and who set it. */
export function describeDevices(settings: DeviceSettings): string {
  const from = (field: string): string => settings.origins[field] ?? 'default';
  const rng = settings.rng.port
    ? `${settings.rng.port} (${settings.rng.protocol}, from ${from('devices.rng.port')})`
    : `no port (${settings.rng.noPort})`;
  const bill = settings.bill.port
    ? `${settings.bill.port} (${settings.bill.protocol}, from ${from('devices.billAcceptor.port')})`
    : 'none';
  return `devices: rng ${rng}; bill acceptor ${bill}`;
}

/** The cabinet's applyConfig with the devices a change affects restarted after it committed. */
export function liveApplyConfig(
  cabinet: CabinetCore,
  devices: CabinetDevices,
  settingsFor: (config: VenueConfig) => DeviceSettings,
  log: (message: string) => void,
): Cabinet['applyConfig'] {
  return (input: unknown, role: string): CabinetSnapshot & { configApplied: ConfigApplyOutcome } => {
    const next = cabinet.validateConfig(input);
    const before = cabinet.venueConfig();
    const nextSettings = settingsFor(next);
    const plan = devices.plan(nextSettings);
    devices.assertCanApply(plan);
    const snapshot = cabinet.applyConfig(input, role);
    const outcome = applyOutcome(before, next, plan, nextSettings, devices.settings.inputs);
    void devices.apply(nextSettings).catch((error: unknown) => {
      log(`device restart: ${error instanceof Error ? error.message : String(error)}`);
    });
    return { ...snapshot, configApplied: outcome };
  };
}
