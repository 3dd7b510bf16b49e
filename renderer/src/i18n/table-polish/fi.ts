import type { Messages } from '../messages-shape.ts';

/** Section `tablePolish` of fi.ts. */
const tablePolish: Messages['tablePolish'] = {
  noteReading: 'Seteliä luetaan…',
  callAttendantNow: 'Kutsu henkilökuntaa paikalle.',
};
export default tablePolish;
