/**
 * The development entry's URL switches, for e2e tests and the browser host: `?attractAfterMs=`,
 * `?inactivityAfterMs=` (idle times in milliseconds) and `?service=1` (the service panel open at start).
 * The production entry never reads the URL for them (docs/architecture.md#the-development-entry).
 */
import type { DevAdditions } from '../composables/useDevAdditions.ts';

/** The shortest idle time a URL may set: a shorter one would start attract under a test's own taps. */
export const MIN_OVERRIDE_MS = 500;

/** A whole number of milliseconds from a URL parameter (at least MIN_OVERRIDE_MS), or null when absent or not a number. */
export function msFromQuery(search: string, name: string): number | null {
  const raw = new URLSearchParams(search).get(name);
  if (raw === null || !/^\d{1,9}$/.test(raw)) return null;
  return Math.max(MIN_OVERRIDE_MS, Number(raw));
}

/** The overrides a page URL asks for; the service panel itself is added by the entry. */
export function overridesFromQuery(search: string): Omit<DevAdditions, 'servicePanel'> {
  return {
    attractOverrideMs: msFromQuery(search, 'attractAfterMs'),
    inactivityOverrideMs: msFromQuery(search, 'inactivityAfterMs'),
    servicePanelOpen: new URLSearchParams(search).get('service') === '1',
  };
}
