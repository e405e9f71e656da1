/**
 * The bounded buffer behind every feed. A producer that must never block
 * (a provider's followed log) writes into it; a slow client then loses the
 * oldest items, never memory, and is told how many it lost.
 */

/**
 * A fixed-capacity FIFO that never grows: pushing into a full buffer drops
 * the oldest item and counts it. `shift` reports how many were dropped since
 * the previous shift, so a reader can tell its client what it missed.
 */
export class DropOldestBuffer<T> {
  readonly #items: (T | undefined)[];
  #head = 0;
  #size = 0;
  #dropped = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
    this.#items = new Array(capacity);
  }

  get size(): number {
    return this.#size;
  }

  /** Dropped since the last shift. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Adds `item`; when full, the oldest item is dropped first. Returns whether one was dropped. */
  push(item: T): boolean {
    const cap = this.capacity;
    if (this.#size === cap) {
      this.#items[this.#head] = item;
      this.#head = (this.#head + 1) % cap;
      this.#dropped += 1;
      return true;
    }
    this.#items[(this.#head + this.#size) % cap] = item;
    this.#size += 1;
    return false;
  }

  /** The oldest item with the number dropped since the previous shift, or undefined when empty. */
  shift(): { item: T; dropped: number } | undefined {
    if (this.#size === 0) return undefined;
    const item = this.#items[this.#head] as T;
    this.#items[this.#head] = undefined;
    this.#head = (this.#head + 1) % this.capacity;
    this.#size -= 1;
    const dropped = this.#dropped;
    this.#dropped = 0;
    return { item, dropped };
  }

  /** Empties the buffer (the dropped count is kept for the next shift). */
  clear(): void {
    this.#items.fill(undefined);
    this.#head = 0;
    this.#size = 0;
  }
}
