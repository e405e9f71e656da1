/**
 * The ceilings every live stream is held to, in one place: the hub, the
 * feeds, the graphql-ws server and the schema's descriptions all read them
 * here, so a limit a client is told about is the limit it is held to.
 */

/** Ceilings every stream is held to (per process). */
export const STREAM_LIMITS = {
  /** Open subscriptions on one graphql-ws connection. */
  perConnection: 50,
  /** Open subscriptions of one token, over every transport. */
  perToken: 200,
  /** Published events a stream holds before it falls back to re-reading the table. */
  queue: 256,
  /** Rows read per statement, by the hub and by a stream catching up. */
  batch: 200,
  /** Log lines held per log subscription; a slow client loses the oldest. */
  logBuffer: 1000,
} as const;
