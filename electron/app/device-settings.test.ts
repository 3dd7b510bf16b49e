/** Where each device setting comes from: flag > environment > venue config > emulator (docs/venue-config.md#device-settings). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VENUE_CONFIG, parseVenueConfig, type VenueConfig } from '../core/config/venue-config.ts';
import { emulatorsNeeded, resolveDeviceSettings } from './device-settings.ts';

const KEY_CONFIG = 'a1b2c3d4e5f60718';
const KEY_ENV = '1122334455667788';
const KEY_FLAG = '9a3f04c27e51b8d6';

function venue(devices: unknown, extra: Record<string, unknown> = {}): VenueConfig {
  return parseVenueConfig({ ...DEFAULT_VENUE_CONFIG, devices, ...extra });
}

const configured = venue({
  rng: { port: '/dev/config-rng', protocol: 'onerng' },
  billAcceptor: { port: '/dev/config-bill', protocol: 'essp', fixedKeyHex: KEY_CONFIG },
});
const emulators = { rngPort: '/tmp/emu/rng', billPort: '/tmp/emu/bill', billFixedKeyHex: 'feedfacecafe0123' };

describe('device settings precedence', () => {
  it('the venue config alone decides when no flag or variable is given', () => {
    const s = resolveDeviceSettings(configured, { flags: {}, env: {}, emulators: null });
    expect(s.rng).toMatchObject({ port: '/dev/config-rng', protocol: 'onerng' });
    expect(s.bill).toMatchObject({ port: '/dev/config-bill', protocol: 'essp', fixedKeyHex: KEY_CONFIG });
    expect(s.origins['devices.rng.port']).toBe('config');
  });

  it('the environment wins over the config', () => {
    const env = {
      BACCARAT_RNG_PORT: '/dev/env-rng',
      BACCARAT_BILL_PORT: '/dev/env-bill',
      BACCARAT_BILL_FIXED_KEY: KEY_ENV,
    };
    const s = resolveDeviceSettings(configured, { flags: {}, env, emulators: null });
    expect([s.rng.port, s.bill.port, s.bill.fixedKeyHex]).toEqual(['/dev/env-rng', '/dev/env-bill', KEY_ENV]);
    expect(s.origins['devices.billAcceptor.fixedKeyHex']).toBe('env');
  });

  it('a command-line flag wins over the environment and the config', () => {
    const env = {
      BACCARAT_RNG_PORT: '/dev/env-rng',
      BACCARAT_BILL_PORT: '/dev/env-bill',
      BACCARAT_BILL_FIXED_KEY: KEY_ENV,
    };
    const flags = {
      rngPort: '/dev/flag-rng',
      rngProtocol: 'truerng' as const,
      billPort: '/dev/flag-bill',
      billProtocol: 'essp' as const,
      billFixedKeyHex: KEY_FLAG,
    };
    const s = resolveDeviceSettings(configured, { flags, env, emulators });
    expect(s.rng).toMatchObject({ port: '/dev/flag-rng', protocol: 'truerng' });
    expect(s.bill).toMatchObject({ port: '/dev/flag-bill', fixedKeyHex: KEY_FLAG });
    expect(s.origins['devices.rng.port']).toBe('flag');
  });

  it('an emulator stands in only for a device that nothing names', () => {
    const onlyRng = venue({ rng: { port: '/dev/config-rng' } });
    const s = resolveDeviceSettings(onlyRng, { flags: {}, env: {}, emulators });
    expect(s.rng.port).toBe('/dev/config-rng');
    expect(s.bill).toMatchObject({ port: '/tmp/emu/bill', protocol: 'essp', fixedKeyHex: 'feedfacecafe0123' });
    expect(emulatorsNeeded(onlyRng, {}, {})).toEqual({ rng: false, bill: true, currency: 'EUR' });
    expect(emulatorsNeeded(onlyRng, { billPort: '/dev/x' }, {})).toEqual({ rng: false, bill: false, currency: 'EUR' });
    expect(emulatorsNeeded(DEFAULT_VENUE_CONFIG, {}, { BACCARAT_RNG_PORT: '/dev/x' })).toEqual({
      rng: false,
      bill: true,
      currency: 'EUR',
    });
  });

  it('a venue that approves OS entropy gets no emulated RNG, and OS entropy stands in', () => {
    const os = venue({ rng: { source: 'os' } });
    expect(emulatorsNeeded(os, {}, {}).rng).toBe(false);
    const s = resolveDeviceSettings(os, { flags: {}, env: {}, emulators });
    expect(s.rng).toMatchObject({ port: null, noPort: 'os-approved' });
  });

  it('without a port: refused for real money, OS entropy in demo mode', () => {
    const money = resolveDeviceSettings(DEFAULT_VENUE_CONFIG, { flags: {}, env: {}, emulators: null });
    expect(money.rng.noPort).toBe('refuse');
    const demo = resolveDeviceSettings(
      { ...DEFAULT_VENUE_CONFIG, demoMode: true },
      { flags: {}, env: {}, emulators: null },
    );
    expect(demo.rng.noPort).toBe('os-demo');
  });

  it('an empty variable counts as unset', () => {
    const s = resolveDeviceSettings(configured, { flags: {}, env: { BACCARAT_RNG_PORT: '  ' }, emulators: null });
    expect(s.rng.port).toBe('/dev/config-rng');
  });

  it('for every combination, the port is the first of flag, variable, config, emulator that is given', () => {
    const maybe = (name: string) => fc.option(fc.constant(`/dev/${name}`), { nil: undefined });
    fc.assert(
      fc.property(maybe('flag'), maybe('env'), maybe('config'), fc.boolean(), (flag, env, config, emulated) => {
        const cfg = venue({ billAcceptor: { port: config ?? null } });
        const s = resolveDeviceSettings(cfg, {
          flags: flag ? { billPort: flag } : {},
          env: env ? { BACCARAT_BILL_PORT: env } : {},
          emulators: emulated ? emulators : null,
        });
        expect(s.bill.port).toBe(flag ?? env ?? config ?? (emulated ? emulators.billPort : null));
      }),
    );
  });
});
