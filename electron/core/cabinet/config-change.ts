/**
 * Venue config changes: at start-up (the config the cabinet was opened with differs from the
 * stored one) and by a technician (idle only). Every change is validated first, stored with its
 * SHA-256, put in critical memory and written to the event log with the fields that changed.
 */
import { configHash, describeConfigChange, parseVenueConfig, type VenueConfig } from '../config/venue-config.ts';
import { canonicalJson } from '../integrity/canonical-json.ts';
import type { CabinetSnapshot } from './cabinet-api.ts';
import { now, refreshFromJournal, requireNoOpenRound, type CabinetContext } from './cabinet-context.ts';
import { CabinetError } from './cabinet-error.ts';
import { emitState } from './cabinet-events.ts';
import { resetTable } from './betting.ts';
import { commit, commitWhenMemoryGood, type MutableCritical } from './critical-memory.ts';
import { snapshot } from './snapshot.ts';

/** Inside a transaction: stores the config, logs the change and (memory good) puts its hash in critical memory. */
function recordConfig(ctx: CabinetContext, s: MutableCritical | null, config: VenueConfig, detail: string, at: string) {
  const hash = configHash(config);
  if (s) s.configHash = hash;
  ctx.journal.storeConfig(canonicalJson(config), hash);
  ctx.journal.appendEvent('config', `${detail} (sha256 ${hash.slice(0, 16)}…)`, at);
}

/** Start-up: logs and stores the config in force when it is not the stored one (or not in critical memory). */
export function applyConfigAtStart(ctx: CabinetContext): void {
  const stored = ctx.journal.storedConfig();
  const hash = configHash(ctx.config);
  if (stored && stored.sha256 === hash && (!ctx.memoryGood || ctx.critical.configHash === hash)) return;
  let before: VenueConfig | null = null;
  if (stored) {
    try {
      before = parseVenueConfig(JSON.parse(stored.body));
    } catch {
      before = null;
    }
  }
  const detail = describeConfigChange(before, ctx.config);
  const at = now(ctx);
  commitWhenMemoryGood(ctx, (s) => recordConfig(ctx, s, ctx.config, detail, at));
}

/** Technician: installs a new venue config (idle only); a bad one is refused and changes nothing. */
export function reconfigure(ctx: CabinetContext, input: unknown): CabinetSnapshot {
  requireNoOpenRound(ctx);
  let next: VenueConfig;
  try {
    next = parseVenueConfig(input);
  } catch (error) {
    throw new CabinetError('invalid-config', error instanceof Error ? error.message : String(error));
  }
  const detail = describeConfigChange(ctx.config, next);
  const at = now(ctx);
  commit(ctx, (s) => recordConfig(ctx, s, next, detail, at));
  ctx.config = next;
  resetTable(ctx);
  refreshFromJournal(ctx);
  emitState(ctx);
  return snapshot(ctx);
}
