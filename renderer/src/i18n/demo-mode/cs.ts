import type { Messages } from '../messages-shape.ts';

/** Section `demoMode` of cs.ts. */
const demoMode: Messages['demoMode'] = {
  badge: 'Ukázková hra',
  note: 'Bez skutečných peněz',
  credit: 'Ukázkový kredit',
};
export default demoMode;
