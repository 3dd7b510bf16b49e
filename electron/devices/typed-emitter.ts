/**
 * The one event emitter of the device layer (bill acceptor driver, link supervisor, RNG reader): listeners per
 * event name, `on()` returns the unsubscribe function, and a listener that throws never reaches the emitter or
 * the listeners after it — a bug in a log or panel listener must not stop a device driver.
 */
export class TypedEmitter<Events extends Record<string, unknown>> {
  readonly #listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  on<K extends keyof Events>(event: K, listener: (payload: Events[K]) => void): () => void {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        (listener as (payload: Events[K]) => void)(payload);
      } catch {
        // a listener's bug must not stop the device driver
      }
    }
  }
}
