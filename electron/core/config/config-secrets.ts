/**
 * The secret in the venue config: the eSSP fixed key (docs/venue-config.md#secrets). It is
 * write-only: a technician may set, replace or clear it, and everything that shows or keeps
 * the config (the menu's view, the event log, the audit trail, the export, the journal's
 * stored copy) sees only whether it is set.
 */
import { canonicalJson } from '../integrity/canonical-json.ts';
import type { VenueConfig } from './venue-config.ts';

/** Dotted paths of the secret fields. */
export const SECRET_PATHS: ReadonlySet<string> = new Set(['devices.billAcceptor.fixedKeyHex']);

/** What a secret field shows instead of its value. */
export interface SecretState {
  readonly set: boolean;
}

/** The config as the menu sees it: the fixed key only as `{ set }`. */
export type VenueConfigView = Omit<VenueConfig, 'devices'> & {
  readonly devices: {
    readonly rng: VenueConfig['devices']['rng'];
    readonly billAcceptor: Omit<VenueConfig['devices']['billAcceptor'], 'fixedKeyHex'> & {
      readonly fixedKeyHex: SecretState;
    };
  };
};

export function configView(config: VenueConfig): VenueConfigView {
  const bill = config.devices.billAcceptor;
  return {
    ...config,
    devices: { ...config.devices, billAcceptor: { ...bill, fixedKeyHex: { set: bill.fixedKeyHex !== null } } },
  };
}

/** The config with the secret left out (stored copy, export): the key is set at the cabinet. */
export function withoutSecrets(config: VenueConfig): VenueConfig {
  return {
    ...config,
    devices: { ...config.devices, billAcceptor: { ...config.devices.billAcceptor, fixedKeyHex: null } },
  };
}

/** A secret value for a log line or audit row. */
export function maskSecret(value: unknown): string {
  return value === null || value === undefined ? 'not set' : 'set';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A submitted config (an edited view, an imported file) before validation: the fixed key left
 * out or sent back as `{ set: true }` keeps the key in force, `{ set: false }` or null clears
 * it, a string sets it. Everything else is passed through untouched for the schema to judge.
 */
export function keepSecrets(input: unknown, current: VenueConfig): unknown {
  if (!isRecord(input)) return input;
  const devices = input.devices === undefined ? {} : input.devices;
  if (!isRecord(devices)) return input;
  const bill = devices.billAcceptor === undefined ? {} : devices.billAcceptor;
  if (!isRecord(bill)) return input;
  const given = bill.fixedKeyHex;
  let key: unknown = given;
  if (given === undefined) key = current.devices.billAcceptor.fixedKeyHex;
  else if (isRecord(given) && Object.keys(given).length === 1 && typeof given.set === 'boolean') {
    key = given.set ? current.devices.billAcceptor.fixedKeyHex : null;
  }
  if (key === undefined) return input;
  return { ...input, devices: { ...devices, billAcceptor: { ...bill, fixedKeyHex: key } } };
}

/** Whether two configs differ only in their secrets (or not at all). */
export function sameApartFromSecrets(a: VenueConfig, b: VenueConfig): boolean {
  return canonicalJson(withoutSecrets(a)) === canonicalJson(withoutSecrets(b));
}
