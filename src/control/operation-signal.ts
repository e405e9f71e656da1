import { EventEmitter } from 'node:events';
import type { DatabaseHandle } from '../db/connect.js';
import { listenForOperations, type OperationFeed } from '../db/operation-notifications.js';
import type { Logger } from '../logger.js';

/**
 * Wake-ups: "an operation was queued" (so an executor claims it without
 * waiting for its poll) and "an operation ended" (so a `wait: true` mutation
 * returns at once). Raised in process by whoever queued or ended it, and,
 * once listen() ran, heard from every other replica over NOTIFY (see
 * db/operation-notifications.ts); the pollers stay as the fallback.
 */
export class OperationSignal {
  readonly #emitter = new EventEmitter();
  #feed: OperationFeed | undefined;
  constructor() {
    this.#emitter.setMaxListeners(0);
  }
  /** Hears the other replicas' queued and ended operations until stop(). */
  async listen(database: DatabaseHandle, logger?: Logger): Promise<void> {
    if (this.#feed) return;
    this.#feed = await listenForOperations(
      database,
      { queued: () => this.queued(), ended: (id) => this.ended(id) },
      logger,
    );
  }
  async stop(): Promise<void> {
    const feed = this.#feed;
    this.#feed = undefined;
    await feed?.stop();
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
