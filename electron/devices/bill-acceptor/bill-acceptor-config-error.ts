/**
 * The error of a bill acceptor setting that is wrong, for either driver: its message names the field and what
 * is allowed. In a file of its own so the shared field checks (acceptor-config-fields.ts) and each driver's
 * config can throw it without importing each other.
 */
export class BillAcceptorConfigError extends Error {
  override readonly name = 'BillAcceptorConfigError';
  /** True when the refused key is the manufacturer's published default (a code of its own on the screens). */
  readonly factoryKey: boolean;
  constructor(message: string, factoryKey = false) {
    super(message);
    this.factoryKey = factoryKey;
  }
}
