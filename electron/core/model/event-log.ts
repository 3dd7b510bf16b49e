import type { EventMessage } from './journal-message.ts';

/** One row of the durable event log (docs/cabinet-rules.md#door-and-tilt: every event survives a power cycle). */
export interface EventLogEntry {
  readonly id: number;
  readonly at: string;
  readonly kind: string; // 'fault' | 'tilt' | 'clear' | 'config' | 'power-up' | 'shutdown' | 'door' | 'handpay' | 'memory' ...
  /** What happened, as a code with typed parameters. */
  readonly message: EventMessage;
}
