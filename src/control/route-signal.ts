/**
 * "Routes were written here": raised by the route service after it adds or
 * removes a route, heard by this process's edge driver (while it runs), which
 * hands the edge the new set at once instead of at its next round. Like the
 * operation and webhook signals, it lives in control/ and the worker
 * subscribes to it, so control/ never holds a callback set from worker/.
 * Other processes' drivers see the change by their round (the routes'
 * signature in the database).
 */
export class RouteSignal {
  readonly #listeners = new Set<() => Promise<void>>();

  /** Whether anything in this process listens (an edge driver runs here). */
  get heard(): boolean {
    return this.#listeners.size > 0;
  }

  /** Routes changed; resolves once every listener took the change (a listener's failure is its own to report). */
  async changed(): Promise<void> {
    await Promise.all([...this.#listeners].map((f) => f().catch(() => undefined)));
  }

  /** Calls `f` on every change until the returned function is called. */
  onChanged(f: () => Promise<void>): () => void {
    this.#listeners.add(f);
    return () => this.#listeners.delete(f);
  }
}
