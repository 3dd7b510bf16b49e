/**
 * The one composition used by Electron main, the browser host and the chaos child:
 * opens the journal (migrations), checks critical memory, applies and logs config,
 * recovers an interrupted round (void + refund), counts the power-up. It lives in
 * the storage layer because it is the code that picks the SQLite journal for the
 * cabinet, which itself only knows JournalPort.
 */
import { CabinetCore } from '../core/cabinet/cabinet.ts';
import type { DeviceStatus } from '../core/cabinet/cabinet-api.ts';
import { parseVenueConfig, type VenueConfig } from '../core/config/venue-config.ts';
import type { RandomSource } from '../core/random/random-source.ts';
import type { StatementObserver } from './database.ts';
import { Journal } from './journal.ts';

export interface OpenCabinetOptions {
  readonly journalPath: string;
  /** Validated here; a bad config throws ConfigError naming the field. */
  readonly config: VenueConfig | unknown;
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

export function openCabinet(options: OpenCabinetOptions): JournaledCabinet {
  const config = parseVenueConfig(options.config);
  const journal = Journal.open(
    options.journalPath,
    options.statementObserver ? { observer: options.statementObserver } : {},
  );
  try {
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

/** The cabinet over the SQLite journal, as openCabinet returns it. */
export type JournaledCabinet = CabinetCore<Journal>;
