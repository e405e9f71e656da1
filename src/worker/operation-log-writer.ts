import type { DbHandle } from '../db/db-types.js';
import { appendLogLines, lastLogSeq } from '../db/repositories/log-line-repository.js';
import type { BuildOutputLine, BuildSink } from '../providers/builds.js';
import type { Masker } from './masking.js';

/** Lines written in one statement at most. */
const BATCH = 500;
/** How long a line may wait for its batch. */
const FLUSH_MS = 200;
/** Lines held while the database is slower than the writer (a builder, a job); beyond, the oldest are dropped (and said so). */
const MAX_PENDING = 20_000;
/** The longest line kept (a minified file echoed by a step). */
const MAX_LINE = 8192;

/**
 * An operation's log (a build's, a job's), written to the database in
 * batches (never a statement per line) as the engine reports it: a batch every FLUSH_MS or BATCH lines,
 * one write at a time, with bounded memory. Each line is masked (no secret
 * value is ever written) and numbered after the last line stored, so a re-run
 * after a crash continues the same numbering and a reader's cursor stays
 * valid.
 */
export class OperationLogWriter implements BuildSink {
  #pending: { at: Date; step: number | null; line: string }[] = [];
  #dropped = 0;
  #seq = 0;
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();
  #failed: unknown;

  private constructor(
    private readonly db: DbHandle,
    private readonly operationId: string,
    private readonly masker: Masker,
  ) {}

  /** A writer continuing after the operation's last stored line. */
  static async open(db: DbHandle, operationId: string, masker: Masker): Promise<OperationLogWriter> {
    const w = new OperationLogWriter(db, operationId, masker);
    w.#seq = await lastLogSeq(db, operationId);
    return w;
  }

  line(out: BuildOutputLine): void {
    const text = this.masker.text(out.line);
    this.#pending.push({
      at: new Date(),
      step: out.step ?? null,
      line: text.length > MAX_LINE ? `${text.slice(0, MAX_LINE)}…` : text,
    });
    if (this.#pending.length > MAX_PENDING) {
      this.#pending.shift();
      this.#dropped++;
    }
    if (this.#pending.length >= BATCH) this.#flushSoon(0);
    else this.#flushSoon(FLUSH_MS);
  }

  /** A line of Wheelhouse's own (a step header, the outcome). */
  note(line: string): void {
    this.line({ line });
  }

  #flushSoon(ms: number): void {
    if (this.#timer && ms > 0) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#flush();
    }, ms);
  }

  #flush(): Promise<void> {
    this.#writing = this.#writing.then(async () => {
      while (this.#pending.length > 0 || this.#dropped > 0) {
        const batch = this.#pending.splice(0, BATCH);
        if (this.#dropped > 0) {
          batch.unshift({
            at: new Date(),
            step: null,
            line: `… ${this.#dropped} line(s) dropped: the log was stored more slowly than it was written`,
          });
          this.#dropped = 0;
        }
        const numbered = batch.map((l) => ({ ...l, seq: ++this.#seq }));
        try {
          await appendLogLines(this.db, this.operationId, numbered);
        } catch (err) {
          // Kept for close(): the operation's own outcome is what fails, not the engine's callback.
          this.#failed = err;
          this.#seq -= numbered.length;
          return;
        }
      }
    });
    return this.#writing;
  }

  /** Writes what is pending; throws what a write failed with. */
  async close(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#flush();
    if (this.#failed) throw this.#failed;
  }
}
