/**
 * The unit the emulator models: its product, note channels, serial number, firmware and dataset answers, the
 * development fixed key, and the options a test or the process may change
 * (docs/protocols/essp-device-model.md#the-modelled-unit).
 */
import type { Product } from './essp/event-table.ts';
import type { NoteTimings } from './essp/note-path.ts';

export const DEFAULT_CHANNELS_MAJOR: readonly number[] = [5, 10, 20, 50, 100, 200, 500];
export const DEFAULT_SERIAL = 0x00c0ffee;
/** What the emulator answers to GET_FIRMWARE_VERSION (0x20) and GET_DATASET_VERSION (0x21), unless told otherwise. */
export const DEFAULT_FIRMWARE_VERSION = 'NV0200041000000';
export const DEFAULT_DATASET_VERSION = 'EUR01610';
/** The fixed key the emulator and the development set-up share. A real cabinet uses the venue's own key. */
export const DEV_FIXED_KEY_HEX = '5E3A91C07D2B4F68';
/** The manufacturer's published factory fixed key (GA973), what SSP_ENCRYPTION_RESET_TO_DEFAULT restores. */
export const FACTORY_FIXED_KEY_HEX = '0123456701234567';
/** Start-up time after power-up or RESET, reported as INITIALISING (0xB6) to POLL_WITH_ACK. */
export const DEFAULT_INITIALISING_MS = 1_000;

export interface SlaveOptions {
  /** NV200 (default) or NV9USB: their command and event tables differ (GA138). */
  readonly product?: Product;
  readonly channelsMajor?: readonly number[];
  readonly countryCode?: string;
  /** The 64-bit fixed half of the eSSP key, 16 hex digits, most significant first. */
  readonly fixedKeyHex: string;
  readonly serialNumber?: number;
  /** ASCII text of GET_FIRMWARE_VERSION; null makes the emulator refuse it with 0xF2 like an older unit. */
  readonly firmwareVersion?: string | null;
  /** ASCII text of GET_DATASET_VERSION; null refuses it with 0xF2. */
  readonly datasetVersion?: string | null;
  /**
   * 'forced' (default, how a cabinet sets the unit up): everything but the key set-up must be encrypted.
   * 'optional': commands in clear work, except those GA138 marks "encryption required".
   */
  readonly encryption?: 'forced' | 'optional';
  /** The protocol version the unit runs after power-up until HOST_PROTOCOL_VERSION sets another. */
  readonly powerUpProtocolVersion?: number;
  readonly maxProtocolVersion?: number;
  /** Shorthand for timings.escrowTimeoutMs. */
  readonly escrowTimeoutMs?: number;
  readonly timings?: Partial<NoteTimings>;
  readonly initialisingMs?: number;
  /** The clock seam: milliseconds, only ever compared and subtracted. */
  readonly now?: () => number;
  /** The unit's secret exponent for the key exchange (tests may fix it). */
  readonly slaveRandom?: () => bigint;
  /** Emits a line for every notable thing (tests and the service panel read it). */
  readonly log?: (line: string) => void;
}

export function parseFixedKeyHex(hex: string): bigint {
  if (typeof hex !== 'string' || !/^[0-9a-fA-F]{16}$/.test(hex)) {
    throw new RangeError(`the eSSP fixed key must be exactly 16 hexadecimal digits, got "${String(hex)}"`);
  }
  return BigInt('0x' + hex);
}
