import type { Messages } from '../messages-shape.ts';

/** Section `tablePolish` of sv.ts. */
const tablePolish: Messages['tablePolish'] = {
  noteReading: 'Sedeln läses…',
  callAttendantNow: 'Kalla på en värd.',
};
export default tablePolish;
