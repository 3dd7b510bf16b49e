import type { Messages } from '../messages-shape.ts';

/** Section `winMeter` of nl.ts. */
const winMeter: Messages['winMeter'] = {
  returned: 'Terug',
  refunded: 'Terugbetaald',
};
export default winMeter;
