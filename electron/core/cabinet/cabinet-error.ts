import type { FieldIssue } from '../config/field-issue.ts';
import type { MinorUnits } from '../money/minor-units.ts';
import type { RefusalReason } from '../model/refusal-reason.ts';

export type CabinetErrorCode =
  | 'not-a-chip'
  | 'below-spot-min'
  | 'above-spot-max'
  | 'above-table-max'
  | 'above-max-win'
  | 'insufficient-credits'
  | 'no-bets'
  | 'no-bet-to-remove'
  | 'nothing-to-undo'
  | 'no-previous-bets'
  | 'tilted'
  | 'round-in-progress'
  | 'no-credits'
  | 'invalid-config'
  | 'bets-on-table'
  /** REBET asked for while chips are on the table: DEAL plays those chips (docs/rules.md#round-buttons). */
  | 'rebet-needs-empty-table'
  | 'not-permitted'
  /** DEAL on a stadium terminal: the shared table deals (docs/stadium.md#terminals). */
  | 'stadium-mode'
  /** A bet on a stadium terminal while no window is open, or after this terminal's close (docs/stadium.md#terminals). */
  | 'betting-closed'
  /** round:skip on a cabinet that plays alone. */
  | 'not-in-stadium'
  /** A chip on a side bet the venue does not offer (docs/cabinet-rules.md#side-bets-at-the-cabinet). */
  | 'side-bet-not-offered'
  /** A round while the reality check waits for the player's answer (docs/responsible-gaming.md#the-reality-check). */
  | 'reality-check-open'
  /** A round past a session limit, or one whose stake could pass the loss limit; `reason` says which. */
  | 'session-limit'
  /** A reality-check answer when no reality check is open. */
  | 'no-reality-check';

/** A refused request: nothing changed. `limit` names the limit that was hit. */
export interface CabinetErrorInfo {
  readonly code: CabinetErrorCode;
  readonly message: string;
  readonly limit?: { readonly name: string; readonly valueMinor: MinorUnits };
  /** invalid-config: each bad field, structured for a translated screen. */
  readonly fields?: readonly FieldIssue[];
}

/**
 * A refused request: nothing changed. Carries the CabinetErrorInfo both as
 * `info` and flat (`code`, `limit`), so the IPC router maps it to an IpcError.
 */
export class CabinetError extends Error {
  override readonly name = 'CabinetError';
  readonly code: CabinetErrorCode;
  readonly limit?: { readonly name: string; readonly valueMinor: MinorUnits };
  readonly fields?: readonly FieldIssue[];
  /** `not-permitted`: why, as a code with its parameters (core/model/refusal-reason.ts). */
  readonly reason?: RefusalReason;
  readonly info: CabinetErrorInfo;

  constructor(
    code: CabinetErrorCode,
    message: string,
    limit?: { name: string; valueMinor: MinorUnits },
    fields?: readonly FieldIssue[],
    reason?: RefusalReason,
  ) {
    super(message);
    this.code = code;
    if (limit) this.limit = limit;
    if (fields) this.fields = fields;
    if (reason) this.reason = reason;
    this.info = { code, message, ...(limit ? { limit } : {}), ...(fields ? { fields } : {}) };
  }
}
