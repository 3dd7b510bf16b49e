/**
 * The ID-003 acceptor's settings: the eSSP options without the fixed key (ID-003 has no key). Validated once,
 * before anything opens, with errors naming the field (docs/protocols/id003.md#link-settings).
 */
import type { BackoffOptions } from '../../serial/link-supervisor.ts';
import { BillAcceptorConfigError, type BillAcceptorConfig } from '../bill-acceptor-config.ts';

export type Id003BillAcceptorConfig = Omit<BillAcceptorConfig, 'fixedKeyHex'>;

export interface ValidatedId003Config {
  /** null: every channel the unit reports. */
  readonly enabledChannels: readonly number[] | null;
  readonly pollIntervalMs: number;
  readonly currency: string;
  readonly replyTimeoutMs: number;
  readonly attempts: number;
  readonly backoff: Partial<BackoffOptions>;
}

export { BillAcceptorConfigError };

export function validateId003Config(config: Id003BillAcceptorConfig): ValidatedId003Config {
  if (config === null || typeof config !== 'object') {
    throw new BillAcceptorConfigError('the ID-003 bill acceptor config must be an object');
  }
  const pollIntervalMs = config.pollIntervalMs ?? 200;
  if (!Number.isInteger(pollIntervalMs) || pollIntervalMs < 100 || pollIntervalMs > 5_000) {
    throw new BillAcceptorConfigError(`pollIntervalMs must be a whole number from 100 to 5000, got ${pollIntervalMs}`);
  }
  const enabled = config.enabledChannels ?? null;
  if (enabled && (enabled.length === 0 || enabled.some((c) => !Number.isInteger(c) || c < 1 || c > 16))) {
    throw new BillAcceptorConfigError('enabledChannels must list channel numbers from 1 to 16 (at least one)');
  }
  const currency = config.currency ?? 'EUR';
  if (!/^[A-Z]{3}$/.test(currency)) {
    throw new BillAcceptorConfigError(`currency must be a 3-letter code, got ${currency}`);
  }
  const replyTimeoutMs = config.replyTimeoutMs ?? 300;
  if (!Number.isInteger(replyTimeoutMs) || replyTimeoutMs < 20 || replyTimeoutMs > 5_000) {
    throw new BillAcceptorConfigError(`replyTimeoutMs must be a whole number from 20 to 5000, got ${replyTimeoutMs}`);
  }
  const attempts = config.attempts ?? 3;
  if (!Number.isInteger(attempts) || attempts < 1 || attempts > 10) {
    throw new BillAcceptorConfigError(`attempts must be a whole number from 1 to 10, got ${attempts}`);
  }
  return {
    enabledChannels: enabled,
    pollIntervalMs,
    currency,
    replyTimeoutMs,
    attempts,
    backoff: config.backoff ?? {},
  };
}
