/**
 * Section `winMeter` of en.ts: the WIN meter's label when a round gave back no net win (docs/rules.md#the-win-meter).
 * A partial return and a push are "returned"; a void's refund is "refunded". A net win and a loss keep `meters.lastWin`.
 */
export default {
  returned: 'Returned',
  refunded: 'Refunded',
};
