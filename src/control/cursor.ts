import { MAX_EVENT_POSITION } from '../db/repositories/event-repository.js';
import { ValidationError } from './errors.js';

/**
 * Opaque keyset cursors: the sort key of the last row seen, base64url JSON.
 * Stable under inserts, unlike offsets.
 */
export interface TimeKey {
  createdAt: Date;
  id: string;
}

export function encodeTimeCursor(k: TimeKey): string {
  return Buffer.from(JSON.stringify([k.createdAt.toISOString(), k.id])).toString('base64url');
}

export function decodeTimeCursor(cursor: string, field = 'after'): TimeKey {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && typeof v[0] === 'string' && typeof v[1] === 'string' && /^[0-9a-f-]{36}$/i.test(v[1])) {
      const createdAt = new Date(v[0]);
      if (!Number.isNaN(createdAt.getTime())) return { createdAt, id: v[1] };
    }
  } catch {
    // fall through to the typed error
  }
  throw ValidationError.of([field], 'not a cursor this field returned');
}

/**
 * Event cursors are an event's position in the log's order (see
 * event-repository.ts) in decimal, so `after` means "later in the order".
 * An event written before that order existed has the position of its id, so
 * the cursors handed out then (the id) are still accepted and mean the same.
 */
export function encodeEventCursor(position: bigint): string {
  return String(position);
}

/** The position a cursor names; anything else (or too large) is a ValidationError on `field`. */
export function decodeEventCursor(cursor: string, field = 'after', message = 'not an event cursor'): bigint {
  if (/^\d{1,40}$/.test(cursor)) {
    const position = BigInt(cursor);
    if (position <= MAX_EVENT_POSITION) return position;
  }
  throw ValidationError.of([field], message);
}

/** Clamps `first` to 1..max (default 20); a bad value is a ValidationError. */
export function pageSize(first: number | null | undefined, max = 100, dflt = 20): number {
  if (first === null || first === undefined) return dflt;
  if (!Number.isInteger(first) || first < 0 || first > max) {
    throw ValidationError.of(['first'], `must be between 0 and ${max}`);
  }
  return first;
}

/** A page of a connection: the rows and what the client needs to ask for the next one. */
export interface Page<T> {
  edges: { node: T; cursor: string }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

/**
 * The page a connection answers from `rows`, fetched with `limit + 1` so
 * one extra row tells whether there is a next page. Every connection pages
 * through this one helper.
 */
export function pageOf<T>(rows: T[], limit: number, cursor: (t: T) => string, hasPrevious: boolean): Page<T> {
  const page = rows.slice(0, limit);
  const edges = page.map((node) => ({ node, cursor: cursor(node) }));
  return {
    edges,
    pageInfo: {
      hasNextPage: rows.length > limit,
      hasPreviousPage: hasPrevious,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
