/**
 * The ID-003 acceptor's settings: the eSSP options without the fixed key (ID-003 has no key). Validated once,
 * before anything opens, with errors naming the field (docs/protocols/id003.md#link-settings).
 */
import { currencyField, enabledChannelsField, wholeNumberField } from '../acceptor-config-fields.ts';
import { BillAcceptorConfigError } from '../bill-acceptor-config-error.ts';
import type { BillAcceptorConfig, ValidatedConfig } from '../bill-acceptor-config.ts';

export type Id003BillAcceptorConfig = Omit<BillAcceptorConfig, 'fixedKeyHex'>;

/** The eSSP driver's validated settings without the key and the refusal wait (ID-003 refuses no unit). */
export type ValidatedId003Config = Omit<ValidatedConfig, 'fixedKeyHex' | 'fixedKey' | 'refusalBackoff'>;

export { BillAcceptorConfigError };

export function validateId003Config(config: Id003BillAcceptorConfig): ValidatedId003Config {
  if (config === null || typeof config !== 'object') {
    throw new BillAcceptorConfigError('the ID-003 bill acceptor config must be an object');
  }
  const pollIntervalMs = wholeNumberField('pollIntervalMs', config.pollIntervalMs, 200, 100, 5_000);
  return {
    enabledChannels: enabledChannelsField(config.enabledChannels),
    pollIntervalMs,
    currency: currencyField(config.currency),
    replyTimeoutMs: wholeNumberField('replyTimeoutMs', config.replyTimeoutMs, 300, 20, 5_000),
    attempts: wholeNumberField('attempts', config.attempts, 3, 1, 10),
    backoff: config.backoff ?? {},
  };
}
