/**
 * Channel names only, with no runtime dependencies, so the sandboxed preload can
 * bundle them without zod. `contract.ts` checks at compile time that this list and
 * `RequestSchemas` name exactly the same channels.
 */
export const CHANNELS = [
  'cabinet:snapshot',
  'bets:place',
  'bets:remove',
  'bets:undo',
  'bets:clear',
  'round:deal',
  'round:rebet',
  'cashout:collect',
  'paytable:get',
  'history:list',
  'tech:meters',
  'tech:recall',
  'tech:events',
  'tech:clear-handpay',
  'tech:ram-clear',
  'tech:door',
  'service:insert-note',
] as const;

export type ChannelName = (typeof CHANNELS)[number];

/** Operator menu channels: answered only while the operator key switch is on (domain-notes §3). */
export const TECHNICIAN_CHANNELS: ReadonlySet<string> = new Set<ChannelName>([
  'tech:meters',
  'tech:recall',
  'tech:events',
  'tech:clear-handpay',
  'tech:ram-clear',
  'tech:door',
]);

/** Main → renderer push channel. */
export const EVENT_CHANNEL_NAME = 'cabinet:event';

export function isChannel(value: unknown): value is ChannelName {
  return typeof value === 'string' && (CHANNELS as readonly string[]).includes(value);
}
