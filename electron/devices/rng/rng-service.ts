/**
 * The cabinet's certified RNG: a DRBG random source over the hardware RNG when a port is
 * configured. Without a port the caller says what stands in (docs/rng.md#approved-entropy-source):
 * OS entropy the venue config approves (`devices.rng.source: "os"`), OS entropy in demo mode, OS
 * entropy for a command-line tool, or nothing: then the status is a fault "no approved entropy
 * source" and every draw throws, so a real-money cabinet never deals on unverified entropy.
 * docs/rng.md#the-drbg, docs/rng.md#rng-failure-stops-play.
 *
 * The cabinet wires `onStatus` to reportDevice(); a 'fault' or 'disconnected' status means
 * play stops, and `random.nextInt` throws RngUnavailableError so a round in progress is voided.
 */
import type { DeviceStatus } from '../../core/cabinet/cabinet-api.ts';
import type { RngDiagnostics } from '../../core/cabinet/diagnostics.ts';
import type { DeviceDetail } from '../../core/model/device-detail.ts';
import {
  createDrbgRandomSource,
  createOsEntropySource,
  type DrbgRandomSource,
  type EntropySource,
} from '../../core/random/drbg-random-source.ts';
import { DEFAULT_HEALTH_CONFIG, healthConfigFor } from './health-tests.ts';
import { SerialEntropyReader, type SerialEntropyReaderOptions } from './serial-entropy-reader.ts';

/**
 * What seeds the DRBG without a hardware port: 'os-approved' (the venue config approves OS entropy),
 * 'os-demo' (demo mode, free play), 'os-tool' (a command-line tool, never the cabinet) or 'refuse'.
 */
export type NoPortPolicy = 'refuse' | 'os-approved' | 'os-demo' | 'os-tool';

/** The entropy source in force, as the technician's diagnostics show it (`entropySource`). */
export type RngEntropySource = 'hardware' | 'os-approved' | 'os-demo' | 'os-tool' | 'none';

export interface RngServiceOptions extends Partial<Omit<SerialEntropyReaderOptions, 'portPath' | 'health'>> {
  /** Serial port of the hardware RNG, or null (then `noPort` says what stands in). */
  readonly portPath: string | null;
  /** Without a port: default 'os-tool' (tools); the cabinet always says which. */
  readonly noPort?: NoPortPolicy;
  /** With noPort 'refuse': why (default NO_APPROVED_SOURCE), e.g. a configured port that is no serial device. */
  readonly refuseReason?: string;
  /** The same reason as a code (default rng-no-approved-source). */
  readonly refuseCode?: DeviceDetail;
  /** SP 800-90B H credited per device byte (devices.rng.minEntropyBitsPerByte): sets the RCT/APT cutoffs. */
  readonly minEntropyBitsPerByte?: number;
  readonly onStatus?: (status: DeviceStatus) => void;
  /** Default true (the cabinet's mode); the benchmark turns it off for comparison. */
  readonly predictionResistance?: boolean;
}

/** The technician's RNG diagnostics, with the entropy source in force and the H the tests use. */
export interface RngServiceDiagnostics extends RngDiagnostics {
  readonly entropySource: RngEntropySource;
  /** H in bits per device byte; null without a hardware RNG. */
  readonly minEntropyBitsPerByte: number | null;
}

