import type { Messages } from '../messages-shape.ts';

/** Section `winMeter` of sv.ts. */
const winMeter: Messages['winMeter'] = {
  returned: 'Tillbaka',
  refunded: 'Återbetalt',
};
export default winMeter;
