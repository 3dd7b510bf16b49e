/**
 * Venue config changes (docs/venue-config.md#applying): at start-up (the config the cabinet was
 * opened with differs from the stored one) and by a technician. A technician's change applies
 * only between rounds with nothing on the table, and is atomic: it is validated first, then ONE
 * journal transaction stores it with its SHA-256 (the eSSP key beside the journal, never in it),
 * puts the hash in critical memory, writes the event-log entry and one audit row per changed
 * leaf field (secrets masked). Only after COMMIT does the cabinet switch to it and show it.
 */
import { configChanges } from '../config/config-diff.ts';
import { keepSecrets, withoutSecrets } from '../config/config-secrets.ts';
import { configHash } from '../config/config-hash.ts';
import { ConfigError, parseVenueConfig, type VenueConfig } from '../config/venue-config.ts';
import { canonicalJson } from '../integrity/canonical-json.ts';
import type { CabinetSnapshot } from './cabinet-api.ts';
import { now, refreshFromJournal, requireNoOpenRound, type CabinetContext } from './cabinet-context.ts';
import { CabinetError } from './cabinet-error.ts';
import { emitState } from './cabinet-events.ts';
import { resetTable } from './betting.ts';
import { commit, commitWhenMemoryGood, type MutableCritical } from './critical-memory.ts';
import { guardSettings } from './money-guard.ts';
import { holdsMoney, moneyOnCabinet } from './money-on-cabinet.ts';
import { judgeSettings } from '../config/setting-rules.ts';
import { snapshot } from './snapshot.ts';

/** Who a start-up change is recorded as in the audit trail. */
export const START_UP_ROLE = 'start-up';

/** Inside a transaction: stores the config, logs the change, audits each field and (memory good) updates critical memory. */
function recordConfig(
  ctx: CabinetContext,
  s: MutableCritical | null,
  before: VenueConfig | null,
  config: VenueConfig,
  role: string,
  at: string,
): void {
  const hash = configHash(config);
  if (s) s.configHash = hash;
  const { journal } = ctx;
  journal.storeConfig(canonicalJson(withoutSecrets(config)), hash);
  const key = config.devices.billAcceptor.fixedKeyHex;
  if (key !== journal.storedConfigSecret()) journal.storeConfigSecret(key);
  const changes = before === null ? [] : configChanges(before, config);
  // The event names the fields; their old and new values are the audit rows written beside it.
  journal.appendEvent('config', at, {
    code: 'config-changed',
    hash: hash.slice(0, 16),
    installed: before === null,
    fields: changes.map((c) => c.field),
  });
  for (const change of changes) {
    journal.appendConfigAudit({ at, role, ...change, configSha256: hash });
  }
}

/** A config body with the fixed-key field left out (so keepSecrets fills in the key in force). */
function withoutKey(body: unknown): unknown {
  const bill = (body as { devices?: { billAcceptor?: Record<string, unknown> } } | null)?.devices?.billAcceptor;
  if (!bill || typeof bill !== 'object') return body;
  const { fixedKeyHex: _key, ...rest } = bill;
  void _key;
  const b = body as { devices: Record<string, unknown> };
  return { ...b, devices: { ...b.devices, billAcceptor: rest } };
}

/** The stored config (the key from beside the journal), or null when there is none or it no longer parses. */
export function storedVenueConfig(ctx: Pick<CabinetContext, 'journal'>): VenueConfig | null {
  const stored = ctx.journal.storedConfig();
  if (!stored) return null;
  try {
    const body = JSON.parse(stored.body) as unknown;
    // The stored body never carries the key (it reads "null"): the key in force is kept beside the journal.
    const current = { devices: { billAcceptor: { fixedKeyHex: ctx.journal.storedConfigSecret() } } } as VenueConfig;
    return parseVenueConfig(keepSecrets(withoutKey(body), current));
  } catch {
    return null;
  }
}

/**
 * The installation's venue file may re-provision anything at start-up, but not what the money on the meter
 * means while the journal holds money (docs/cabinet-rules.md#staff-actions-with-money-on-the-cabinet): those
 * settings keep their stored values. Answers the fields kept; `ctx.config` is the config now in force.
 */
function keepMoneySettings(ctx: CabinetContext, stored: VenueConfig): readonly string[] {
  const { needEmptyCabinet } = judgeSettings(stored, ctx.config);
  if (needEmptyCabinet.length === 0 || !holdsMoney(moneyOnCabinet(ctx))) return [];
  const groups = new Set(needEmptyCabinet.map((field) => field.split('.')[0] as keyof VenueConfig));
  const mixed: Record<string, unknown> = { ...ctx.config };
  for (const group of groups) mixed[group] = stored[group];
  try {
    ctx.config = parseVenueConfig(mixed);
  } catch (error) {
    // The file's other settings do not fit the kept ones (e.g. chips in another currency): keep all of the stored.
    if (!(error instanceof ConfigError)) throw error;
    ctx.config = stored;
  }
  return needEmptyCabinet;
}

/** Start-up: logs, audits and stores the config in force when it is not the stored one (or not in critical memory). */
export function applyConfigAtStart(ctx: CabinetContext): void {
  const stored = ctx.journal.storedConfig();
  const storedConfig = stored ? storedVenueConfig(ctx) : null;
  const kept = storedConfig ? keepMoneySettings(ctx, storedConfig) : [];
  const at = now(ctx);
  if (kept.length > 0) {
    commitWhenMemoryGood(ctx, () =>
      ctx.journal.appendEvent('config', at, { code: 'config-kept-at-start', fields: kept }),
    );
  }
  const hash = configHash(ctx.config);
  if (stored && stored.sha256 === hash && (!ctx.memoryGood || ctx.critical.configHash === hash)) return;
  commitWhenMemoryGood(ctx, (s) => recordConfig(ctx, s, storedConfig, ctx.config, START_UP_ROLE, at));
}

/** Validates a submitted config against the one in force (an absent key keeps the key in force). */
export function validateConfig(ctx: CabinetContext, input: unknown): VenueConfig {
  try {
    return parseVenueConfig(keepSecrets(input, ctx.config));
  } catch (error) {
    if (error instanceof ConfigError) throw new CabinetError('invalid-config', error.message, undefined, error.fields);
    throw error;
  }
}

/**
 * Technician: installs a new venue config. Refused (and nothing changes) while a round is in
 * progress, while chips are on the table, when any field is bad, when it changes an input or a
 * device port (re-provisioning only) or a setting that changes what money means while the cabinet
 * holds money (money-guard.ts, docs/cabinet-rules.md#staff-actions-with-money-on-the-cabinet).
 */
export function applyConfig(ctx: CabinetContext, input: unknown, role: string): CabinetSnapshot {
  requireNoOpenRound(ctx);
  if (Object.keys(ctx.layout).length > 0) {
    throw new CabinetError('bets-on-table', 'the venue config can change only while nothing is on the table');
  }
  const next = validateConfig(ctx, input);
  const before = ctx.config;
  guardSettings(ctx, before, next);
  const at = now(ctx);
  commit(ctx, (s) => recordConfig(ctx, s, before, next, role, at));
  ctx.config = next;
  resetTable(ctx);
  refreshFromJournal(ctx);
  emitState(ctx);
  return snapshot(ctx);
}

/** The older name: a technician's change. */
export function reconfigure(ctx: CabinetContext, input: unknown): CabinetSnapshot {
  return applyConfig(ctx, input, 'technician');
}
