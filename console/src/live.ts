import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { useEffect, useRef, useState } from 'react';
import { stringifyDocument } from 'urql';
import { useSession } from './console-context.js';

/** Where a stream is: waiting for its socket, delivering, waiting to resume, finished, or stopped by an error a retry cannot fix. */
export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'ended' | 'failed';

export interface StreamOptions<TResult, TVariables> {
  /** The variables to subscribe with, from just after `cursor` (undefined: from the start the caller chose). */
  variables: (cursor: string | undefined) => TVariables;
  /** The cursor to resume after once `item` is shown. */
  cursorOf?: (item: TResult) => string | undefined;
  /** Whether cursors name items (events): an item whose cursor was seen is a repeat and dropped. Default true. */
  unique?: boolean;
  /** Where to start (e.g. the newest event already shown by a query). */
  start?: string | undefined;
  /** Whether `item` is the stream's last on purpose (after it the server completes the stream). */
  isLast?: (item: TResult) => boolean;
  /**
   * For a stream whose last item is not marked (a build's log ends with the
   * build): asked when the server completes it, true when that was its end
   * rather than a restart's.
   */
  ended?: () => Promise<boolean>;
  /** Called for each item, in order, never twice for one cursor. */
  onItem: (item: TResult) => void;
  /** Whether to subscribe at all (e.g. once the start cursor is known). */
  enabled?: boolean;
  /** Resubscribe from scratch when this changes. */
  key: string;
}

const MAX_DELAY_MS = 5_000;

/**
 * Follows a subscription across dropped sockets and server restarts: when the
 * stream errors or completes early it waits (backoff, jitter) and subscribes
 * again from the cursor of the last item it delivered, so the view neither
 * misses nor repeats an item. GraphQL errors (a missing scope) stop it.
 */
export function useStream<TResult, TVariables extends Record<string, unknown>>(
  document: TypedDocumentNode<TResult, TVariables>,
  options: StreamOptions<TResult, TVariables>,
): { status: StreamStatus; error: string | undefined; reconnects: number } {
  const { ws, socketOpen } = useSession();
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [error, setError] = useState<string>();
  const [reconnects, setReconnects] = useState(0);
  const latest = useRef(options);
  latest.current = options;
  const enabled = options.enabled ?? true;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the caller's resubscribe trigger, on purpose
  useEffect(() => {
    if (!enabled) return;
    const query = stringifyDocument(document);
    let cursor = latest.current.start;
    let stopped = false;
    let attempt = 0;
    let dispose: (() => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const seen = new Set<string>();

    const resume = (why: string) => {
      if (stopped) return;
      dispose = undefined;
      attempt++;
      const base = Math.min(MAX_DELAY_MS, 250 * 2 ** (attempt - 1));
      setStatus('reconnecting');
      setError(why);
      setReconnects((n) => n + 1);
      timer = setTimeout(open, base / 2 + (Math.random() * base) / 2);
    };
    const open = () => {
      if (stopped) return;
      dispose = ws.subscribe<TResult>(
        { query, variables: latest.current.variables(cursor) },
        {
          next: (result) => {
            if (result.errors?.length) {
              stopped = true;
              setStatus('failed');
              setError(result.errors.map((e) => e.message).join('; '));
              return;
            }
            if (!result.data) return;
            attempt = 0;
            setStatus('live');
            setError(undefined);
            const next = latest.current.cursorOf?.(result.data);
            if (next !== undefined) {
              if (latest.current.unique !== false) {
                if (seen.has(next)) return;
                seen.add(next);
              }
              cursor = next;
            }
            latest.current.onItem(result.data);
            if (latest.current.isLast?.(result.data)) {
              stopped = true;
              setStatus('ended');
            }
          },
          error: (err) => {
            if (Array.isArray(err)) {
              stopped = true;
              setStatus('failed');
              setError(err.map((e: { message?: string }) => e.message).join('; '));
              return;
            }
            resume('connection lost');
          },
          // A follow stream completes only when the server goes away (it ends every stream on shutdown),
          // or, for a stream that says so, at its real end.
          complete: () => {
            const ended = latest.current.ended;
            if (!ended) return resume('stream ended');
            void ended().then(
              (yes) => {
                if (!yes) return resume('stream ended');
                stopped = true;
                setStatus('ended');
              },
              () => resume('stream ended'),
            );
          },
        },
      );
      // Live as soon as the socket is up (a quiet stream may deliver nothing for a long time).
      if (socketOpen()) setStatus('live');
    };
    const offConnected = ws.on('connected', () => {
      if (!stopped && dispose) setStatus('live');
    });
    open();
    return () => {
      offConnected();
      stopped = true;
      clearTimeout(timer);
      dispose?.();
    };
  }, [ws, socketOpen, document, enabled, options.key]);

  return { status, error, reconnects };
}
