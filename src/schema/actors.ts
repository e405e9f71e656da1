/**
 * Who did something: a token, a person, a CI trust policy, or Wheelhouse
 * itself (the supervisor, the autoscaler). Events name their actor here; the
 * audit log will too. A token's actor is resolved through the token loader,
 * so a page of events costs one statement for their names however many
 * there are.
 */

import { encodeGlobalID } from '@pothos/plugin-relay';
import type { Event } from '../control/model.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { ApiTokenRef } from './viewer.js';

/** The kinds of actor, as the API names them. */
export const ActorKinds = ['TOKEN', 'USER', 'TRUST_POLICY', 'SYSTEM'] as const;
/** One kind of actor. */
export type ActorKind = (typeof ActorKinds)[number];

/** An actor as the API shows it. */
export interface ActorView {
  kind: ActorKind;
  /** The token's global id, the person's subject, the policy's id, or the system part's name. */
  id: string;
  /** For people to read: the token's name, the person's name, `autoscaler`. */
  name: string | null;
}

export const ActorKindEnum = builder.enumType('ActorKind', {
  description: 'What kind of caller an actor is.',
  values: {
    TOKEN: { description: 'An API token (its global id and name).' },
    USER: { description: 'A person signed in through the OpenID Connect provider.' },
    TRUST_POLICY: { description: "A CI system's token exchanged under a trust policy." },
    SYSTEM: { description: 'Wheelhouse itself: the supervisor, the autoscaler, git syncs, schedules.' },
  },
});

export const ActorRef = builder.objectRef<ActorView>('Actor').implement({
  description: 'Who did something.',
  fields: (t) => ({
    kind: t.field({ type: ActorKindEnum, description: 'What kind of caller.', resolve: (a) => a.kind }),
    id: t.exposeString('id', {
      description: "The token's global id, the person's subject, the policy's id, or the system part's name.",
    }),
    name: t.exposeString('name', { nullable: true, description: 'A name for people, when there is one.' }),
  }),
});

/** The system part that wrote an event Wheelhouse did on its own (`data.requestedBy`), or `wheelhouse`. */
function systemPart(e: Event): string {
  const by = (e.data as { requestedBy?: unknown } | null | undefined)?.requestedBy;
  return typeof by === 'string' && by.length > 0 && by.length <= 64 ? by : 'wheelhouse';
}

/**
 * The actor of an event: the token recorded with it, else the token that
 * asked for its operation (an executor writes the steps of a deploy someone
 * queued), else Wheelhouse itself.
 */
export async function actorOfEvent(e: Event, ctx: GraphQLContext): Promise<ActorView> {
  let tokenId = e.actorTokenId;
  if (!tokenId && e.operationId) tokenId = (await ctx.loaders.operation.load(e.operationId))?.requestedBy ?? null;
  if (tokenId) {
    const token = await ApiTokenRef.getDataloader(ctx)
      .load(tokenId)
      .catch(() => null);
    return { kind: 'TOKEN', id: encodeGlobalID('ApiToken', tokenId), name: token?.name ?? null };
  }
  const part = systemPart(e);
  return { kind: 'SYSTEM', id: part, name: part };
}
