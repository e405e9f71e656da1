import { type GraphQLSchema, lexicographicSortSchema } from 'graphql';
import { auditMutations } from './audit-mutations.js';
import { builder } from './builder.js';
import { resolveNodeIdsSynchronously } from './node-ids.js';
import './scalars.js';
import './errors.js';
import './viewer.js';
import './providers.js';
import './specs.js';
import './instances.js';
import './instance-mutations.js';
import './releases.js';
import './operations.js';
import './events.js';
import './secrets.js';
import './subscriptions.js';
import './webhooks.js';
import './sources.js';
import './autoscaling.js';
import './routes.js';
import './rollouts.js';
import './builds.js';
import './kept-volumes.js';
import './jobs.js';
import './backups.js';
import './schedules.js';
import './audit.js';
import './identity.js';

builder.queryType({ description: 'Reads. Every field needs a token; most need READ.' });
builder.mutationType({
  description: 'Writes. Provider-touching ones return an Operation at once (or at its end with `wait`).',
});
builder.subscriptionType({
  description: 'Live streams over graphql-ws or SSE. Each starts from a cursor or a snapshot and says when it ends.',
});

/** Builds the schema. Pure: importing the domain files defines types, nothing starts. */
export function buildSchema(): GraphQLSchema {
  return auditMutations(resolveNodeIdsSynchronously(lexicographicSortSchema(builder.toSchema())));
}
