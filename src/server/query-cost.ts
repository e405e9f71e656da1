import { complexityFromQuery } from '@pothos/plugin-complexity';
import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLError,
  getOperationAST,
  Kind,
} from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { REQUEST_LIMITS } from './limits.js';

/** What one operation costs against the limit, in nodes (src/schema/node-cost.ts says how they are counted). */
export interface QueryCost {
  nodes: number;
  limit: number;
}

/**
 * The nodes the operation `args` names may return, summed before anything
 * runs. A document the complexity plugin cannot measure (it names a field the
 * schema lacks) is left to validation, which refuses it anyway.
 */
export function costOf(
  args: Pick<ExecutionArgs, 'schema' | 'document' | 'operationName' | 'variableValues' | 'contextValue'>,
): QueryCost | undefined {
  const operation = getOperationAST(args.document, args.operationName);
  if (!operation) return undefined;
  // The plugin measures a document's first operation: hand it the one that runs, with the fragments.
  const document: DocumentNode = {
    kind: Kind.DOCUMENT,
    definitions: [operation, ...args.document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION)],
  };
  try {
    const { complexity } = complexityFromQuery(document, {
      schema: args.schema,
      variables: (args.variableValues ?? {}) as Record<string, unknown>,
      ctx: (args.contextValue ?? {}) as object,
    });
    return { nodes: complexity, limit: REQUEST_LIMITS.maxNodes };
  } catch {
    return undefined;
  }
}

/** The refusal of an operation over the limit: QUERY_TOO_COMPLEX, HTTP 400 under application/graphql-response+json. */
export function tooComplex(cost: QueryCost): GraphQLError {
  return createGraphQLError(
    `this query may return ${cost.nodes} nodes, over the limit of ${cost.limit} ` +
      '(a connection counts its first or last times what each of its nodes selects)',
    {
      extensions: {
        code: 'QUERY_TOO_COMPLEX',
        cost: cost.nodes,
        limit: cost.limit,
        // `spec`: only under application/graphql-response+json; application/json keeps 200, as for validation errors.
        http: { status: 400, spec: true },
      },
    },
  );
}

/** Whether the request asked for its cost: `"extensions": { "cost": true }` in the GraphQL request. */
function wantsCost(context: unknown): boolean {
  const params = (context as { params?: { extensions?: Record<string, unknown> } } | undefined)?.params;
  return params?.extensions?.cost === true;
}

/**
 * Refuses an operation over REQUEST_LIMITS.maxNodes before it executes (HTTP,
 * SSE and graphql-ws go through this pipeline), and reports the cost as the
 * response extension `cost` when the request asks for it.
 */
export function useQueryCost(): Plugin {
  const check = (
    args: ExecutionArgs,
    stop: (result: ExecutionResult) => void,
  ): { onExecuteDone?: (p: { result: unknown; setResult: (r: ExecutionResult) => void }) => void } | undefined => {
    const cost = costOf(args);
    if (!cost) return undefined;
    if (cost.nodes > cost.limit) {
      stop({ errors: [tooComplex(cost)] });
      return undefined;
    }
    if (!wantsCost(args.contextValue)) return undefined;
    return {
      onExecuteDone: ({ result, setResult }) => {
        // A stream's events are not single results; its cost is reported only on refusal.
        if (!result || typeof result !== 'object' || Symbol.asyncIterator in result) return;
        const single = result as ExecutionResult;
        setResult({ ...single, extensions: { ...single.extensions, cost: { ...cost } } });
      },
    };
  };
  return {
    onExecute: ({ args, setResultAndStopExecution }) => check(args, setResultAndStopExecution),
    onSubscribe: ({ args, setResultAndStopExecution }) => {
      check(args, setResultAndStopExecution as (r: ExecutionResult) => void);
    },
  };
}
