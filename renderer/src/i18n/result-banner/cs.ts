import type { Messages } from '../messages-shape.ts';

/** Section `resultBanner` of cs.ts. */
const resultBanner: Messages['resultBanner'] = {
  tieScore: '{first} – {second}',
};
export default resultBanner;
