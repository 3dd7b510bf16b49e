/**
 * The cabinet's certified RNG: a DRBG random source over the hardware RNG when a port is
 * configured, or over OS entropy only when none is (the status then says "OS entropy only").
 * docs/rng.md#the-drbg, docs/rng.md#rng-failure-stops-play.
 *
 * The cabinet wires `onStatus` to reportDevice(); a 'fault' or 'disconnected' status means
 * play stops, and `random.nextInt` throws RngUnavailableError so a round in progress is voided.
 */
import type { DeviceStatus } from '../../core/cabinet/cabinet-api.ts';
import type { RngDiagnostics } from '../../core/cabinet/diagnostics.ts';
import {
  createDrbgRandomSource,
  createOsEntropySource,
  type DrbgRandomSource,
  type EntropySource,
} from '../../core/random/drbg-random-source.ts';
import { SerialEntropyReader, type SerialEntropyReaderOptions } from './serial-entropy-reader.ts';

export interface RngServiceOptions extends Partial<Omit<SerialEntropyReaderOptions, 'portPath'>> {
  /** Serial port of the hardware RNG, or null for OS entropy only. */
  readonly portPath: string | null;
  readonly onStatus?: (status: DeviceStatus) => void;
  /** Default true (the cabinet's mode); the benchmark turns it off for comparison. */
  readonly predictionResistance?: boolean;
}

export interface RngService {
  readonly random: DrbgRandomSource;
  readonly entropy: EntropySource;
  /** The hardware reader, or null with OS entropy only. */
  readonly reader: SerialEntropyReader | null;
  status(): DeviceStatus;
  diagnostics(): RngDiagnostics;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export type { RngDiagnostics };

export const OS_ENTROPY_STATUS: DeviceStatus = { device: 'rng', health: 'not-configured', detail: 'OS entropy only' };

export function createRngService(options: RngServiceOptions): RngService {
  const { portPath, onStatus, predictionResistance, ...readerOptions } = options;
  if (portPath === null) {
    const entropy = createOsEntropySource();
    const random = createDrbgRandomSource({ entropy, predictionResistance: predictionResistance ?? true });
    return {
      random,
      entropy,
      reader: null,
      status: () => OS_ENTROPY_STATUS,
      diagnostics: () => ({
        health: OS_ENTROPY_STATUS.health,
        detail: OS_ENTROPY_STATUS.detail,
        source: 'operating system entropy only (no hardware RNG configured)',
        bytesRead: 0,
        bytesDelivered: 0,
        rctFailures: 0,
        aptFailures: 0,
        lastFailure: null,
        tests: null,
      }),
      start: async () => onStatus?.(OS_ENTROPY_STATUS),
      stop: async () => random.close(),
    };
  }
  if (typeof portPath !== 'string' || portPath.trim() === '') {
    throw new TypeError('portPath must be a serial port path such as /dev/ttyACM0, or null for OS entropy only');
  }
  const reader = new SerialEntropyReader({ ...readerOptions, portPath });
  const random = createDrbgRandomSource({ entropy: reader, predictionResistance: predictionResistance ?? true });
  if (onStatus) reader.events.on('status', onStatus);
  return {
    random,
    entropy: reader,
    reader,
    status: () => reader.status(),
    diagnostics: () => {
      const c = reader.counters;
      const status = reader.status();
      return {
        health: status.health,
        detail: status.detail,
        source: `${reader.description}, mixed with OS entropy`,
        bytesRead: c.samples,
        bytesDelivered: c.delivered,
        rctFailures: c.rctFailures,
        aptFailures: c.aptFailures,
        lastFailure: c.lastFailure ? `${c.lastFailure.at}: ${c.lastFailure.reason}` : null,
        tests: { rctCutoff: c.rctCutoff, aptCutoff: c.aptCutoff, aptWindow: c.aptWindow },
      };
    },
    start: () => reader.start(),
    stop: async () => {
      await reader.stop();
      random.close();
    },
  };
}
