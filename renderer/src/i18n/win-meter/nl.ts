import type { Messages } from '../index.ts';

/** Section `winMeter` of nl.ts. */
const winMeter: Messages['winMeter'] = {
  returned: 'Terug',
  refunded: 'Terugbetaald',
};
export default winMeter;
