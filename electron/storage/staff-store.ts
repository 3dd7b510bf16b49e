/**
 * Staff access records (docs/cabinet-rules.md#operator-menu-and-key-switch): one row per
 * role with its scrypt PIN hash, wrong-PIN count and lockout end, so a lockout survives a
 * restart. Every change is written in one transaction with its event-log line (kind
 * 'staff', its code from staff-event.ts), which names the role and never the PIN.
 * Implements StaffStorePort, and `provision`, the one writer of a PIN outside the test controls
 * (electron/cli/provision.ts).
 */
import type { StaffRoleRecord } from '../core/staff/lockout.ts';
import type { StaffStorePort } from '../core/staff/staff-access.ts';
import { pinProvisioned, type StaffEvent } from '../core/staff/staff-event.ts';
import { STAFF_ROLES, type StaffRole } from '../core/staff/staff-status.ts';
import type { Database } from './database.ts';
import type { EventLogStore } from './event-log-store.ts';

export const STAFF_EVENT_KIND = 'staff';

export class StaffStore implements StaffStorePort {
  private readonly db: Database;
  private readonly events: EventLogStore;

  constructor(db: Database, events: EventLogStore) {
    this.db = db;
    this.events = events;
  }

  load(): Record<StaffRole, StaffRoleRecord> {
    const rows = this.db.all<{ role: string; pin_hash: string | null; failures: number; locked_until: string | null }>(
      'SELECT role, pin_hash, failures, locked_until FROM staff_roles',
    );
    const out = {} as Record<StaffRole, StaffRoleRecord>;
    for (const role of STAFF_ROLES) {
      const row = rows.find((r) => r.role === role);
      out[role] = row
        ? { pinHash: row.pin_hash, failures: row.failures, lockedUntil: row.locked_until }
        : { pinHash: null, failures: 0, lockedUntil: null };
    }
    return out;
  }

  save(role: StaffRole, record: StaffRoleRecord, event: StaffEvent, at: string): void {
    this.db.transaction(() => {
      this.db.run(
        `INSERT INTO staff_roles (role, pin_hash, failures, locked_until, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(role) DO UPDATE SET pin_hash = excluded.pin_hash, failures = excluded.failures,
           locked_until = excluded.locked_until, updated_at = excluded.updated_at`,
        role,
        record.pinHash,
        record.failures,
        record.lockedUntil,
        at,
      );
      this.events.append(STAFF_EVENT_KIND, at, event);
    });
  }

  /** A PIN provisioned at the cabinet: the hash, a clean count and the event, in one transaction. */
  provision(role: StaffRole, pinHash: string, at: string): void {
    this.save(role, { pinHash, failures: 0, lockedUntil: null }, pinProvisioned(role), at);
  }

  log(event: StaffEvent, at: string): void {
    this.db.transaction(() => {
      this.events.append(STAFF_EVENT_KIND, at, event);
    });
  }
}
