import type { Messages } from '../messages-shape.ts';

/** Section `resultBanner` of nl.ts. */
const resultBanner: Messages['resultBanner'] = {
  tieScore: '{first} – {second}',
};
export default resultBanner;
