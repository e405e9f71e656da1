import { type ExecutionArgs, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { graphqlRequestSeconds, graphqlRequests, operationLabel } from '../control/metrics.js';

/** HTTP requests that reached execution (the rest were refused: auth, parse, validation, limits). */
const executed = new WeakSet<Request>();
/** Contexts whose subscription the plugin counted (the WebSocket path counts the rest). */
const countedSubscriptions = new WeakSet<object>();
/** The operation name a request asked for, kept for requests refused before a document was parsed. */
const askedFor = new WeakMap<Request, string | undefined>();

const FIRST_OPERATION = /^\s*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/;

/**
 * Counts and times GraphQL requests by operation name, kind and outcome.
 * It hooks envelop's execute and subscribe, which both transports run (the
 * WebSocket server uses yoga's enveloped pipeline), so HTTP and WebSocket
 * operations count alike; HTTP requests refused before execution (no or a
 * revoked token, a parse or validation error, a request limit) count with
 * kind `none` and outcome `refused`.
 */
export function requestMetricsPlugin(): Plugin {
  return {
    onParams({ params, request }) {
      // Named by the request, else by its document's first operation (not parsed yet: a refusal may come first).
      askedFor.set(request, params.operationName ?? FIRST_OPERATION.exec(params.query ?? '')?.[1]);
    },
    onExecute({ args }) {
      const request = (args.contextValue as { request?: Request }).request;
      if (request) executed.add(request);
      const op = getOperationAST(args.document, args.operationName);
      const labels = { operation: operationLabel(op?.name?.value), kind: op?.operation ?? 'query' };
      const started = performance.now();
      return {
        onExecuteDone({ result }) {
          // An incremental (@defer/@stream) result counts as ok once it starts.
          const outcome = 'errors' in result && result.errors?.length ? 'error' : 'ok';
          graphqlRequests.inc({ ...labels, outcome });
          graphqlRequestSeconds.observe({ ...labels, outcome }, (performance.now() - started) / 1000);
        },
      };
    },
    onSubscribe({ args }) {
      const request = (args.contextValue as { request?: Request }).request;
      if (request) executed.add(request);
      countedSubscriptions.add(args.contextValue);
      const op = getOperationAST(args.document, args.operationName);
      const labels = { operation: operationLabel(op?.name?.value), kind: 'subscription' };
      const started = performance.now();
      return {
        onSubscribeResult({ result }) {
          const outcome = 'errors' in result && result.errors?.length ? 'error' : 'ok';
          graphqlRequests.inc({ ...labels, outcome });
          graphqlRequestSeconds.observe({ ...labels, outcome }, (performance.now() - started) / 1000);
        },
      };
    },
    onResultProcess({ request }) {
      if (executed.has(request)) return;
      graphqlRequests.inc({ operation: operationLabel(askedFor.get(request)), kind: 'none', outcome: 'refused' });
    },
  };
}

/**
 * Counts a WebSocket subscription: those share one execution per event
 * (subscribe-shared.ts) and so bypass envelop's subscribe, unless they fall
 * back to it (then the plugin counted them already). Returns `result` as is.
 */
export async function countWsSubscription<T>(args: ExecutionArgs, result: T | Promise<T>): Promise<T> {
  const started = performance.now();
  const settled = await result;
  if (countedSubscriptions.has(args.contextValue as object)) return settled;
  const op = getOperationAST(args.document, args.operationName);
  const failed = settled !== null && typeof settled === 'object' && 'errors' in settled && !!settled.errors;
  const labels = { operation: operationLabel(op?.name?.value), kind: 'subscription', outcome: failed ? 'error' : 'ok' };
  graphqlRequests.inc(labels);
  graphqlRequestSeconds.observe(labels, (performance.now() - started) / 1000);
  return settled;
}
