import { builder } from './builder.js';

/** `ResourceSpecInput.autoscale` (in its own file: specs.ts imports it, and autoscaling.ts imports specs.ts). */
export const AutoscaleInputRef = builder.inputType('AutoscaleInput', {
  description:
    'Replicas that follow the load between minReplicas and maxReplicas, by the HPA rule (desired = ceil(current × observed / target), 10 % tolerance). At least one target.',
  fields: (t) => ({
    minReplicas: t.int({
      required: true,
      description: 'Fewest replicas (1–50; 0, scale to zero, only for a routed service).',
    }),
    maxReplicas: t.int({ required: true, description: 'Most replicas (up to the replica cap, 50).' }),
    targetCpuPercent: t.int({
      description: "CPU per replica, in percent of the service's cpuMillis (of one core when unset), 1–100.",
    }),
    targetRequestsPerSecond: t.float({ description: 'Requests per second per replica, measured at the edge.' }),
    scaleUpStabilizationSeconds: t.int({
      defaultValue: 0,
      description: 'Scale up only to the lowest recommendation of this window (0–3600 s).',
    }),
    scaleDownStabilizationSeconds: t.int({
      defaultValue: 300,
      description: 'Scale down only to the highest recommendation of this window (0–3600 s).',
    }),
  }),
});
