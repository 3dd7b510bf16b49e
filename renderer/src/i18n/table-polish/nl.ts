import type { Messages } from '../messages-shape.ts';

/** Section `tablePolish` of nl.ts. */
const tablePolish: Messages['tablePolish'] = {
  noteReading: 'Biljet wordt gelezen…',
  callAttendantNow: 'Roep een medewerker.',
};
export default tablePolish;
