/**
 * The tilt a crash leaves (docs/cabinet-rules.md#door-and-tilt, docs/cabinet-rules.md#damaged-journal): the
 * program fell over on an error nothing handled, so play and money-in stop until a technician has looked at why.
 * The crash handler writes it with its `process-crash` row, or the next start from the crash marker
 * (electron/app/process-crash-record.ts).
 */
import type { CrashKind } from '../model/journal-message.ts';
import type { Tilt } from '../model/tilt.ts';

/** The source of the crash's tilt: the program itself, not a device. */
export const PROGRAM_SOURCE = 'program';

/** What the tilt says of the crash: how it happened, the error's name and when. */
export interface ProgramCrash {
  readonly crash: CrashKind;
  readonly error: string;
  /** When the crash happened (ISO 8601). */
  readonly at: string;
}

/** The program-fault tilt for `crash`, raised at `since`. */
export function programFaultTilt(crash: ProgramCrash, since: string): Tilt {
  return {
    kind: 'program-fault',
    source: PROGRAM_SOURCE,
    reasonCode: { code: 'program-crash', crash: crash.crash, error: crash.error },
    clearedBy: 'technician-clear',
    since,
  };
}
