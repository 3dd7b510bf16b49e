/**
 * The allow-list of the development preload (dist-electron/dev-preload.cjs, never packaged):
 * the production names plus the service panel's, names only so the sandboxed preload stays
 * free of zod. scripts/build.ts substitutes this module for electron/ipc/channels.ts when it
 * bundles the development preload; the check below keeps it equal to the tables.
 */
import { CHANNEL_NAMES as PRODUCTION_NAMES, EVENT_CHANNEL_NAME } from '../ipc/channels.ts';
import type { ServiceTable } from '../ipc/dev-contract.ts';

const SERVICE_NAMES = ['service:insert-note', 'service:toggle-input'] as const;

export const CHANNEL_NAMES = [...PRODUCTION_NAMES, ...SERVICE_NAMES] as const;
export { EVENT_CHANNEL_NAME };

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const namesMatchTable: Same<(typeof SERVICE_NAMES)[number], keyof ServiceTable> = true;
void namesMatchTable;
