import type { Messages } from '../messages-shape.ts';

/** Section `demoMode` of sv.ts. */
const demoMode: Messages['demoMode'] = {
  badge: 'Demospel',
  note: 'Inga riktiga pengar',
  credit: 'Demokredit',
};
export default demoMode;
