import type { Messages } from '../messages-shape.ts';

/** Section `winMeter` of fi.ts. */
const winMeter: Messages['winMeter'] = {
  returned: 'Palautui',
  refunded: 'Hyvitetty',
};
export default winMeter;
