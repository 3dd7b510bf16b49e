import type { Messages } from '../messages-shape.ts';

/** Section `winMeter` of cs.ts. */
const winMeter: Messages['winMeter'] = {
  returned: 'Vráceno',
  refunded: 'Refundováno',
};
export default winMeter;
