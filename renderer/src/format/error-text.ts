import type { IpcError } from '../../../electron/ipc/contract.ts';
import { formatMinor } from './money.ts';

type T = (key: string, named?: Record<string, unknown>) => string;
type TE = (key: string) => boolean;

/**
 * A refused request in words: known codes get a translated sentence (with the limit amount formatted when
 * main names one); anything else falls back to main's own message.
 */
export function errorText(error: IpcError, t: T, te: TE): string {
  const key = `errors.${error.code}`;
  const needsLimit = ['below-spot-min', 'above-spot-max', 'above-table-max', 'above-max-win'].includes(error.code);
  if (te(key) && (!needsLimit || error.limit)) {
    return t(key, { limit: error.limit ? formatMinor(error.limit.valueMinor) : '' });
  }
  return error.message;
}
