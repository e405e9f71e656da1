import DataLoader from 'dataloader';
import { type AutoscaleStatusView, autoscaleStatuses, statusView } from '../control/autoscale-status.js';
import type { AutoscaleStateRow } from '../db/database.js';
import type { AutoscalePolicy } from '../providers/autoscaling.js';
import { builder } from './builder.js';
import type { GraphQLContext as Context } from './context.js';
import { InstanceServiceRef } from './refs.js';
import { ResourceSpecRef } from './specs.js';

export const AutoscalePolicyRef = builder.objectRef<AutoscalePolicy>('AutoscalePolicy').implement({
  description: "A service's autoscaling policy (defaults applied).",
  fields: (t) => ({
    minReplicas: t.exposeInt('minReplicas', { description: 'Fewest replicas.' }),
    maxReplicas: t.exposeInt('maxReplicas', { description: 'Most replicas.' }),
    targetCpuPercent: t.int({
      nullable: true,
      description: "Target CPU per replica, percent of the service's cpuMillis (of one core when unset).",
      resolve: (p) => p.targetCpuPercent ?? null,
    }),
    targetRequestsPerSecond: t.float({
      nullable: true,
      description: 'Target requests per second per replica.',
      resolve: (p) => p.targetRequestsPerSecond ?? null,
    }),
    scaleUpStabilizationSeconds: t.exposeInt('scaleUpStabilizationSeconds', {
      description: 'Scale-up stabilization window in seconds.',
    }),
    scaleDownStabilizationSeconds: t.exposeInt('scaleDownStabilizationSeconds', {
      description: 'Scale-down stabilization window in seconds.',
    }),
  }),
});

export const AutoscaleStatusRef = builder.objectRef<AutoscaleStatusView>('AutoscaleStatus').implement({
  description: "The autoscaler's last sample and decision for a service (on Kubernetes: its HPA's status).",
  fields: (t) => ({
    currentReplicas: t.exposeInt('currentReplicas', { description: 'Replicas when last sampled.' }),
    desiredReplicas: t.exposeInt('desiredReplicas', { description: 'Replicas last decided.' }),
    cpuPercent: t.float({
      nullable: true,
      description: 'Last CPU sample, percent of cpuMillis averaged over replicas.',
      resolve: (s) => s.cpuPercent,
    }),
    requestsPerSecond: t.float({
      nullable: true,
      description: 'Last requests-per-second sample per replica.',
      resolve: (s) => s.requestsPerSecond,
    }),
    lastScaleAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the autoscaler last changed the replicas.',
      resolve: (s) => s.lastScaleAt,
    }),
    message: t.string({
      nullable: true,
      description: 'Why it decided so, or why it could not.',
      resolve: (s) => s.message,
    }),
  }),
});

builder.objectField(ResourceSpecRef, 'autoscale', (t) =>
  t.field({
    type: AutoscalePolicyRef,
    nullable: true,
    description: 'The autoscaling policy; null when replicas are as set.',
    resolve: (r) => r.autoscale ?? null,
  }),
);

/** One loader per request: a page of instances reads its autoscale states in one statement. */
const statusLoaders = new WeakMap<object, DataLoader<string, Map<string, AutoscaleStateRow>>>();
function statesOf(ctx: Context, instanceId: string) {
  let loader = statusLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids) => {
      const all = await autoscaleStatuses(ctx.services.instances.db, ctx.principal.tenantId, ids);
      return ids.map(() => all);
    });
    statusLoaders.set(ctx, loader);
  }
  return loader.load(instanceId);
}

builder.objectField(InstanceServiceRef, 'autoscale', (t) =>
  t.field({
    type: AutoscaleStatusRef,
    nullable: true,
    description: "The autoscaler's status for this service; null when it has no policy.",
    resolve: async (s, _a, ctx) => {
      if (!s.spec.resources.autoscale) return null;
      const states = await statesOf(ctx, s.instance.id);
      return statusView(states.get(`${s.instance.id}/${s.name}`), s.spec.resources.replicas ?? 1);
    },
  }),
);
