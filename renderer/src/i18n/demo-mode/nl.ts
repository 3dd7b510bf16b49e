import type { Messages } from '../messages-shape.ts';

/** Section `demoMode` of nl.ts. */
const demoMode: Messages['demoMode'] = {
  badge: 'Demospel',
  note: 'Geen echt geld',
  credit: 'Demotegoed',
};
export default demoMode;
