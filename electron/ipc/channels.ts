/**
 * The production channel names only, with no runtime dependencies, so the sandboxed preload
 * can bundle its allow-list without zod. Not a second declaration: contract.ts checks at
 * compile time that this list names exactly the channels of its table, and
 * contract.test.ts checks the order.
 */
export const CHANNEL_NAMES = [
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
  'staff:status',
  'staff:sign-in',
  'staff:sign-out',
  'tech:meters',
  'tech:meters:export',
  'tech:recall',
  'tech:recall:replay',
  'tech:recall:export',
  'tech:events',
  'tech:events:export',
  'tech:archive:export',
  'tech:diagnostics',
  'tech:bill-test-mode',
  'tech:clear-handpay',
  'tech:clear-tilt',
  'tech:ram-clear',
  'tech:roads:reset',
  'tech:config:get',
  'tech:config:validate',
  'tech:config:apply',
  'tech:config:audit',
  'tech:config:export',
  'tech:config:import',
  'tech:journal-damage',
  'tech:journal-damage:export',
] as const;

export type ChannelName = (typeof CHANNEL_NAMES)[number];

/** Main → renderer push channel. */
export const EVENT_CHANNEL_NAME = 'cabinet:event';
