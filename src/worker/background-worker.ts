/**
 * A loop this process runs beside the API: the executor, the supervisor, the
 * webhook workers, the edge driver. The app holds them in one list
 * (`server/workers.ts`), starts them in its order once the server listens,
 * and stops them on shutdown.
 */
export interface BackgroundWorker {
  /** Which worker, for logs and diagnostics. */
  readonly name: string;
  start(): void | Promise<void>;
  /** Resolves once it has stopped: what it ran is handed back or finished. */
  stop(): Promise<void>;
  /**
   * Stopped after the others and after the requests in flight drained,
   * rather than beside them: the edge keeps serving while the server drains
   * and gives its lease up only then.
   */
  readonly stopsLast?: boolean;
}
