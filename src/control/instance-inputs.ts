import type { DeployStrategy } from '../providers/provider.js';
import type { BuildSpecInput } from './builds-inputs.js';
import type { MutationControl } from './idempotency.js';
import type { BlueGreenInput, CanaryInput } from './rollout-inputs.js';
import type { ScheduleSpec } from './schedules.js';
import type { SetChangeInput } from './service-set-change.js';
import type { WorkloadSourceInput } from './source-specs.js';
import type { HealthCheckInput, PortInput, ResourceInput, ServiceSpecInput } from './spec-validation.js';

// The inputs of the lifecycle commands, as the schema passes them (validated by the commands).

/** The fields of every mutation on an existing instance. */
export interface OnInstance extends MutationControl {
  instanceId: string;
  expectedVersion?: number | null;
}

export interface ProvisionInput extends MutationControl {
  name: string;
  provider?: string | null;
  kind?: 'deployment' | 'stateful_set' | null;
  services: readonly ServiceSpecInput[];
  labels?: readonly { key: string; value: string }[] | null;
  readiness?: { timeoutSeconds?: number | null; intervalSeconds?: number | null } | null;
  /** A workload source instead of services (then `services` is empty). */
  source?: WorkloadSourceInput | null;
  /** Services the provision's routes reach (`ProvisionInstanceInput.routes`): scale to zero is only for them. */
  routedServices?: readonly string[];
  /** Schedules created with the instance (issue 35). */
  schedules?: readonly ScheduleSpec[] | null;
}

export interface ServiceDeployInput {
  name: string;
  /** Exactly one of image or build. */
  image?: string | null;
  /** Build the new image from source first (issue 33). */
  build?: BuildSpecInput | null;
  env?: readonly { name: string; value: string }[] | null;
  command?: readonly string[] | null;
  args?: readonly string[] | null;
  ports?: readonly PortInput[] | null;
  resources?: ResourceInput | null;
  healthCheck?: HealthCheckInput | null;
  dependsOn?: ServiceSpecInput['dependsOn'];
  secrets?: ServiceSpecInput['secrets'];
  volumes?: ServiceSpecInput['volumes'];
}

export interface DeployInput extends OnInstance, SetChangeInput {
  services: readonly ServiceDeployInput[];
  strategy?: DeployStrategy | null;
  /** Strategy CANARY: the steps and the analysis. */
  canary?: CanaryInput | null;
  /** Strategy BLUE_GREEN: promotion and the old set's delay. */
  blueGreen?: BlueGreenInput | null;
  /** A new source for a source instance (then `services` is empty). */
  source?: WorkloadSourceInput | null;
  /** A command run as a job in the new release's image before anything of it is created (issue 35). */
  releaseCommand?: { service: string; command: readonly string[]; timeoutSeconds?: number | null } | null;
}
export interface ScaleInput extends OnInstance {
  service?: string | null;
  resources: ResourceInput;
}
/** A teardown; `deleteVolumes` also deletes the volumes and their data. */
export interface DeprovisionInput extends OnInstance {
  deleteVolumes?: boolean;
}
export interface RollbackInput extends OnInstance {
  releaseId: string;
  /** ROLLING when absent; CANARY takes `canary`, BLUE_GREEN `blueGreen`. */
  strategy?: DeployStrategy | null;
  canary?: CanaryInput | null;
  blueGreen?: BlueGreenInput | null;
}
