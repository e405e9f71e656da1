/**
 * What the records an operation runs (a Build, a Job) share in the schema:
 * their instance and operation fields, an instance's page of them newest
 * first, and the loader that finds one by its operation (Operation.build,
 * Operation.job).
 */
import { decodeTimeCursor, encodeTimeCursor, pageOf, pageSize } from '../control/cursor.js';
import { NotFoundError, ValidationError } from '../control/errors.js';
import type { GraphQLContext } from './context.js';

/** A record of one operation on one instance. */
interface OperationRecord {
  id: string;
  instanceId: string;
  operationId: string;
  createdAt: Date;
}

/** The record's instance (it exists while the record does). */
export async function recordInstance(r: { instanceId: string }, ctx: GraphQLContext) {
  const i = await ctx.loaders.instance.load(r.instanceId);
  if (!i) throw new NotFoundError('instance');
  return i;
}

/** The record's operation. */
export async function recordOperation(r: OperationRecord, ctx: GraphQLContext) {
  const op = await ctx.loaders.operation.load(r.operationId);
  if (!op) throw new NotFoundError('operation');
  return op;
}

/** A page of an instance's records, newest first: forward only, keyset on (createdAt, id). */
export async function newestFirstPage<T extends OperationRecord>(
  args: { first?: number | null; after?: string | null; last?: number | null; before?: string | null },
  fetch: (limit: number, before: { createdAt: Date; id: string } | undefined) => Promise<T[]>,
) {
  if (args.last != null || args.before != null)
    throw ValidationError.of([args.last != null ? 'last' : 'before'], 'this connection pages forward only');
  const limit = pageSize(args.first);
  const before = args.after ? decodeTimeCursor(args.after) : undefined;
  const rows = await fetch(limit + 1, before);
  return pageOf(rows, limit, (r) => encodeTimeCursor({ createdAt: r.createdAt, id: r.id }), !!before);
}

/** Loads records by their operations' ids, in order (null where an operation has none). */
export async function byOperation<T extends OperationRecord>(
  operationIds: string[],
  found: T[],
): Promise<(T | null)[]> {
  const by = new Map(found.map((r) => [r.operationId, r]));
  return operationIds.map((id) => by.get(id) ?? null);
}
