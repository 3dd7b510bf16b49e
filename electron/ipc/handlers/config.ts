/**
 * The handlers of the `tech:config:*` channels (docs/venue-config.md): read, validate, apply,
 * audit, export and import the venue config. The cabinet does the work (config-change.ts);
 * these only shape the answers, keep the secret out of them and warm the paytable's exact
 * analysis for new rules before the answer goes out.
 */
import type { Cabinet } from '../../core/cabinet/cabinet-api.ts';
import { configAuditCsv, exportVenueFile, parseVenueFileText } from '../../core/config/config-file.ts';
import { configView } from '../../core/config/config-secrets.ts';
import { ConfigError } from '../../core/config/venue-config.ts';
import { refusal, type ChannelHandlers } from '../channel-group.ts';
import type { ConfigApplied, ProductionTable } from '../contract.ts';
import type { RouterServices } from '../router-services.ts';
import { offeredReturnsPercent } from '../../core/config/side-bet-settings.ts';

type ConfigChannels = Pick<
  ChannelHandlers<ProductionTable>,
  | 'tech:config:get'
  | 'tech:config:validate'
  | 'tech:config:apply'
  | 'tech:config:audit'
  | 'tech:config:export'
  | 'tech:config:import'
>;

/** The most audit rows an export carries. */
const EXPORT_AUDIT_ROWS = 10_000;

export function configHandlers(cabinet: Cabinet, services: RouterServices): ConfigChannels {
  // The role check already ran (technician channels need an open technician session): record that session's role.
  const role = (): string => services.staff.session() ?? 'technician';
  const apply = (config: unknown): ConfigApplied => {
    // The shells' cabinet adds what the change did to the running devices (electron/app/live-devices.ts).
    const snapshot: ConfigApplied = cabinet.applyConfig(config, role());
    // The exact analysis of new rules starts now (the cabinet counts it on a worker), so the paytable answers soon
    // after; a count that fails, or is stopped when the cabinet closes, is answered when the paytable is asked for.
    void Promise.resolve(services.paytable(snapshot)).catch(() => undefined);
    return snapshot;
  };
  return {
    'tech:config:get': () => ({ config: configView(cabinet.venueConfig()) }),
    'tech:config:validate': (r) => {
      const candidate = cabinet.validateConfig(r.config);
      return { ok: true as const, returns: offeredReturnsPercent(candidate) };
    },
    'tech:config:apply': (r) => apply(r.config),
    'tech:config:audit': (r) =>
      cabinet.configAudit(r.beforeId === undefined ? { limit: r.limit } : { limit: r.limit, beforeId: r.beforeId }),
    'tech:config:export': () => {
      const config = cabinet.venueConfig();
      const file = exportVenueFile(config);
      const csv = configAuditCsv(cabinet.configAudit({ limit: EXPORT_AUDIT_ROWS }), config.currency);
      return { ...file, audit: { fileName: file.fileName.replace(/\.json$/, '-audit.csv'), csv } };
    },
    'tech:config:import': (r) => {
      let input: unknown;
      try {
        input = parseVenueFileText(r.json);
      } catch (error) {
        if (error instanceof ConfigError) {
          throw Object.assign(refusal('invalid-config', error.message), { fields: error.fields });
        }
        throw error;
      }
      return apply(input);
    },
  };
}
