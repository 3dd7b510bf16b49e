/** Which devices a settings change restarts, and the refusal while the acceptor holds money (docs/venue-config.md#device-settings). */
import { describe, expect, it } from 'vitest';
import type { DevicePort } from '../core/cabinet/cabinet-api.ts';
import { DEFAULT_VENUE_CONFIG, type VenueConfig } from '../core/config/venue-config.ts';
import { CabinetDevices, DeviceBusyError, type NoteInFlight } from './cabinet-devices.ts';
import { resolveDeviceSettings } from './device-settings.ts';

const settingsOf = (config: VenueConfig) => resolveDeviceSettings(config, { flags: {}, env: {}, emulators: null });
const withRngPort = (config: VenueConfig, port: string | null): VenueConfig => ({
  ...config,
  devices: { ...config.devices, rng: { ...config.devices.rng, port } },
});

function devices(config: VenueConfig, inFlight: NoteInFlight | null = null): CabinetDevices {
  return new CabinetDevices({
    settings: settingsOf(config),
    report: () => undefined,
    moneyIn: () => ({}) as DevicePort,
    stateFile: '/nonexistent/state.json',
    log: () => undefined,
    noteInFlight: () => inFlight,
  });
}

describe('the plan of a settings change', () => {
  it('demo mode on or off restarts the RNG only when it has no port (what stands in changes)', () => {
    const demo = { ...DEFAULT_VENUE_CONFIG, demoMode: true };
    expect(devices(DEFAULT_VENUE_CONFIG).plan(settingsOf(demo)).rng).toBe(true);
    const hardware = withRngPort(DEFAULT_VENUE_CONFIG, '/dev/ttyACM0');
    expect(devices(hardware).plan(settingsOf({ ...hardware, demoMode: true })).rng).toBe(false);
  });

  it('the entropy assessment H restarts the RNG (new cutoffs, a new start-up test)', () => {
    const hardware = withRngPort(DEFAULT_VENUE_CONFIG, '/dev/ttyACM0');
    const next = {
      ...hardware,
      devices: { ...hardware.devices, rng: { ...hardware.devices.rng, minEntropyBitsPerByte: 6 } },
    };
    expect(devices(hardware).plan(settingsOf(next))).toEqual({ rng: true, bill: false, inputs: false });
  });

  it('bill channels restart the acceptor only when there is one', () => {
    const channels = { ...DEFAULT_VENUE_CONFIG, billChannels: DEFAULT_VENUE_CONFIG.billChannels.slice(0, 2) };
    expect(devices(DEFAULT_VENUE_CONFIG).plan(settingsOf(channels)).bill).toBe(false);
    const withBill: VenueConfig = {
      ...DEFAULT_VENUE_CONFIG,
      devices: {
        ...DEFAULT_VENUE_CONFIG.devices,
        billAcceptor: { port: '/dev/ttyUSB0', protocol: 'essp', fixedKeyHex: null },
      },
    };
    expect(devices(withBill).plan(settingsOf({ ...withBill, billChannels: channels.billChannels })).bill).toBe(true);
  });

  it('a change that leaves the acceptor alone is never refused for money in flight; one that restarts it is', () => {
    const d = devices(DEFAULT_VENUE_CONFIG, 'note-in-escrow');
    // No acceptor is running (no port): nothing to protect.
    expect(() => d.assertCanApply({ rng: false, bill: true, inputs: false })).not.toThrow();
    expect(() => d.assertCanApply({ rng: true, bill: false, inputs: false })).not.toThrow();
    expect(new DeviceBusyError('credit-pending')).toMatchObject({
      code: 'not-permitted',
      reason: { code: 'credit-pending', device: 'bill-acceptor' },
    });
  });
});
