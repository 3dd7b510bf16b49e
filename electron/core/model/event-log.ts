import type { EventMessage } from './journal-message.ts';

/** One row of the durable event log (docs/cabinet-rules.md#door-and-tilt: every event survives a power cycle). */
export interface EventLogEntry {
  readonly id: number;
  readonly at: string;
  readonly kind: string; // 'fault' | 'tilt' | 'clear' | 'config' | 'power-up' | 'shutdown' | 'door' | 'handpay' | 'memory' ...
  /** The original words of the row. */
  readonly detail: string;
  /** The row as a code and parameters; null for rows written before codes were kept (schema v5). */
  readonly message?: EventMessage | null;
}
