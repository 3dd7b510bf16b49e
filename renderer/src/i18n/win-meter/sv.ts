import type { Messages } from '../index.ts';

/** Section `winMeter` of sv.ts. */
const winMeter: Messages['winMeter'] = {
  returned: 'Tillbaka',
  refunded: 'Återbetalt',
};
export default winMeter;
