import type { Messages } from '../index.ts';

/** Section `demoMode` of cs.ts. */
const demoMode: Messages['demoMode'] = {
  badge: 'Demo hra',
  note: 'Bez skutečných peněz',
  credit: 'Demo kredit',
};
export default demoMode;
