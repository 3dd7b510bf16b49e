/**
 * Where each device setting comes from (docs/venue-config.md#device-settings). Per field, the first
 * that names it wins:
 *   1. a command-line flag of the browser test host (`--rng-port`, `--bill-port`, …);
 *   2. the environment (the packaged kiosk's systemd unit: ENV_FOR_FIELD; protocols have no variable);
 *   3. the venue config (`devices.*`, `inputs.*`);
 *   4. an embedded emulator (development and the browser host only), for a device no one named.
 * Pure: the composition root resolves once at start and again after every config change.
 */
import type { VenueConfig } from '../core/config/venue-config.ts';
import type { NoPortPolicy } from '../devices/rng/rng-service.ts';

export type RngProtocol = VenueConfig['devices']['rng']['protocol'];
export type BillProtocol = VenueConfig['devices']['billAcceptor']['protocol'];

/** The host's device flags (browser-host.ts validates them before they get here). */
export interface DeviceFlags {
  readonly rngPort?: string;
  readonly rngProtocol?: RngProtocol;
  readonly billPort?: string;
  readonly billProtocol?: BillProtocol;
  readonly billFixedKeyHex?: string;
}

/** The ports and key of the embedded emulators that are running (null: that one is not). */
export interface EmulatorPorts {
  readonly rngPort: string | null;
  readonly billPort: string | null;
  readonly billFixedKeyHex?: string;
}

export type SettingOrigin = 'flag' | 'env' | 'config' | 'emulator';

export interface RngSettings {
  readonly port: string | null;
  readonly protocol: RngProtocol;
  readonly noPort: NoPortPolicy;
  readonly minEntropyBitsPerByte: number;
}

export interface BillSettings {
  readonly port: string | null;
  readonly protocol: BillProtocol;
  readonly fixedKeyHex: string | null;
  readonly enabledChannels: readonly number[];
  readonly currency: string;
}

export interface InputSettings {
  readonly operatorKeyFile: string | null;
  readonly doorFile: string | null;
}

export interface DeviceSettings {
  readonly rng: RngSettings;
  readonly bill: BillSettings;
  readonly inputs: InputSettings;
  /** Who set each field that was set: venue-config paths (`devices.rng.port`) to their origin. */
  readonly origins: Readonly<Record<string, SettingOrigin>>;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The environment variables, by the venue-config field they override. */
export const ENV_FOR_FIELD = {
  'devices.rng.port': 'BACCARAT_RNG_PORT',
  'devices.billAcceptor.port': 'BACCARAT_BILL_PORT',
  'devices.billAcceptor.fixedKeyHex': 'BACCARAT_BILL_FIXED_KEY',
  'inputs.operatorKeyFile': 'BACCARAT_OPERATOR_KEY_FILE',
} as const;

/** The environment's value for a field, or undefined (an empty variable counts as unset). */
function fromEnv(env: Env, field: keyof typeof ENV_FOR_FIELD): string | undefined {
  const value = env[ENV_FOR_FIELD[field]];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** Which emulators a start-up needs: one for each device that no flag, variable or config names. */
export function emulatorsNeeded(
  config: VenueConfig,
  flags: DeviceFlags,
  env: Env,
): { rng: boolean; bill: boolean; currency: string } {
  const rngNamed = flags.rngPort ?? fromEnv(env, 'devices.rng.port') ?? config.devices.rng.port;
  const billNamed = flags.billPort ?? fromEnv(env, 'devices.billAcceptor.port') ?? config.devices.billAcceptor.port;
  // A venue that approves OS entropy wants no hardware RNG, not even an emulated one.
  return {
    rng: !rngNamed && config.devices.rng.source === 'hardware',
    bill: !billNamed,
    currency: config.currency.code,
  };
}

export function resolveDeviceSettings(
  config: VenueConfig,
  sources: { readonly flags: DeviceFlags; readonly env: Env; readonly emulators: EmulatorPorts | null },
): DeviceSettings {
  const { flags, env, emulators } = sources;
  const origins: Record<string, SettingOrigin> = {};
  function pick<T>(field: string, flag: T | undefined, environment: T | undefined, configured: T): T;
  function pick<T>(field: string, flag: T | undefined, environment: T | undefined, configured: T | null): T | null;
  function pick<T>(field: string, flag: T | undefined, environment: T | undefined, configured: T | null): T | null {
    if (flag !== undefined) {
      origins[field] = 'flag';
      return flag;
    }
    if (environment !== undefined) {
      origins[field] = 'env';
      return environment;
    }
    if (configured !== null) origins[field] = 'config';
    return configured;
  }
  const rngConfig = config.devices.rng;
  const billConfig = config.devices.billAcceptor;

  let rngPort = pick('devices.rng.port', flags.rngPort, fromEnv(env, 'devices.rng.port'), rngConfig.port);
  let rngProtocol = pick<RngProtocol>('devices.rng.protocol', flags.rngProtocol, undefined, rngConfig.protocol);
  if (rngPort === null && emulators?.rngPort && rngConfig.source === 'hardware') {
    rngPort = emulators.rngPort;
    rngProtocol = 'truerng'; // the emulator streams at once
    origins['devices.rng.port'] = 'emulator';
  }

  let billPort = pick(
    'devices.billAcceptor.port',
    flags.billPort,
    fromEnv(env, 'devices.billAcceptor.port'),
    billConfig.port,
  );
  let billProtocol = pick<BillProtocol>(
    'devices.billAcceptor.protocol',
    flags.billProtocol,
    undefined,
    billConfig.protocol,
  );
  let fixedKeyHex = pick(
    'devices.billAcceptor.fixedKeyHex',
    flags.billFixedKeyHex,
    fromEnv(env, 'devices.billAcceptor.fixedKeyHex'),
    billConfig.fixedKeyHex,
  );
  if (billPort === null && emulators?.billPort) {
    // The emulated acceptor speaks eSSP with its own key.
    billPort = emulators.billPort;
    billProtocol = 'essp';
    fixedKeyHex = emulators.billFixedKeyHex ?? null;
    origins['devices.billAcceptor.port'] = 'emulator';
    origins['devices.billAcceptor.fixedKeyHex'] = 'emulator';
  }

  const operatorKeyFile = pick(
    'inputs.operatorKeyFile',
    undefined,
    fromEnv(env, 'inputs.operatorKeyFile'),
    config.inputs.operatorKeyFile,
  );
  const doorFile = pick('inputs.doorFile', undefined, undefined, config.inputs.doorFile);

  // Without a port: OS entropy the venue approved, OS entropy in demo mode, or no approved source at all.
  const noPort: NoPortPolicy = rngConfig.source === 'os' ? 'os-approved' : config.demoMode ? 'os-demo' : 'refuse';
  return {
    rng: { port: rngPort, protocol: rngProtocol, noPort, minEntropyBitsPerByte: rngConfig.minEntropyBitsPerByte },
    bill: {
      port: billPort,
      protocol: billProtocol,
      fixedKeyHex,
      enabledChannels: config.billChannels.filter((c) => c.enabled).map((c) => c.channel),
      currency: config.currency.code,
    },
    inputs: { operatorKeyFile, doorFile },
    origins,
  };
}