export interface RngService {
  readonly random: DrbgRandomSource;
  readonly entropy: EntropySource;
  /** The hardware reader, or null without a hardware port. */
  readonly reader: SerialEntropyReader | null;
  readonly entropySource: RngEntropySource;
  status(): DeviceStatus;
  diagnostics(): RngServiceDiagnostics;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export type { RngDiagnostics };

export const OS_ENTROPY_STATUS: DeviceStatus = {
  device: 'rng',
  health: 'not-configured',
  detail: 'OS entropy only',
  detailCode: { code: 'os-entropy-only' },
};

export const NO_APPROVED_SOURCE =
  'no approved entropy source: no hardware RNG port is set (devices.rng.port), and the venue config does not approve OS entropy (devices.rng.source "os")';

const NO_PORT_STATUS: Record<NoPortPolicy, DeviceStatus> = {
  'os-tool': OS_ENTROPY_STATUS,
  'os-approved': {
    device: 'rng',
    health: 'healthy',
    detail: 'OS entropy, the venue-approved source (devices.rng.source "os")',
    detailCode: { code: 'rng-os-approved' },
  },
  'os-demo': {
    device: 'rng',
    health: 'healthy',
    detail: 'OS entropy (demo mode: free play only)',
    detailCode: { code: 'rng-os-demo' },
  },
  refuse: {
    device: 'rng',
    health: 'fault',
    detail: NO_APPROVED_SOURCE,
    detailCode: { code: 'rng-no-approved-source' },
  },
};

/** An entropy source that never delivers: the DRBG over it throws RngUnavailableError on every draw. */
function noEntropy(reason: string): EntropySource {
  return {
    description: 'no approved entropy source',
    unavailableReason: () => reason,
    getEntropy: () => {
      throw new Error(reason);
    },
  };
}

function noPortService(policy: NoPortPolicy, options: RngServiceOptions): RngService {
  const known = NO_PORT_STATUS[policy];
  if (!known) throw new TypeError(`noPort must be one of ${Object.keys(NO_PORT_STATUS).join(', ')}`);
  const reason = options.refuseReason ?? NO_APPROVED_SOURCE;
  const refuseCode = options.refuseCode ?? known.detailCode;
  const status: DeviceStatus = policy === 'refuse' ? { ...known, detail: reason, detailCode: refuseCode } : known;
  const entropy = policy === 'refuse' ? noEntropy(reason) : createOsEntropySource();
  const random = createDrbgRandomSource({ entropy, predictionResistance: options.predictionResistance ?? true });
  const entropySource: RngEntropySource = policy === 'refuse' ? 'none' : policy;
  return {
    random,
    entropy,
    reader: null,
    entropySource,
    status: () => status,
    diagnostics: () => ({
      health: status.health,
      detail: status.detail,
      detailCode: status.detailCode,
      source: policy === 'refuse' ? reason : `operating system entropy (${entropySource})`,
      sourceCode: policy === 'refuse' ? refuseCode : { code: 'rng-source-os' },
      entropySource,
      minEntropyBitsPerByte: null,
      bytesRead: 0,
      bytesDelivered: 0,
      rctFailures: 0,
      aptFailures: 0,
      lastFailure: null,
      lastFailureCode: null,
      tests: null,
    }),
    start: async () => options.onStatus?.(status),
    stop: async () => random.close(),
  };
}

export function createRngService(options: RngServiceOptions): RngService {
  const {
    portPath,
    onStatus,
    predictionResistance,
    noPort,
    minEntropyBitsPerByte,
    refuseReason,
    refuseCode,
    ...readerOptions
  } = options;
  void refuseReason;
  void refuseCode;
  if (portPath === null) return noPortService(noPort ?? 'os-tool', options);
  if (typeof portPath !== 'string' || portPath.trim() === '') {
    throw new TypeError('portPath must be a serial port path such as /dev/ttyACM0, or null for no hardware RNG');
  }
  const health = minEntropyBitsPerByte === undefined ? DEFAULT_HEALTH_CONFIG : healthConfigFor(minEntropyBitsPerByte);
  const reader = new SerialEntropyReader({ ...readerOptions, portPath, health });
  const random = createDrbgRandomSource({ entropy: reader, predictionResistance: predictionResistance ?? true });
  if (onStatus) reader.events.on('status', onStatus);
  return {
    random,
    entropy: reader,
    reader,
    entropySource: 'hardware',
    status: () => reader.status(),
    diagnostics: () => {
      const c = reader.counters;
      const status = reader.status();
      return {
        health: status.health,
        detail: status.detail,
        detailCode: status.detailCode,
        source: `${reader.description}, mixed with OS entropy`,
        sourceCode: { code: 'rng-source-hardware', port: portPath },
        entropySource: 'hardware',
        minEntropyBitsPerByte: health.entropyBits,
        bytesRead: c.samples,
        bytesDelivered: c.delivered,
        rctFailures: c.rctFailures,
        aptFailures: c.aptFailures,
        lastFailure: c.lastFailure ? `${c.lastFailure.at}: ${c.lastFailure.reason}` : null,
        lastFailureCode: c.lastFailure ? { at: c.lastFailure.at, failure: c.lastFailure.code } : null,
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
