/**
 * The development contract: dev-only channel tables in the same shape as the production
 * table (contract.ts), every entry `availability: 'dev'`. No production entry point imports
 * this module: the tables are merged into a router only by the browser test host and by the
 * unpackaged Electron dev path (electron/host/dev-shell.ts, a bundle electron-builder leaves
 * out), so the packaged main and preload contain none of these names (dist:check checks).
 *  - SERVICE_CHANNEL_TABLE (here): the embedded emulators' service panel (`npm start`, the
 *    host); here, beside the contract, because the renderer's service panel needs its types.
 *  - TEST_CHANNEL_TABLE (electron/host/test-channels.ts): the browser host's e2e controls
 *    (`--test-controls` only).
 */
import { z } from 'zod';
import { answers, type ChannelTable, type RequestIn, type ResponseIn } from './channel-spec.ts';
import type { CabinetBridge, ProductionTable } from './contract.ts';

/** A bill acceptor's note channel (eSSP channels 1..16). */
export const noteChannel = z.number().int().min(1).max(16);

export interface NoteAnswer {
  readonly accepted: boolean;
  readonly detail: string;
}

/** The switches as a development cabinet's service panel shows them after a toggle. */
export interface InputsAnswer {
  readonly keyOn: boolean;
  readonly doorOpen: boolean;
}

export const SERVICE_CHANNEL_TABLE = {
  'service:insert-note': {
    role: 'service',
    availability: 'dev',
    request: z.object({ channel: noteChannel }).strict(),
    response: answers<NoteAnswer>(),
  },
  /**
   * Development only: turns the operator key or opens/closes the door, as the hardware input
   * would (a production cabinet reads both from GPIO and has no such channel). The service
   * panel's keys: Shift+K turns the key, Shift+D the door (docs/cabinet-rules.md#operator-menu-and-key-switch).
   */
  'service:toggle-input': {
    role: 'service',
    availability: 'dev',
    request: z.object({ input: z.enum(['operator-key', 'door']) }).strict(),
    response: answers<InputsAnswer>(),
  },
} as const satisfies ChannelTable<'dev'>;

export type ServiceTable = typeof SERVICE_CHANNEL_TABLE;

/** What a development cabinet's touchscreen speaks: the production table plus the service panel. */
export type DevKioskTable = ProductionTable & ServiceTable;
export type DevKioskChannel = keyof DevKioskTable;
export type DevKioskRequestOf<C extends DevKioskChannel> = RequestIn<DevKioskTable, C>;
export type DevKioskResponseOf<C extends DevKioskChannel> = ResponseIn<DevKioskTable, C>;
export type DevKioskBridge = CabinetBridge<DevKioskTable>;
