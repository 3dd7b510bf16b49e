import type { CabinetErrorCode, CabinetErrorInfo } from './cabinet-api.ts';
import type { MinorUnits } from '../money/minor-units.ts';

/**
 * A refused request: nothing changed. Carries the CabinetErrorInfo both as
 * `info` and flat (`code`, `limit`), so the IPC router maps it to an IpcError.
 */
export class CabinetError extends Error {
  override readonly name = 'CabinetError';
  readonly code: CabinetErrorCode;
  readonly limit?: { readonly name: string; readonly valueMinor: MinorUnits };
  readonly info: CabinetErrorInfo;

  constructor(code: CabinetErrorCode, message: string, limit?: { name: string; valueMinor: MinorUnits }) {
    super(message);
    this.code = code;
    if (limit) this.limit = limit;
    this.info = limit ? { code, message, limit } : { code, message };
  }
}
