import type { Messages } from '../index.ts';

/** Section `winMeter` of fi.ts. */
const winMeter: Messages['winMeter'] = {
  returned: 'Palautui',
  refunded: 'Hyvitetty',
};
export default winMeter;
