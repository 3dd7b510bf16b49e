import type { Messages } from '../messages-shape.ts';

/** Section `resultBanner` of fi.ts. */
const resultBanner: Messages['resultBanner'] = {
  tieScore: '{first} – {second}',
};
export default resultBanner;
