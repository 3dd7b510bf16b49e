import type { Messages } from '../messages-shape.ts';

/** Section `resultBanner` of sv.ts. */
const resultBanner: Messages['resultBanner'] = {
  tieScore: '{first} – {second}',
};
export default resultBanner;
