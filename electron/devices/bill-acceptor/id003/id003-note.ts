/**
 * Where the note in an ID-003 unit is, from the status it answers (docs/cabinet-rules.md#bill-validator).
 * Every status says the unit's whole state, so the note follows from the latest one alone: ACCEPTING is a note
 * being read, ESCROW to STACKING (and HOLDING) a note held; VEND_VALID is credited by the time the driver
 * reports it (actOnStatus commits the credit first), and every other status has no note on its way in.
 */
import type { NoteInAcceptor } from '../../../core/cabinet/cabinet-api.ts';
import { Status } from './id003-protocol.ts';

export function noteOfStatus(code: number): NoteInAcceptor | null {
  switch (code) {
    case Status.ACCEPTING:
      return 'reading';
    case Status.ESCROW:
    case Status.HOLDING:
    case Status.STACKING:
      return 'escrow';
    default:
      return null;
  }
}
