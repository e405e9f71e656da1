import {
  type GraphQLField,
  type GraphQLOutputType,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
} from 'graphql';

/** The page size a connection is counted at when a query names neither `first` nor `last` (pageSize's default). */
export const DEFAULT_PAGE_COUNT = 20;

/** What a plain (non-connection) list of objects is counted at per parent: specs, endpoints, steps are short lists. */
export const PLAIN_LIST_COUNT = 10;

/** The cost the complexity plugin adds for a field, and how many times its children count. */
export interface FieldCost {
  field: number;
  multiplier: number;
}

function isConnection(type: GraphQLOutputType): boolean {
  const named = getNamedType(type);
  if (!isObjectType(named)) return false;
  const fields = named.getFields();
  return 'edges' in fields && 'pageInfo' in fields;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.floor(value)) : undefined;
}

/**
 * Nodes counted the way GitHub counts them: a connection costs the nodes it
 * may return (`first` or `last`, else the default page) and multiplies what
 * each of them selects by as many; `nodes(ids)` costs its ids; scalars and
 * single objects cost nothing. The Pothos complexity plugin sums this over a
 * document (src/server/query-cost.ts) before anything runs.
 */
export function nodeCost<Context>(
  args: Record<string, unknown>,
  _ctx: Context,
  field: GraphQLField<unknown, Context, Record<string, unknown>>,
): FieldCost {
  if (isConnection(field.type)) {
    const n = count(args.first) ?? count(args.last) ?? DEFAULT_PAGE_COUNT;
    return { field: n, multiplier: n };
  }
  // A connection's edges are already counted by the connection (its first/last).
  if (field.name === 'edges') return { field: 0, multiplier: 1 };
  if (Array.isArray(args.ids)) return { field: args.ids.length, multiplier: args.ids.length };
  if (isListType(getNullableType(field.type))) return { field: 0, multiplier: PLAIN_LIST_COUNT };
  return { field: 0, multiplier: 1 };
}
