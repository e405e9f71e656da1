import { EventEmitter } from 'node:events';

/**
 * In-process wake-ups: "an operation was queued" (so a local executor claims
 * it without waiting for its poll) and "an operation ended" (so a `wait: true`
 * mutation returns at once). Other replicas find out by polling the database.
 */
export class OperationSignal {
  readonly #emitter = new EventEmitter();
  constructor() {
    this.#emitter.setMaxListeners(0);
  }
  queued(): void {
    this.#emitter.emit('queued');
  }
  onQueued(fn: () => void): () => void {
    this.#emitter.on('queued', fn);
    return () => this.#emitter.off('queued', fn);
  }
  ended(operationId: string): void {
    this.#emitter.emit(`ended:${operationId}`);
  }
  onceEnded(operationId: string, fn: () => void): () => void {
    this.#emitter.once(`ended:${operationId}`, fn);
    return () => this.#emitter.off(`ended:${operationId}`, fn);
  }
}
