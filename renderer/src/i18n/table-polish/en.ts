/** The table's small player notices (section `tablePolish` of en.ts). */
export default {
  /** Beside the credit meter while the bill acceptor holds a note it is reading (docs/cabinet-rules.md#bill-validator). */
  noteReading: 'Reading note…',
  /** The lock screen's last line when only staff can end the tilt. */
  callAttendantNow: 'Please call an attendant.',
};
