/** The config audit view: who changed what and when, newest first, twenty more at a time. */
import { defineStore } from 'pinia';
import type { ConfigAuditEntry } from '../staff-types.ts';
import { useStaffStore } from '../useStaffStore.ts';
import { sessionRef } from './session-scoped.ts';

const AUDIT_PAGE = 20;

export const useStaffAuditStore = defineStore('staff-audit', () => {
  const session = useStaffStore();
  const audit = sessionRef<ConfigAuditEntry[] | null>(null);

  /** The newest entries, or with `beforeId` the next ones added below those shown. */
  async function load(beforeId?: number): Promise<void> {
    const page = await session.ask(
      'tech:config:audit',
      beforeId === undefined ? { limit: AUDIT_PAGE } : { limit: AUDIT_PAGE, beforeId },
    );
    audit.value = beforeId === undefined ? (page ?? []) : [...(audit.value ?? []), ...(page ?? [])];
  }

  return { audit, load };
});
