import type { Messages } from '../messages-shape.ts';

/** Section `demoMode` of de.ts. */
const demoMode: Messages['demoMode'] = {
  badge: 'Demospiel',
  note: 'Kein echtes Geld',
  credit: 'Demo-Guthaben',
};
export default demoMode;
