/**
 * The kinds of tilt and what clears each: the plain unions that both the tilt record (tilt.ts) and the journal's
 * messages (journal-message.ts) name, kept below both so neither imports the other's file back.
 */
/** Tilt states and what clears each (docs/cabinet-rules.md#door-and-tilt). */
export type TiltKind =
  | 'rng-fault'
  | 'device-fault'
  | 'memory-error'
  | 'door-open'
  | 'handpay-pending'
  | 'storage-fault'
  | 'program-fault'
  /** A stadium terminal met a doubtful table stream (docs/stadium.md#terminals): nothing is settled on it. */
  | 'stadium-fault';
export type TiltClearance =
  | 'device-healthy' // rng-fault, device-fault: cleared when the device reports healthy again
  | 'door-closed' // door-open
  | 'technician-ram-clear' // memory-error: never automatic
  | 'technician-handpay-clear' // handpay-pending
  | 'technician-test-write' // storage-fault: a technician, once a test write to the journal succeeded
  | 'technician-clear'; // program-fault, stadium-fault: a technician's clear, with no condition to wait for
