import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Principal } from '../control/scopes.js';
import { type Authenticators, authenticateCredentials } from './auth.js';

/** What replaces a "Did you mean …?" for a caller without a live token. */
export const SUGGESTION_MASK = '[Suggestion hidden]';

const DID_YOU_MEAN = /Did you mean .+\?/g;

/** The part of yoga's server context this plugin reads and fills. */
interface PrincipalContext {
  principal?: Principal;
}

/**
 * GraphQL's "Did you mean …?" suggestions for callers with a live token, hidden
 * from everyone else. The schema is not public (introspection needs a token too)
 * and suggestions would let anyone spell it out field by field; a signed-in user
 * may read the whole schema, so hiding them there only hid the fix for a typo.
 *
 * Validation runs before yoga builds the context, so the HTTP request is
 * authenticated here, once, as its parameters arrive: the principal is kept on
 * the server context, where the context factory (yoga.ts) takes it instead of
 * asking the token service again. A WebSocket operation always carries its
 * connection's principal, so it is never masked.
 *
 * The mask is applied to the result, not in validation: yoga caches validation
 * results by document for every caller, and a masked entry would then reach a
 * signed-in user too.
 */
export function useFieldSuggestionsForAuthenticated(
  auth: Authenticators,
): Plugin<Record<string, never>, PrincipalContext> {
  return {
    async onParams({ request, context }) {
      context.principal ??= await authenticateCredentials(auth, {
        authorization: request.headers.get('authorization'),
        cookie: request.headers.get('cookie'),
      });
    },
    onExecutionResult({ result, setResult, context }) {
      if (context.principal || !result || Symbol.asyncIterator in result || !result.errors?.length) return;
      setResult({ ...result, errors: result.errors.map(maskSuggestion) });
    },
  };
}

function maskSuggestion(error: GraphQLError): GraphQLError {
  const message = error.message.replace(DID_YOU_MEAN, SUGGESTION_MASK);
  if (message === error.message || !(error instanceof GraphQLError)) return error;
  // A copy: the original may sit in yoga's validation cache, shared with signed-in callers.
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}
