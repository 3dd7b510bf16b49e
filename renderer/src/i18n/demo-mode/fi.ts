import type { Messages } from '../messages-shape.ts';

/** Section `demoMode` of fi.ts. */
const demoMode: Messages['demoMode'] = {
  badge: 'Demopeli',
  note: 'Ei oikeaa rahaa',
  credit: 'Demosaldo',
};
export default demoMode;
