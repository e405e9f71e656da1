import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ErrorsPlugin from '@pothos/plugin-errors';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { ForbiddenError, ValidationError } from '../control/errors.js';
import { type Scope, Scopes } from '../control/scopes.js';
import type { GraphQLContext } from './context.js';
import { nodeCost } from './node-cost.js';

/** The most ids one `nodes(ids)` call takes. */
export const MAX_NODE_IDS = 100;

/** The scopes fields declare; each maps one to one onto a token scope. */
export interface AuthScopes {
  read: boolean;
  deploy: boolean;
  exec: boolean;
  logs: boolean;
  secretsWrite: boolean;
  admin: boolean;
  system: boolean;
  audit: boolean;
}

const scopeOf: Record<keyof AuthScopes, Scope> = {
  read: Scopes.read,
  deploy: Scopes.deploy,
  exec: Scopes.exec,
  logs: Scopes.logs,
  secretsWrite: Scopes.secretsWrite,
  admin: Scopes.admin,
  system: Scopes.system,
  audit: Scopes.audit,
};

/** The one scope a failed check names (Pothos wraps even a single scope in an "any" failure). */
function scopeOfFailure(f: { kind: string; scope?: string; failures?: unknown[] }): Scope | undefined {
  if (f.kind === 'AuthScope') return scopeOf[f.scope as keyof AuthScopes];
  if ((f.kind === 'AnyAuthScopes' || f.kind === 'AllAuthScopes') && f.failures?.length === 1) {
    return scopeOfFailure(f.failures[0] as { kind: string });
  }
  return undefined;
}

/** Every scope a failed check would have accepted. */
function scopesOfFailure(f: { kind: string; scope?: string; failures?: unknown[] }): Scope[] {
  if (f.kind === 'AuthScope') {
    const scope = scopeOf[f.scope as keyof AuthScopes];
    return scope ? [scope] : [];
  }
  return (f.failures ?? []).flatMap((x) => scopesOfFailure(x as { kind: string }));
}

/** A scope as the API's enum spells it (`secrets:write` → `SECRETS_WRITE`). */
function scopeName(scope: Scope): string {
  return scope.toUpperCase().replace(':', '_');
}

/**
 * The builder and its plugins; no types are defined here. The errors plugin is
 * listed before scope-auth so a missing scope on a mutation becomes the typed
 * ForbiddenError member of its result union.
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: AuthScopes;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
    /** A multipart request's file (the fetch API's File, as yoga hands it over). */
    Upload: { Input: import('../control/builds-inputs.js').UploadedFile; Output: never };
    ID: { Input: string; Output: string };
  };
}>({
  plugins: [ErrorsPlugin, ScopeAuthPlugin, RelayPlugin, DataloaderPlugin, ComplexityPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authorizeOnSubscribe: true,
    authScopes: (ctx) => ({
      read: ctx.principal.scopes.has(Scopes.read),
      deploy: ctx.principal.scopes.has(Scopes.deploy),
      exec: ctx.principal.scopes.has(Scopes.exec),
      // The token's own LOGS only; fields that EXEC also opens (the logs) declare both, so a refusal names both.
      logs: ctx.principal.scopes.has(Scopes.logs),
      secretsWrite: ctx.principal.scopes.has(Scopes.secretsWrite),
      admin: ctx.principal.scopes.has(Scopes.admin),
      system: ctx.principal.scopes.has(Scopes.system),
      // The token's own AUDIT only; the audit fields declare ADMIN beside it (ADMIN carries AUDIT).
      audit: ctx.principal.scopes.has(Scopes.audit),
    }),
    unauthorizedError: (_parent, _ctx, _info, result) => {
      const scope = scopeOfFailure(result.failure);
      if (scope) return new ForbiddenError(`this needs the ${scopeName(scope)} scope`, scope);
      // A field open to several scopes names them all, so the user knows what to ask for.
      const any = scopesOfFailure(result.failure).map(scopeName);
      return new ForbiddenError(any.length > 0 ? `this needs one of the ${any.join(', ')} scopes` : 'not allowed');
    },
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodeQueryOptions: {
      authScopes: { read: true },
      description: "Fetches any object by its global id (only your tenant's).",
    },
    nodesQueryOptions: {
      authScopes: { read: true },
      description: `Fetches objects by global ids (at most ${MAX_NODE_IDS}); unknown or foreign ids are null.`,
      // One request must not fan out into unbounded loads: past the cap the
      // query field fails with BAD_USER_INPUT naming the argument, as other list limits do.
      resolve: (_root, args, _ctx, _info, resolveNodes) => {
        if (args.ids.length > MAX_NODE_IDS) throw ValidationError.of(['ids'], `at most ${MAX_NODE_IDS} ids`);
        return resolveNodes(args.ids);
      },
    },
  },
  errors: {
    defaultTypes: [],
    directResult: true,
  },
  // Every field's cost in nodes (node-cost.ts); the server refuses a document over the limit before it
  // runs (server/query-cost.ts), so the plugin's own check inside root resolvers stays off.
  complexity: { fieldComplexity: nodeCost, disabled: true },
});
