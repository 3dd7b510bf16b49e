/**
 * The one composition used by Electron main, the browser host and the chaos child:
 * opens the journal (migrations), checks critical memory, applies and logs config,
 * recovers an interrupted round (void + refund), counts the power-up. It lives in
 * the storage layer because it is the code that picks the SQLite journal for the
 * cabinet, which itself only knows JournalPort.
 */
import { CabinetCore } from '../core/cabinet/cabinet.ts';
import type { DeviceStatus } from '../core/cabinet/cabinet-api.ts';
import { storedVenueConfig } from '../core/cabinet/config-change.ts';
import { keepSecrets } from '../core/config/config-secrets.ts';
import { DEFAULT_VENUE_CONFIG, parseVenueConfig, type VenueConfig } from '../core/config/venue-config.ts';
import type { RandomSource } from '../core/random/random-source.ts';
import type { StatementObserver } from './database.ts';
import { Journal } from './journal.ts';

export interface OpenCabinetOptions {
  readonly journalPath: string;
  /**
   * Validated here; a bad config throws ConfigError naming the field. A config that leaves the
   * eSSP fixed key out keeps the key in force (docs/venue-config.md#secrets).
   */
  readonly config: VenueConfig | unknown;
  /**
   * 'given' (default): `config` is the config in force. 'stored-first': the config stored in
   * the journal (the last one a technician applied) wins, `config` is only the first one
   * (docs/venue-config.md#starting-with-a-file).
   */
  readonly configSource?: 'given' | 'stored-first';
  readonly random: RandomSource;
  readonly clock?: () => Date;
  /** Initial device statuses (the hardware bridge reports changes later). */
  readonly devices?: readonly DeviceStatus[];
  /**
   * Crash testing only (electron/testing/chaos/statement-killer.ts): told after every
   * journal statement, start-up included. Production passes none.
   */
  readonly statementObserver?: StatementObserver;
}

export function openCabinet(options: OpenCabinetOptions): CabinetCore {
  const journal = Journal.open(
    options.journalPath,
    options.statementObserver ? { observer: options.statementObserver } : {},
  );
  return startCabinetOn(journal, options);
}

/**
 * Starts the cabinet on a journal the caller has opened (tools and tests that also read
 * the journal keep their handle; the cabinet never hands its journal out). Closes the
 * journal when start-up fails.
 */
export function startCabinetOn(journal: Journal, options: Omit<OpenCabinetOptions, 'journalPath'>): CabinetCore {
  try {
    const stored = storedVenueConfig({ journal });
    const config =
      options.configSource === 'stored-first' && stored
        ? stored
        : parseVenueConfig(keepSecrets(options.config, stored ?? DEFAULT_VENUE_CONFIG));
    const cabinet = new CabinetCore(
      journal,
      config,
      options.random,
      options.clock ?? (() => new Date()),
      options.devices ?? [],
    );
    cabinet.start();
    return cabinet;
  } catch (error) {
    journal.close();
    throw error;
  }
}
