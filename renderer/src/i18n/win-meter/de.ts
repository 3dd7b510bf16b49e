import type { Messages } from '../index.ts';

/** Section `winMeter` of de.ts. */
const winMeter: Messages['winMeter'] = {
  returned: 'Zurück',
  refunded: 'Erstattet',
};
export default winMeter;
