/**
 * Wakes this process's webhook workers: the dispatcher when events may be
 * waiting, the deliverer when deliveries may be due. Other replicas hear of
 * events by NOTIFY and of deliveries by their poll.
 */
export class WebhookSignal {
  readonly #due = new Set<() => void>();

  /** Deliveries were queued or requeued here. */
  due(): void {
    for (const f of this.#due) f();
  }

  onDue(f: () => void): () => void {
    this.#due.add(f);
    return () => this.#due.delete(f);
  }
}
