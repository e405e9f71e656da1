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

/** Event cursors are the event's id: monotonically increasing, so `after` means "newer than". */
export function encodeEventCursor(id: string): string {
  return id;
}

export function decodeEventCursor(cursor: string, field = 'after'): string {
  if (/^\d{1,18}$/.test(cursor)) return cursor;
  throw ValidationError.of([field], 'not an event cursor');
}

/** Clamps `first` to 1..max (default 20); a bad value is a ValidationError. */
export function pageSize(first: number | null | undefined, max = 100, dflt = 20): number {
  if (first === null || first === undefined) return dflt;
  if (!Number.isInteger(first) || first < 0 || first > max) {
    throw ValidationError.of(['first'], `must be between 0 and ${max}`);
  }
  return first;
}
