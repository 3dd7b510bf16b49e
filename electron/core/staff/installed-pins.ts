/**
 * PIN hashes from the venue's installation file (docs/cabinet-rules.md#operator-menu-and-key-switch):
 * `BACCARAT_TECHNICIAN_PIN_HASH` and `BACCARAT_ATTENDANT_PIN_HASH` in /etc/baccarat-kiosk/env, each in
 * pin-hash.ts's stored form (`npm run provision -- --print-hash` makes one). The file is written by
 * whoever installs the cabinet, so it is a trusted path; a hash that does not parse is reported and
 * ignored, never taken as a PIN.
 */
import { isPinHash } from './pin-hash.ts';
import { STAFF_ROLES, type StaffRole } from './staff-status.ts';

export const INSTALLED_PIN_VARIABLES: Readonly<Record<StaffRole, string>> = {
  technician: 'BACCARAT_TECHNICIAN_PIN_HASH',
  attendant: 'BACCARAT_ATTENDANT_PIN_HASH',
};

export interface InstalledPins {
  readonly pins: Partial<Record<StaffRole, string>>;
  /** One line per variable that is set but holds no usable hash. */
  readonly problems: readonly string[];
}

export function installedPins(env: Readonly<Record<string, string | undefined>>): InstalledPins {
  const pins: Partial<Record<StaffRole, string>> = {};
  const problems: string[] = [];
  for (const role of STAFF_ROLES) {
    const name = INSTALLED_PIN_VARIABLES[role];
    const value = env[name]?.trim();
    if (!value) continue;
    if (isPinHash(value)) pins[role] = value;
    else {
      problems.push(
        `${name} is not a PIN hash (allowed: scrypt$N$r$p$salt$key as printed by npm run provision -- --print-hash); ignored`,
      );
    }
  }
  return { pins, problems };
}
