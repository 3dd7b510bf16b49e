import type { Messages } from '../index.ts';

/** Section `winMeter` of cs.ts. */
const winMeter: Messages['winMeter'] = {
  returned: 'Vráceno',
  refunded: 'Refundováno',
};
export default winMeter;
