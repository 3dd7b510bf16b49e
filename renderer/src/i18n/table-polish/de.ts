import type { Messages } from '../messages-shape.ts';

/** Section `tablePolish` of de.ts. */
const tablePolish: Messages['tablePolish'] = {
  noteReading: 'Banknote wird geprüft…',
  callAttendantNow: 'Bitte rufen Sie einen Mitarbeiter.',
};
export default tablePolish;
