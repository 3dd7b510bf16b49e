/**
 * Section `demoMode` of en.ts: the free-play badge over the table and the credit meter's label in demo mode
 * (docs/rules.md#free-play), so a player never takes play money for real money.
 */
export default {
  badge: 'Demo play',
  note: 'No real money',
  credit: 'Demo credit',
};
