import { createGraphQLError } from 'graphql-yoga';
import { decodeTimeCursor, pageSize, type TimeKey } from '../control/cursor.js';
import { DomainError } from '../control/errors.js';

/** A query argument problem: queries have no result union, so it is a GraphQL error the client can read. */
export function badArgument(arg: string, message: string): Error {
  return createGraphQLError(`${arg}: ${message}`, { extensions: { code: 'BAD_USER_INPUT', field: arg } });
}

/** `first` as a page size (at most 100, default 20), or a readable argument error. */
export function limitOf(first: number | null | undefined): number {
  try {
    return pageSize(first);
  } catch (e) {
    if (e instanceof DomainError) throw badArgument('first', 'must be between 0 and 100');
    throw e;
  }
}

/** The arguments of a forward-only connection keyed on (time, id), newest first. */
export function forwardTimePage(args: {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}): { limit: number; after: TimeKey | undefined } {
  if (args.last != null || args.before != null) {
    throw badArgument(args.last != null ? 'last' : 'before', 'this connection pages forward only (first/after)');
  }
  const limit = limitOf(args.first);
  if (!args.after) return { limit, after: undefined };
  try {
    return { limit, after: decodeTimeCursor(args.after) };
  } catch {
    throw badArgument('after', 'not a cursor this field returned');
  }
}
