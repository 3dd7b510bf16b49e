/**
 * The bill acceptor's venue settings, validated once before anything opens: the eSSP fixed key
 * (docs/protocols/essp.md#essp-encryption), the channels the venue accepts, the poll interval
 * (docs/protocols/essp.md#link-settings: at least 200 ms apart), the reply timeout and sends, and the
 * cabinet's currency.
 */
import type { BackoffOptions } from '../serial/link-supervisor.ts';
import { currencyField, enabledChannelsField, wholeNumberField } from './acceptor-config-fields.ts';
import { BillAcceptorConfigError } from './bill-acceptor-config-error.ts';
import { ITL_DEFAULT_FIXED_KEY_HEX, parseFixedKey } from './essp-crypto.ts';
import type { RefusalBackoffOptions } from './unit-refusal.ts';
import type { SetupInfo } from './ssp-protocol.ts';

export interface BillAcceptorConfig {
  /** The venue's 64-bit eSSP fixed key, 16 hex digits (validated). */
  readonly fixedKeyHex: string;
  /** Channels the venue accepts (1-based). Default: every channel the acceptor reports. */
  readonly enabledChannels?: readonly number[];
  /** ≥ 200 ms (docs/protocols/essp.md#link-settings). Default 250. */
  readonly pollIntervalMs?: number;
  /** Currency the cabinet counts in; channels of another currency stay inhibited. Default "EUR". */
  readonly currency?: string;
  /** Wait for a reply before resending, 20 to 5000 ms; GA973 recommends 1000 ms (the default). */
  readonly replyTimeoutMs?: number;
  /** Sends of one command in total, 1 to 20 (GA138's most); GA973 recommends 3 (the default). */
  readonly attempts?: number;
  readonly backoff?: Partial<BackoffOptions>;
  /** Wait before a handshake after a refused unit (wrong fixed key…): 30 s doubling to 5 min by default. */
  readonly refusalBackoff?: Partial<RefusalBackoffOptions>;
}

/** A configuration that passed {@link validateConfig}: defaults filled in, the fixed key parsed. */
export interface ValidatedConfig {
  readonly fixedKeyHex: string;
  readonly fixedKey: bigint;
  /** null: every channel the acceptor reports. */
  readonly enabledChannels: readonly number[] | null;
  readonly pollIntervalMs: number;
  readonly currency: string;
  readonly replyTimeoutMs: number;
  readonly attempts: number;
  readonly backoff: Partial<BackoffOptions>;
  readonly refusalBackoff: Partial<RefusalBackoffOptions>;
}

export { BillAcceptorConfigError };

/** Throws BillAcceptorConfigError naming the field that is wrong. */
export function validateConfig(config: BillAcceptorConfig): ValidatedConfig {
  let fixedKey: bigint;
  try {
    fixedKey = parseFixedKey(config.fixedKeyHex);
  } catch (error) {
    const factoryKey =
      typeof config.fixedKeyHex === 'string' && config.fixedKeyHex.toLowerCase() === ITL_DEFAULT_FIXED_KEY_HEX;
    throw new BillAcceptorConfigError((error as Error).message, factoryKey);
  }
  const pollIntervalMs = wholeNumberField('pollIntervalMs', config.pollIntervalMs, 250, 200, 5_000);
  const enabledChannels = enabledChannelsField(config.enabledChannels);
  const currency = currencyField(config.currency);
  return {
    fixedKeyHex: config.fixedKeyHex,
    fixedKey,
    enabledChannels,
    pollIntervalMs,
    currency,
    replyTimeoutMs: wholeNumberField('replyTimeoutMs', config.replyTimeoutMs, 1000, 20, 5_000),
    attempts: wholeNumberField('attempts', config.attempts, 3, 1, 20),
    backoff: config.backoff ?? {},
    refusalBackoff: config.refusalBackoff ?? {},
  };
}

/** Venue-enabled channels the acceptor has, in the cabinet's currency, with a value. */
export function acceptedChannels(config: ValidatedConfig, setup: SetupInfo | null): number[] {
  if (!setup) return [];
  const wanted = config.enabledChannels ?? setup.channelValuesMinor.map((_, i) => i + 1);
  return wanted.filter(
    (c) =>
      c <= setup.channelCount &&
      setup.channelCountries[c - 1] === config.currency &&
      (setup.channelValuesMinor[c - 1] ?? 0) > 0,
  );
}
