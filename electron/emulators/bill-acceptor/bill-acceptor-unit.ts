/**
 * The unit the emulator models: its note channels, serial number, firmware and dataset answers, the
 * development fixed key, and the options a test or the process may change (docs/protocols/essp.md).
 */
export const DEFAULT_CHANNELS_MAJOR: readonly number[] = [5, 10, 20, 50, 100, 200, 500];
export const DEFAULT_SERIAL = 0x00c0ffee;
/** What the emulator answers to GET_FIRMWARE_VERSION (0x20) and GET_DATASET_VERSION (0x21), unless told otherwise. */
export const DEFAULT_FIRMWARE_VERSION = 'NV0200041000000';
export const DEFAULT_DATASET_VERSION = 'EUR01610';
/** The fixed key the emulator and the development set-up share. A real cabinet uses the venue's own key. */
export const DEV_FIXED_KEY_HEX = '5E3A91C07D2B4F68';

export interface SlaveOptions {
  readonly channelsMajor?: readonly number[];
  readonly countryCode?: string;
  readonly fixedKeyHex: string;
  readonly serialNumber?: number;
  /** ASCII text of GET_FIRMWARE_VERSION; null makes the emulator refuse it with 0xF2 like an older unit. */
  readonly firmwareVersion?: string | null;
  /** ASCII text of GET_DATASET_VERSION; null refuses it with 0xF2. */
  readonly datasetVersion?: string | null;
  readonly escrowTimeoutMs?: number;
  readonly now?: () => number;
  /** Emits a line for every notable thing (tests and the service panel read it). */
  readonly log?: (line: string) => void;
}
