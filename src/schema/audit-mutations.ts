import { errorTypeMap } from '@pothos/plugin-errors';
import { encodeGlobalID } from '@pothos/plugin-relay';
import {
  defaultFieldResolver,
  type GraphQLArgument,
  GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLInputType,
  type GraphQLSchema,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';
import { loggedActor } from '../control/audit.js';
import type { AuditActor } from '../control/audit-chain.js';
import { DomainError } from '../control/errors.js';
import type { GraphQLContext } from './context.js';

/** The most ids one entry keeps from arguments (a list argument cannot make an entry unbounded). */
const MAX_ARGUMENT_TARGETS = 20;

/** What a global id looks like (Relay's base64 of "Type:id"). */
const GLOBAL_ID = /^[A-Za-z0-9+/=]{1,200}$/;

/**
 * The values of the arguments typed `ID` (at any depth of input objects and
 * lists): global ids, never secrets. Every other value is left out, a JSON
 * argument's content included, whatever its keys are called.
 */
export function argumentTargetIds(args: Record<string, unknown>, defs: readonly GraphQLArgument[]): string[] {
  const out: string[] = [];
  const walk = (value: unknown, type: GraphQLInputType): void => {
    if (out.length >= MAX_ARGUMENT_TARGETS || value === null || value === undefined) return;
    const t = isNonNullType(type) ? type.ofType : type;
    if (isListType(t)) {
      if (Array.isArray(value)) for (const v of value) walk(v, t.ofType);
      return;
    }
    if (isInputObjectType(t)) {
      const fields = t.getFields();
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (fields[k]) walk(v, fields[k].type);
      return;
    }
    if (isScalarType(t) && t.name === 'ID' && (typeof value === 'string' || typeof value === 'number')) {
      // A global id is short base64; anything else sent as an id (garbage, a NUL text cannot hold) names nothing.
      const id = String(value);
      if (GLOBAL_ID.test(id)) out.push(id);
    }
  };
  for (const def of defs) walk(args[def.name], def.type);
  return out;
}

/** The typed error a mutation answered with (the errors plugin returns it as the result, proxied), or null. */
function errorTypeOfResult(result: unknown): string | null {
  if (result instanceof Error) return result.name;
  if (typeof result === 'object' && result !== null && errorTypeMap.has(result)) return String((result as Error).name);
  return null;
}

/** The error a mutation threw, as the audit log names it. */
function errorTypeOfThrown(err: unknown): string {
  if (err instanceof DomainError) return err.name;
  if (err instanceof GraphQLError) {
    const code = err.extensions?.code;
    return typeof code === 'string' ? code : 'GraphQLError';
  }
  return 'InternalError';
}

/** Who is calling: the principal's actor, else its token (global id and name). */
async function actorOf(ctx: GraphQLContext): Promise<AuditActor> {
  const { principal } = ctx;
  if (principal.actor) return loggedActor(principal.actor);
  // The name came with the token when it was authenticated; a principal made elsewhere (tests, the bootstrap) reads it.
  const name =
    principal.tokenName ?? (await ctx.services.tokens.byIds(principal.tenantId, [principal.tokenId]))[0]?.name;
  return { kind: 'TOKEN', id: encodeGlobalID('ApiToken', principal.tokenId), name: name ?? null };
}

/**
 * Records every root Mutation field in the audit log: each resolver (the
 * scope check and the errors plugin included, so a refusal is recorded too)
 * runs inside its entry's context. The entry is written in the mutation's
 * committed transaction, or on its own when nothing committed; its outcome is
 * the typed error answered or thrown. Only the ids among the arguments are
 * kept (arguments typed ID), never another argument's value.
 */
export function auditMutations(schema: GraphQLSchema): GraphQLSchema {
  const mutation = schema.getMutationType();
  for (const field of Object.values(mutation?.getFields() ?? {})) {
    const inner = (field.resolve ?? defaultFieldResolver) as GraphQLFieldResolver<unknown, GraphQLContext>;
    const action = field.name;
    const resolve: GraphQLFieldResolver<unknown, GraphQLContext> = async (root, args, ctx, info) => {
      const audit = ctx.services.audit.forMutation({
        tenantId: ctx.principal.tenantId,
        actor: await actorOf(ctx),
        action,
        targetIds: argumentTargetIds(args, field.args),
        ip: ctx.ip ?? null,
        requestId: ctx.requestId,
      });
      let result: unknown;
      try {
        result = await audit.run(async () => inner(root, args, ctx, info));
      } catch (err) {
        await audit.finish(errorTypeOfThrown(err));
        throw err;
      }
      await audit.finish(errorTypeOfResult(result));
      return result;
    };
    field.resolve = resolve as GraphQLFieldResolver<unknown, unknown>;
  }
  return schema;
}
