import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import {
  type GraphQLErrorLike,
  isConnectionFailure,
  WheelhouseAbortError,
  WheelhouseAuthError,
  WheelhouseRequestError,
  WheelhouseUnreachableError,
} from './errors.js';

/** What the HTTP transport needs to send one request. */
export interface HttpTarget {
  url: string;
  token: string | undefined;
  fetch: typeof fetch;
}

// Printing a document is not free and the same few are sent again and again.
const printed = new WeakMap<object, string>();
/** The document's text (printed once per document). */
export function queryText(document: TypedDocumentNode<unknown, unknown>): string {
  let text = printed.get(document);
  if (text === undefined) {
    text = print(document);
    printed.set(document, text);
  }
  return text;
}

/**
 * Sends a query or mutation as a GraphQL-over-HTTP POST and returns its data.
 * Maps failures to the client's error classes: unreachable, 401, and errors of
 * the request as a whole.
 */
export async function postGraphQL<TResult, TVariables>(
  target: HttpTarget,
  document: TypedDocumentNode<TResult, TVariables>,
  variables: TVariables | undefined,
  signal: AbortSignal | undefined,
): Promise<TResult> {
  let res: Response;
  try {
    res = await target.fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
      },
      body: JSON.stringify({ query: queryText(document as TypedDocumentNode<unknown, unknown>), variables }),
      ...(signal ? { signal } : {}),
    });
  } catch (err) {
    if (signal?.aborted) throw new WheelhouseAbortError();
    if (isConnectionFailure(err)) throw new WheelhouseUnreachableError(target.url, { cause: err });
    throw err;
  }
  return readGraphQLResponse<TResult>(res);
}

/** Reads a GraphQL-over-HTTP answer: its data, or the client's error for a 401, a bad body or errors. */
export async function readGraphQLResponse<TResult>(res: Response): Promise<TResult> {
  const text = await res.text();
  let body: { data?: TResult | null; errors?: GraphQLErrorLike[] } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  if (res.status === 401) {
    throw new WheelhouseAuthError(body?.errors?.[0]?.message ?? 'the server refused the token (HTTP 401)');
  }
  if (!body) throw new WheelhouseRequestError([], res.status, `HTTP ${res.status}: ${text.slice(0, 200)}`);
  if (body.errors?.length) throw new WheelhouseRequestError(body.errors, res.status);
  if (!res.ok || !body.data) throw new WheelhouseRequestError([], res.status);
  return body.data;
}
