/**
 * The allow-list of the development preload (dist-electron/dev-preload.cjs, never packaged): the production
 * names plus the service panel's, read from the two tables. scripts/build.ts bundles the development preload
 * with this list written out as a literal in place of electron/ipc/channels.ts, so it stays free of zod.
 */
import { CHANNELS } from '../ipc/contract.ts';
import { SERVICE_CHANNEL_TABLE, type DevKioskChannel } from '../ipc/dev-contract.ts';

export const CHANNEL_NAMES: readonly DevKioskChannel[] = [
  ...CHANNELS,
  ...Object.keys(SERVICE_CHANNEL_TABLE),
] as DevKioskChannel[];
export { EVENT_CHANNEL_NAME } from '../ipc/event-channel.ts';
