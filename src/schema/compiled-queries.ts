import { useGraphQlJit } from '@envelop/graphql-jit';
import { type DocumentNode, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';

const isQuery = new WeakMap<DocumentNode, Map<string, boolean>>();

/** Whether the operation to run is a query (yoga's parse cache hands out one document object per text). */
function queryOperation(document: DocumentNode, operationName: string | null | undefined): boolean {
  let byName = isQuery.get(document);
  if (!byName) {
    byName = new Map();
    isQuery.set(document, byName);
  }
  const key = operationName ?? '';
  let answer = byName.get(key);
  if (answer === undefined) {
    answer = getOperationAST(document, operationName)?.operation === 'query';
    byName.set(key, answer);
  }
  return answer;
}

/**
 * Queries run compiled by graphql-jit, once per document: the read path
 * dashboards poll. Mutations (result unions, rate limits) keep graphql-js,
 * whose behaviour the suite pins; shared subscription events are compiled on
 * their own path (src/server/subscribe-shared.ts), not through this plugin.
 */
export function useCompiledQueries(): Plugin {
  return useGraphQlJit({}, { enableIf: (args) => queryOperation(args.document, args.operationName) }) as Plugin;
}
