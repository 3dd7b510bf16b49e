import type { Messages } from '../messages-shape.ts';

/** Section `winMeter` of de.ts. */
const winMeter: Messages['winMeter'] = {
  returned: 'Zurück',
  refunded: 'Erstattet',
};
export default winMeter;
