/**
 * Staff roles and what the screen may know about staff access
 * (docs/cabinet-rules.md#operator-menu-and-key-switch). Shared by main and the renderer:
 * types and pure helpers only.
 */

/** An attendant clears handpays and tilts whose condition has gone and reads the meters; a technician does everything. */
export type StaffRole = 'attendant' | 'technician';

export const STAFF_ROLES: readonly StaffRole[] = ['attendant', 'technician'];

export interface StaffRoleStatus {
  readonly pinSet: boolean;
  /** ISO time the lockout ends, or null when the role is not locked out. */
  readonly lockedUntil: string | null;
  /** Wrong PINs since the last good sign-in or the end of the last lockout. */
  readonly failures: number;
}

export interface StaffSession {
  readonly role: StaffRole;
  readonly since: string;
  /** When the session ends by itself unless a staff request comes first (`staff.idleSignOutS`). */
  readonly signOutAt: string;
}

export interface StaffStatus {
  readonly keyOn: boolean;
  readonly doorOpen: boolean;
  readonly session: StaffSession | null;
  readonly roles: Readonly<Record<StaffRole, StaffRoleStatus>>;
}

/** May a session of `session` use what `needed` may? A technician may do everything an attendant may. */
export function roleCovers(session: StaffRole, needed: StaffRole): boolean {
  return session === needed || session === 'technician';
}

/** A PIN is 4 to 8 digits. */
export const PIN_PATTERN = /^[0-9]{4,8}$/;

export function isStaffRole(value: unknown): value is StaffRole {
  return value === 'attendant' || value === 'technician';
}
