/**
 * The event log of an acceptor driver (credit, reject, fault, status, line-error…), the same shape for every
 * protocol so the service panel and the log read both drivers alike; a listener that throws never stops the
 * driver (../typed-emitter.ts).
 */
import { TypedEmitter } from '../typed-emitter.ts';

export interface BillAcceptorEvent {
  readonly at: string;
  readonly type: string;
  readonly detail: string;
}

export class DriverEvents {
  readonly #emitter = new TypedEmitter<{ event: BillAcceptorEvent }>();

  on(listener: (event: BillAcceptorEvent) => void): () => void {
    return this.#emitter.on('event', listener);
  }

  emit(type: string, detail: string): void {
    this.#emitter.emit('event', { at: new Date().toISOString(), type, detail });
  }
}
