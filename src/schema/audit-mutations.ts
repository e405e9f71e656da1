import { errorTypeMap } from '@pothos/plugin-errors';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { defaultFieldResolver, GraphQLError, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { AuditActor } from '../control/audit-chain.js';
import { DomainError } from '../control/errors.js';
import type { GraphQLContext } from './context.js';

/** Arguments named like ids (`id`, `instanceId`, `releaseIds`…): their values are global ids, never secrets. */
const ID_KEY = /^(id|[a-zA-Z]+Id|[a-zA-Z]*Ids)$/;

/** The most ids one entry keeps from arguments (a list argument cannot make an entry unbounded). */
const MAX_ARGUMENT_TARGETS = 20;

/** The global ids among a mutation's arguments, at any depth; every other value is left out. */
export function argumentTargetIds(args: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key: string | undefined): void => {
    if (out.length >= MAX_ARGUMENT_TARGETS || v === null || v === undefined) return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, key);
      return;
    }
    if (typeof v === 'object' && !(v instanceof Date)) {
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) walk(x, k);
      return;
    }
    if (key !== undefined && ID_KEY.test(key) && (typeof v === 'string' || typeof v === 'number')) {
      const id = String(v);
      // A global id is short base64; anything else under an id's name is not kept.
      if (id.length <= 200 && /^[A-Za-z0-9+/=]+$/.test(id)) out.push(id);
    }
  };
  walk(args, undefined);
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
  if (principal.actor) return principal.actor;
  const [token] = await ctx.services.tokens.byIds(principal.tenantId, [principal.tokenId]);
  return { kind: 'TOKEN', id: encodeGlobalID('ApiToken', principal.tokenId), name: token?.name ?? null };
}

/**
 * Records every root Mutation field in the audit log: each resolver (the
 * scope check and the errors plugin included, so a refusal is recorded too)
 * runs inside its entry's context. The entry is written in the mutation's
 * committed transaction, or on its own when nothing committed; its outcome is
 * the typed error answered or thrown. Only the ids among the arguments are
 * kept, never another argument's value.
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
        targetIds: argumentTargetIds(args),
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
