/**
 * The preload's allow-list: the names of the production channel table, read from the table itself, never
 * kept by hand. The sandboxed preload cannot carry zod (the table's schemas), so scripts/build.ts bundles it
 * with this module replaced by the same names written out as a literal, generated from CHANNEL_TABLE at build
 * time (dist:check proves the preload holds no zod).
 */
export { CHANNELS as CHANNEL_NAMES } from './contract.ts';
export { EVENT_CHANNEL_NAME } from './event-channel.ts';
