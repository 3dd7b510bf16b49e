import type { Messages } from '../messages-shape.ts';

/** Section `tablePolish` of cs.ts. */
const tablePolish: Messages['tablePolish'] = {
  noteReading: 'Čtení bankovky…',
  callAttendantNow: 'Zavolejte prosím obsluhu.',
};
export default tablePolish;
