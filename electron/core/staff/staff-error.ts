/**
 * A refused staff request: nothing changed. `until` is the end of a lockout (ISO). `no-pin`: the role has no
 * PIN yet; PINs come only from provisioning (docs/cabinet-rules.md#operator-menu-and-key-switch).
 * `not-recorded`: the journal refused the write that would have recorded a sign-in, so it does not count.
 */
export type StaffErrorCode =
  'key-off' | 'signed-out' | 'wrong-role' | 'wrong-pin' | 'locked-out' | 'menu-open' | 'no-pin' | 'not-recorded';

export const STAFF_ERROR_CODES: ReadonlySet<string> = new Set<StaffErrorCode>([
  'key-off',
  'signed-out',
  'wrong-role',
  'wrong-pin',
  'locked-out',
  'menu-open',
  'no-pin',
  'not-recorded',
]);

export class StaffError extends Error {
  override readonly name = 'StaffError';
  readonly code: StaffErrorCode;
  readonly until?: string;

  constructor(code: StaffErrorCode, message: string, until?: string) {
    super(message);
    this.code = code;
    if (until !== undefined) this.until = until;
  }
}

export function isStaffError(error: unknown): error is StaffError {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { code?: unknown; message?: unknown };
  return (
    typeof candidate.code === 'string' && STAFF_ERROR_CODES.has(candidate.code) && typeof candidate.message === 'string'
  );
}
