/**
 * The browser host's device flags (`npm run host -- --bill-port PATH --bill-fixed-key HEX --rng-port PATH
 * --bill-protocol essp|id003 --rng-protocol truerng|onerng`), checked strictly before anything starts:
 * the first bad flag is one sentence naming it and what is allowed (the host prints it and exits 2).
 * docs/venue-config.md#device-settings.
 */
import { BILL_PROTOCOLS, RNG_PROTOCOLS } from '../core/config/venue-config.ts';
import { parseFixedKey } from '../devices/bill-acceptor/essp-crypto.ts';
import { serialPathProblem, type PathProblem } from './device-path.ts';
import type { BillProtocol, DeviceFlags, RngProtocol } from './device-settings.ts';

export class DeviceFlagError extends Error {
  override readonly name = 'DeviceFlagError';
}

export interface DeviceFlagValues {
  readonly 'rng-port'?: string | undefined;
  readonly 'rng-protocol'?: string | undefined;
  readonly 'bill-port'?: string | undefined;
  readonly 'bill-protocol'?: string | undefined;
  readonly 'bill-fixed-key'?: string | undefined;
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new DeviceFlagError(`--${flag} must be one of ${allowed.join(', ')}, got "${value}"`);
  }
  return value as T;
}

function port(flag: string, value: string, check: (path: string) => PathProblem | null): string {
  const problem = check(value);
  if (problem) throw new DeviceFlagError(`--${flag}: ${problem.message}`);
  return value;
}

/** The flags as DeviceFlags; throws DeviceFlagError for the first bad one. */
export function parseDeviceFlags(
  values: DeviceFlagValues,
  check: (path: string) => PathProblem | null = serialPathProblem,
): DeviceFlags {
  const flags: {
    rngPort?: string;
    rngProtocol?: RngProtocol;
    billPort?: string;
    billProtocol?: BillProtocol;
    billFixedKeyHex?: string;
  } = {};
  if (values['rng-port'] !== undefined) flags.rngPort = port('rng-port', values['rng-port'], check);
  if (values['rng-protocol'] !== undefined) {
    flags.rngProtocol = oneOf('rng-protocol', values['rng-protocol'], RNG_PROTOCOLS);
  }
  if (values['bill-port'] !== undefined) flags.billPort = port('bill-port', values['bill-port'], check);
  if (values['bill-protocol'] !== undefined) {
    flags.billProtocol = oneOf('bill-protocol', values['bill-protocol'], BILL_PROTOCOLS);
  }
  const key = values['bill-fixed-key'];
  if (key !== undefined) {
    if (flags.billProtocol === 'id003') {
      throw new DeviceFlagError('--bill-fixed-key is for --bill-protocol essp only (ID-003 has no fixed key)');
    }
    try {
      parseFixedKey(key);
    } catch (error) {
      throw new DeviceFlagError(`--bill-fixed-key: ${error instanceof Error ? error.message : String(error)}`);
    }
    flags.billFixedKeyHex = key;
  }
  return flags;
}
